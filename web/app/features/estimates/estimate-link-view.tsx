import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { CheckCircle2, FileText } from "lucide-react";
import {
  approveEstimateFormSchema,
  declineEstimateFormSchema,
  declineReasonLabels,
  declineReasons,
} from "@app/shared/api/estimates";
import { payProblemMessage } from "@app/shared/api/payments";
import { formatCents } from "@app/shared/money/money";
import { Alert } from "~/components/ui/alert";
import { Outcome } from "~/components/ui/outcome";
import { Button } from "~/components/ui/button";
import { SelectField, TextareaField, TextField } from "~/components/ui/field";
import { CallUs, LinkPageFrame } from "~/features/appointments/manage-view";
import { Amount, PricedLines } from "~/features/documents/priced-lines";
import { DebitOnItsWay } from "~/features/payments/pay-online-form";
import { useSchemaForm, type ActionResult } from "~/utils/schema-form";
import type { CustomerEstimate } from "./estimate-link.server";

/**
 * The customer's estimate page (/estimates/<token>, docs/product.md#estimates): the options side by
 * side on a desk and stacked on a phone, each with its lines and stored totals, and the approval
 * form (an option, the customer's full name as signature, the box ticked), and below it a way to
 * decline (a reason and a note, both optional). Plain POSTs: they work without JavaScript. Once
 * approved or declined, the page is read-only and says so.
 */

type Option = CustomerEstimate["options"][number];

function OptionCard({ option, estimate }: { option: Option; estimate: CustomerEstimate }) {
  const chosen = estimate.approved?.optionId === option.id;
  const headingId = `option-${option.id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-xl border p-4 ${chosen ? "border-emerald-600 bg-emerald-50" : "border-slate-200 bg-white"}`}
      data-testid="estimate-option"
    >
      <h2 id={headingId} className="mb-3 text-xl font-bold text-slate-900">
        {option.name}
        {chosen ? <span className="ml-2 text-base font-semibold text-emerald-800">(approved)</span> : null}
      </h2>
      <PricedLines lines={option.lines} totals={option} taxRate={estimate.taxRate}>
        {estimate.depositPercent > 0 ? (
          <Amount label={`Deposit (${estimate.depositPercent}%)`} cents={option.depositCents} />
        ) : null}
      </PricedLines>
    </section>
  );
}

/** The approval; `answer` when it is the answer to the customer's own post (then focused and in view). */
function Approved({ estimate, answer }: { estimate: CustomerEstimate; answer?: ActionResult }) {
  const approved = estimate.approved!;
  const Notice = answer ? Outcome : Alert;
  return (
    <Notice
      tone="success"
      role="status"
      className="space-y-2 text-base"
      data-testid="estimate-approved"
      {...(answer ? { revealKey: answer.at } : {})}
    >
      <p className="flex items-start gap-2 font-semibold">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        Approved: {approved.optionName}, {formatCents(approved.totalCents)}
      </p>
      <p>
        Signed by {approved.signatureName} on {approved.at}. A signed copy was emailed to you.
      </p>
      {estimate.depositPercent > 0 ? <Deposit estimate={estimate} /> : null}
      <p>
        Keep it in shape:{" "}
        <Link to="/plans" className="inline-flex min-h-11 items-center font-semibold underline md:min-h-0">
          add a maintenance plan
        </Link>
        , a yearly visit scheduled for you and a member discount on future work.
      </p>
    </Notice>
  );
}

/**
 * The deposit of an approved estimate (docs/product.md#payments): paid, being confirmed (back from
 * Stripe with `?paid=1`; the webhook records it), payable online (a plain post to
 * /estimates/<token>/deposit, which sends the browser to Stripe's page), or left to the office.
 */
function Deposit({ estimate }: { estimate: CustomerEstimate }) {
  const approved = estimate.approved!;
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const problem = payProblemMessage(params.get("payment"));
  if (approved.depositPaidCents >= approved.depositCents)
    return (
      <p data-testid="deposit-paid">
        <strong>{`Deposit of ${formatCents(approved.depositPaidCents)} paid.`}</strong> Thank you: a receipt was emailed
        to you.
      </p>
    );
  const due = approved.depositCents - approved.depositPaidCents;
  if (approved.pendingDebit) return <DebitOnItsWay debit={approved.pendingDebit} />;
  if (params.get("paid") === "1")
    return (
      <p data-testid="deposit-confirming">
        <strong>Thank you: your deposit payment is being confirmed.</strong> This page shows it once it is; a receipt
        will be emailed to you.
      </p>
    );
  if (!approved.payOnline)
    return (
      <p>
        <strong>Deposit due: {formatCents(due)}</strong>. Our office will be in touch about the deposit; nothing is
        charged on this page.
      </p>
    );
  return (
    <div className="space-y-2">
      <p>
        <strong>Deposit due: {formatCents(due)}</strong>, by card or from a US bank account, on Stripe&apos;s secure
        page.
      </p>
      {problem ? (
        <p role="alert" className="font-medium text-destructive">
          {problem}
        </p>
      ) : null}
      <form method="post" action={`${pathname.replace(/\/$/, "")}/deposit`}>
        <Button type="submit" size="lg">
          {`Pay the ${formatCents(due)} deposit`}
        </Button>
      </form>
    </div>
  );
}

