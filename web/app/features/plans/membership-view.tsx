import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ShieldCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { formatCents } from "@app/shared/money/money";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { LinkPageFrame, LinkProblem } from "~/features/appointments/manage-view";
import type { membershipAction, membershipPage } from "./membership-page.server";

type Page = Extract<SerializeFrom<typeof membershipPage>, { ok: true }>;

const visitState = {
  due: "To be scheduled: we'll email the day and time",
  placed: "Scheduled",
  to_place: "Our office will call to schedule it",
  dropped: "",
} as const;

/** /membership/<token>: the member's page (features/plans/membership-page.server.ts). */
export function MembershipView() {
  const page = useLoaderData<typeof membershipPage>();
  if (!page.ok)
    return (
      <LinkPageFrame title="Your membership" icon={ShieldCheck}>
        <LinkProblem message={page.message} next={{ to: "/plans", label: "See our plans" }} />
      </LinkPageFrame>
    );
  return <Membership page={page} />;
}

function Membership({ page }: { page: Page }) {
  const { membership: m, visits, joined } = page;
  const posted = useActionData<typeof membershipAction>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (posted) outcome.current?.focus();
  }, [posted]);
  const ended = m.status === "cancelled" || m.status === "expired";
  return (
    <LinkPageFrame title={m.planName} icon={ShieldCheck}>
      {posted || (joined && m.status !== "pending") || (joined && m.status === "pending") ? (
        <div ref={outcome} tabIndex={-1} className="scroll-mt-24 rounded-lg focus:outline-none">
          {posted ? (
            <Alert tone={posted.ok ? "success" : "destructive"} role={posted.ok ? "status" : "alert"}>
              {posted.message}
            </Alert>
          ) : m.status === "pending" ? (
            <Alert tone="warning" role="status">
              Thank you! Your payment is being confirmed: this page shows your membership as soon as it is. Reload it in
              a moment.
            </Alert>
          ) : (
            <Alert tone="success" role="status">
              {`Welcome to ${m.planName}, ${m.customerName}! Your payment is received and your receipt is on its way by email.`}
            </Alert>
          )}
        </div>
      ) : null}
      <dl className="grid gap-x-6 gap-y-3 rounded-lg bg-slate-50 p-4 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-slate-700">Status</dt>
        <dd className="text-slate-900">
          {m.statusLabel}
          {m.cancelAtPeriodEnd && !ended ? " (cancelled: it will not renew)" : ""}
        </dd>
        <dt className="font-semibold text-slate-700">Price</dt>
        <dd className="text-slate-900">{`${formatCents(m.priceCents)} ${m.interval === "year" ? "a year" : "a month"}`}</dd>
        {m.discountPercent ? (
          <>
            <dt className="font-semibold text-slate-700">Member discount</dt>
            <dd className="text-slate-900">{`${m.discountPercent}% off other work`}</dd>
          </>
        ) : null}
        {m.renewsOnText && !ended ? (
          <>
            <dt className="font-semibold text-slate-700">{m.cancelAtPeriodEnd ? "Ends on" : "Renews on"}</dt>
            <dd className="text-slate-900">{m.renewsOnText}</dd>
          </>
        ) : null}
      </dl>
      {visits.length ? (
        <section aria-labelledby="visits-heading" className="space-y-3">
          <h2 id="visits-heading" className="text-lg font-bold text-slate-900">
            Your visits
          </h2>
          <ul className="space-y-3">
            {visits.map((v) => (
              <li key={v.id} className="rounded-lg border border-slate-200 p-3">
                <p className="font-semibold text-slate-900">{v.when ?? `Due around ${v.due}`}</p>
                <p className="text-sm text-slate-700">{v.cancelled ? "Cancelled" : visitState[v.state]}</p>
                {v.manageUrl && !v.cancelled ? (
                  <a
                    href={v.manageUrl}
                    className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                  >
                    Move or cancel this visit
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {ended ? (
        <p>
          <Link to="/plans" className={buttonVariants({ variant: "outline" })}>
            See our plans
          </Link>
        </p>
      ) : (
        <div className="flex flex-wrap gap-3">
          {m.status === "pending" ? (
            <IntentButton intent="pay" membershipId={m.id} busy={busy}>
              Pay and join
            </IntentButton>
          ) : null}
          {m.canUpdateCard ? (
            <IntentButton
              intent="card"
              membershipId={m.id}
              busy={busy}
              variant={m.status === "past_due" ? "default" : "outline"}
            >
              Update your card
            </IntentButton>
          ) : null}
          {!m.cancelAtPeriodEnd ? (
            <details className="w-full">
              <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-red-800">
                Cancel membership
              </summary>
              <div className="mt-2 space-y-2 rounded-lg border border-red-200 bg-red-50 p-3">
                <p className="text-sm text-slate-800">
                  {m.renewsOnText
                    ? `Your membership stays until ${m.renewsOnText}, then ends. It will not renew and nothing more is charged.`
                    : "Your membership ends now; nothing is charged."}
                </p>
                <IntentButton intent="cancel" membershipId={m.id} busy={busy} variant="destructive">
                  Yes, cancel my membership
                </IntentButton>
              </div>
            </details>
          ) : null}
        </div>
      )}
    </LinkPageFrame>
  );
}

function IntentButton({
  intent,
  membershipId,
  busy,
  variant = "default",
  children,
}: {
  intent: string;
  membershipId: number;
  busy: boolean;
  variant?: "default" | "outline" | "destructive";
  children: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="membershipId" value={membershipId} />
      <Button type="submit" name="intent" value={intent} variant={variant} aria-disabled={busy || undefined}>
        {children}
      </Button>
    </Form>
  );
}
