import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { enrolFormSchema, renewFormSchema } from "@app/shared/api/plans";
import { formatCents } from "@app/shared/money/money";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { useSchemaForm } from "~/utils/schema-form";
import type { customerMemberships } from "./customer-memberships.server";
import { MEMBERSHIP_INTENTS } from "./membership-intents";

type Section = Awaited<ReturnType<typeof customerMemberships>>;
type Membership = Section["memberships"][number];

const visitWords = { due: "to be placed", placed: "placed", to_place: "to place by hand", dropped: "dropped" } as const;

/**
 * The customer record's "Plans" (docs/product.md#plans): each membership with its status, price, renewal and
 * visits, and its Cancel (at the period's end), Pause or Resume, Record renewal (paid to the office); and the
 * form to enrol the customer in a plan, paid by check. `section` wraps it in the record's card.
 */
export function MembershipsSection({
  data,
  canEnrol,
  lastResult,
  renewResult,
  section,
}: {
  data: Section;
  canEnrol: boolean;
  /** The enrol form's last answer, and the renewal form's (shown by the membership it was posted for). */
  lastResult?: SubmissionResult<string[]>;
  renewResult?: SubmissionResult<string[]>;
  section: (children: ReactNode, icon: ReactNode) => ReactNode;
}) {
  return section(
    <div className="grid gap-4">
      {data.memberships.length === 0 ? <p className="text-sm text-slate-700">Not a member of any plan.</p> : null}
      {data.memberships.map((m) => (
        <MembershipCard key={m.id} m={m} renewResult={renewResult} />
      ))}
      {canEnrol && data.plans.length ? <EnrolForm plans={data.plans} lastResult={lastResult} /> : null}
    </div>,
    <ShieldCheck aria-hidden="true" className="size-5 text-brand-700" />,
  );
}

function MembershipCard({ m, renewResult }: { m: Membership; renewResult?: SubmissionResult<string[]> }) {
  const ended = m.status === "cancelled" || m.status === "expired";
  return (
    <article aria-label={`${m.planName}: ${m.statusLabel}`} className="rounded-lg border border-slate-200 p-3">
      <h3 className="font-semibold text-slate-900">{m.planName}</h3>
      <p className="text-sm text-slate-800">
        {`${m.statusLabel}${m.cancelAtPeriodEnd && !ended ? ", cancelled (ends at the period's end)" : ""} · ${formatCents(m.priceCents)} ${m.interval === "year" ? "a year" : "a month"} · ${m.paysOnline ? "card (Stripe)" : "paid to the office"}`}
      </p>
      {m.renewsOnText && !ended ? (
        <p className="text-sm text-slate-700">{`${m.cancelAtPeriodEnd ? "Ends" : "Renews"} on ${m.renewsOnText}`}</p>
      ) : null}
      {m.visits.length ? (
        <ul className="mt-2 space-y-1 text-sm">
          {m.visits.map((v) => (
            <li key={v.id}>
              {v.bookingId ? (
                <Link
                  to={`/admin/bookings/${v.bookingId}`}
                  className="inline-flex min-h-11 items-center font-medium text-brand-700 underline md:min-h-0"
                >
                  {`Visit due ${v.due}: ${visitWords[v.state]}`}
                </Link>
              ) : (
                <span>{`Visit due ${v.due}: ${visitWords[v.state]}${v.note ? ` (${v.note})` : ""}`}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {ended ? null : (
        <div className="mt-3 flex flex-wrap gap-2">
          {m.status === "active" && !m.paysOnline && !m.cancelAtPeriodEnd ? (
            <RenewForm m={m} lastResult={renewResult} />
          ) : null}
          {m.status === "active" ? <IntentForm intent={MEMBERSHIP_INTENTS.pause} m={m} label="Pause" /> : null}
          {m.status === "paused" ? <IntentForm intent={MEMBERSHIP_INTENTS.resume} m={m} label="Resume" /> : null}
          {!m.cancelAtPeriodEnd ? (
            <IntentForm intent={MEMBERSHIP_INTENTS.cancel} m={m} label="Cancel at period end" destructive />
          ) : null}
        </div>
      )}
    </article>
  );
}

/** Record renewal: a renewal paid to the office, with the check's number (`renewFormSchema`, as the server reads it). */
function RenewForm({ m, lastResult }: { m: Membership; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const posting =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === MEMBERSHIP_INTENTS.renew &&
    navigation.formData.get("membershipId") === String(m.id);
  // The page has one answer: it belongs to the form of the membership it was posted for.
  const mine = lastResult?.initialValue?.membershipId === String(m.id) ? lastResult : undefined;
  const [form, fields] = useSchemaForm(renewFormSchema, { id: `renew-membership-${m.id}`, lastResult: mine });
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={MEMBERSHIP_INTENTS.renew} />
      <input type="hidden" name="membershipId" value={m.id} />
      <TextField
        field={fields.reference}
        label={`Check number for ${m.planName}'s renewal`}
        placeholder="Check number"
      />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        aria-disabled={posting || undefined}
        aria-label={`Record renewal (check): ${m.planName}`}
      >
        Record renewal (check)
      </Button>
    </Form>
  );
}

function IntentForm({
  intent,
  m,
  label,
  destructive = false,
}: {
  intent: string;
  m: Membership;
  label: string;
  destructive?: boolean;
}) {
  const navigation = useNavigation();
  const posting = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="membershipId" value={m.id} />
      <Button
        type="submit"
        size="sm"
        variant={destructive ? "destructive" : "outline"}
        aria-disabled={posting || undefined}
        aria-label={`${label}: ${m.planName}`}
      >
        {label}
      </Button>
    </Form>
  );
}

function EnrolForm({ plans, lastResult }: { plans: Section["plans"]; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const posting = navigation.state !== "idle" && navigation.formData?.get("intent") === MEMBERSHIP_INTENTS.enrol;
  const [form, fields] = useSchemaForm(enrolFormSchema, {
    id: "enrol-plan",
    lastResult,
    defaultValue: { interval: "year" },
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      preventScrollReset
      className="grid gap-3 border-t border-slate-200 pt-3"
    >
      <h3 className="font-semibold text-slate-900">Enrol in a plan</h3>
      <p className="text-xs text-slate-600">
        For a customer who pays the office (a check): the payment is recorded and the membership starts today. Online,
        the customer joins at /plans.
      </p>
      <input type="hidden" name="intent" value={MEMBERSHIP_INTENTS.enrol} />
      <SelectField field={fields.planId} label="Plan">
        <option value="">Choose a plan</option>
        {plans.map((p) => (
          <option key={p.id} value={p.id}>
            {`${p.name} (${formatCents(p.yearlyPriceCents)} a year${p.monthlyPriceCents ? `, ${formatCents(p.monthlyPriceCents)} a month` : ""})`}
          </option>
        ))}
      </SelectField>
      <SelectField field={fields.interval} label="Paid">
        <option value="year">Yearly</option>
        <option value="month">Monthly</option>
      </SelectField>
      <TextField field={fields.reference} label="Check number or note" />
      <Button type="submit" aria-disabled={posting || undefined}>
        Enrol and record the payment
      </Button>
    </Form>
  );
}