function ApproveForm({ estimate, post }: { estimate: CustomerEstimate; post?: ActionResult }) {
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(approveEstimateFormSchema, { id: "approve", lastResult: post?.result });
  const optionError = fields.optionId.errors?.[0];
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <h2 className="text-xl font-bold text-slate-900">Approve this estimate</h2>
      {post && !post.ok ? (
        <Outcome tone="destructive" revealKey={post.at}>
          {post.message}
        </Outcome>
      ) : null}
      <fieldset aria-describedby={optionError ? fields.optionId.errorId : undefined} className="space-y-2">
        <legend className="mb-1 font-medium text-slate-900">Choose an option</legend>
        {estimate.options.map((o) => {
          const id = `${fields.optionId.id}-${o.id}`;
          return (
            // The label wraps the button: the whole row is the target a finger taps.
            <label key={o.id} className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
              <input
                {...getInputProps(fields.optionId, { type: "radio", value: String(o.id), ariaAttributes: false })}
                id={id}
                key={id}
                className="size-5 shrink-0 accent-brand-700"
              />
              {o.name}: {formatCents(o.totalCents)}
            </label>
          );
        })}
        {optionError ? (
          <p id={fields.optionId.errorId} className="text-sm font-medium text-destructive">
            {optionError}
          </p>
        ) : null}
      </fieldset>
      <TextField field={fields.signatureName} label="Your full name (signature)" autoComplete="name" />
      <div className="space-y-1">
        <label className="flex min-h-11 items-start gap-2 text-sm font-medium text-slate-800">
          <input
            {...getInputProps(fields.agree, { type: "checkbox", value: "on", ariaAttributes: false })}
            aria-describedby={fields.agree.errors?.[0] ? fields.agree.errorId : undefined}
            className="mt-1 size-5 shrink-0 accent-brand-700"
          />
          I agree to the work and prices of the option I chose, and I sign this estimate with my name above.
        </label>
        {fields.agree.errors?.[0] ? (
          <p id={fields.agree.errorId} className="text-sm font-medium text-destructive">
            {fields.agree.errors[0]}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
        {navigation.state === "submitting" && navigation.formData?.get("intent") !== "decline"
          ? "Approving..."
          : "Approve"}
      </Button>
    </Form>
  );
}

/**
 * Declining, tucked under a disclosure (open again when the post was refused): a reason from the
 * list and a note, both optional, then **Decline estimate**. The office is emailed either way.
 */
function DeclineForm({ post }: { post?: ActionResult }) {
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(declineEstimateFormSchema, { id: "decline", lastResult: post?.result });
  const declining = navigation.state === "submitting" && navigation.formData?.get("intent") === "decline";
  return (
    <details className="rounded-xl border border-slate-200 p-4" open={Boolean(post && !post.ok)}>
      <summary className="min-h-11 cursor-pointer py-2.5 font-semibold text-slate-900">
        Not going ahead? Decline this estimate
      </summary>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="decline" />
        {post && !post.ok ? (
          <Outcome tone="destructive" revealKey={post.at}>
            {post.message}
          </Outcome>
        ) : null}
        <p className="text-slate-700">
          Telling us why is optional, and helps us do better. Nothing is charged, and you can still call us later.
        </p>
        <SelectField field={fields.reason} label="Why (optional)">
          <option value="">Prefer not to say</option>
          {declineReasons.map((r) => (
            <option key={r} value={r}>
              {declineReasonLabels[r]}
            </option>
          ))}
        </SelectField>
        <TextareaField field={fields.note} label="Anything you want us to know (optional)" rows={3} />
        <Button type="submit" variant="outline" disabled={declining}>
          {declining ? "Declining..." : "Decline estimate"}
        </Button>
      </Form>
    </details>
  );
}

export function CustomerEstimatePage({ estimate, post }: { estimate: CustomerEstimate; post?: ActionResult }) {
  const open = estimate.status === "sent";
  const declining = post?.intent === "decline";
  // The answer to this visit's own post, shown focused and in view (components/ui/outcome.tsx).
  const answered = post?.ok ? post : undefined;
  const DeclinedNotice = answered && declining ? Outcome : Alert;
  return (
    <LinkPageFrame title={`Estimate ${estimate.number}`} icon={FileText} wide>
      {estimate.approved ? <Approved estimate={estimate} answer={declining ? undefined : answered} /> : null}
      {estimate.declinedAt ? (
        <DeclinedNotice
          tone="info"
          role="status"
          className="space-y-2 text-base"
          data-testid="estimate-declined"
          {...(answered && declining ? { revealKey: answered.at } : {})}
        >
          <p className="font-semibold">You declined this estimate on {estimate.declinedAt}.</p>
          <p>Thank you for letting us know.</p>
          <CallUs lead="Changed your mind, or want a different option priced? Call us at" />
        </DeclinedNotice>
      ) : null}
      {!open && !estimate.approved && !estimate.declinedAt ? (
        <Alert tone="warning" role="status">
          This estimate is {estimate.status}: it can no longer be approved online.
        </Alert>
      ) : null}
      {post && !post.ok && !open ? (
        <Outcome tone="destructive" revealKey={post.at}>
          {post.message}
        </Outcome>
      ) : null}
      <div className="grid gap-4 md:grid-cols-[repeat(auto-fit,minmax(14rem,1fr))]">
        {estimate.options.map((o) => (
          <OptionCard key={o.id} option={o} estimate={estimate} />
        ))}
      </div>
      {open ? <ApproveForm estimate={estimate} post={declining ? undefined : post} /> : null}
      {open ? <DeclineForm post={declining ? post : undefined} /> : null}
    </LinkPageFrame>
  );
}
