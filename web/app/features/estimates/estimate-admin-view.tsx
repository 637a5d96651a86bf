import { Form, Link, useNavigation } from "@remix-run/react";
import { declineReasonLabels, estimateStatusLabels } from "@app/shared/api/estimates";
import type { EstimateJson } from "@app/shared/estimates/estimates.server";
import { formatCents, formatRate } from "@app/shared/money/money";
import { formatDateTime } from "@app/shared/time";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { DocumentLinks, StaffLinesTable } from "~/features/documents/priced-lines";

/** What the estimate's page says after the builder saved it (new or edited). */
export const ESTIMATE_SAVED_MESSAGE = "Estimate saved. It stays a draft, and can be edited, until you send it.";

/** /admin/estimates/<id>'s pieces (docs/product.md#estimates): the status, Send, and each option's lines and totals. */

const STAGE: Record<EstimateJson["status"], number> = { draft: 0, sent: 1, approved: 2, declined: 2, void: 2 };

/**
 * What the page shows: the estimate the page loaded, or the one its own post's answer carries (Send,
 * Withdraw) when that is as new or newer: so the status and the buttons change with the answer, at
 * once, and no button offers what just happened. A later change the page hears of (the customer
 * approves) is newer and wins.
 */
export function shownEstimate<Loaded extends EstimateJson>(loaded: Loaded, answered: EstimateJson | undefined): Loaded {
  if (!answered || answered.id !== loaded.id) return loaded;
  const newer =
    STAGE[answered.status] > STAGE[loaded.status] ||
    (STAGE[answered.status] === STAGE[loaded.status] && (answered.sentAt ?? "") >= (loaded.sentAt ?? ""));
  return newer ? { ...loaded, ...answered } : loaded;
}

/** The deposit asked, and once the estimate is approved what was paid of it (docs/product.md#payments). */
function depositWords(estimate: EstimateJson & { depositPaidCents: number }, approvedDepositCents: number | null) {
  if (!estimate.depositPercent) return "None";
  if (approvedDepositCents === null) return `${estimate.depositPercent}%`;
  const asked = `${estimate.depositPercent}% (${formatCents(approvedDepositCents)})`;
  if (estimate.depositPaidCents >= approvedDepositCents) return `${asked}: paid`;
  return estimate.depositPaidCents > 0
    ? `${asked}: ${formatCents(estimate.depositPaidCents)} paid`
    : `${asked}: not paid yet`;
}

export function EstimateStatus({ estimate }: { estimate: EstimateJson & { depositPaidCents: number } }) {
  const approved = estimate.options.find((o) => o.id === estimate.approvedOptionId);
  return (
    <section
      aria-labelledby="status-heading"
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 [overflow-wrap:anywhere] sm:p-6"
    >
      <h2 id="status-heading" className="mb-2 flex items-center gap-2 text-lg font-bold text-slate-900">
        Status: <Badge data-testid="estimate-status">{estimateStatusLabels[estimate.status]}</Badge>
      </h2>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Customer</dt>
        <dd>
          {estimate.customer.name} ({estimate.customer.email})
        </dd>
        <dt className="font-medium">Sales tax</dt>
        <dd>{formatRate(estimate.taxRatePpm)}</dd>
        <dt className="font-medium">Member discount</dt>
        <dd data-testid="estimate-member-discount">
          {estimate.memberDiscount
            ? `${estimate.memberDiscount.planName}, ${estimate.memberDiscount.percent}% of each option's subtotal, before tax`
            : "None"}
        </dd>
        <dt className="font-medium">Deposit</dt>
        <dd data-testid="estimate-deposit">{depositWords(estimate, approved?.depositCents ?? null)}</dd>
        {estimate.sentAt ? (
          <>
            <dt className="font-medium">Last sent</dt>
            <dd>{formatDateTime(estimate.sentAt)}</dd>
          </>
        ) : null}
        {approved && estimate.approvedAt ? (
          <>
            <dt className="font-medium">Approved</dt>
            <dd data-testid="estimate-approval">
              {approved.name} ({formatCents(approved.totalCents)}), signed by {estimate.signatureName} on{" "}
              {formatDateTime(estimate.approvedAt)}
            </dd>
          </>
        ) : null}
        {estimate.declinedAt ? (
          <>
            <dt className="font-medium">Declined</dt>
            <dd data-testid="estimate-decline">
              On {formatDateTime(estimate.declinedAt)}, by the customer. Reason:{" "}
              {estimate.declineReason ? declineReasonLabels[estimate.declineReason] : "not given"}.
              {estimate.declineNote ? (
                <span className="mt-1 block whitespace-pre-line">Their note: {estimate.declineNote}</span>
              ) : null}
            </dd>
          </>
        ) : null}
      </dl>
      <p className="mt-2 flex flex-wrap gap-x-4 text-sm">
        {estimate.bookingId ? (
          <Link
            className="inline-flex min-h-11 items-center text-brand-700 underline sm:min-h-0"
            to={`/admin/bookings/${estimate.bookingId}`}
          >
            Booking #{estimate.bookingId}
          </Link>
        ) : (
          <span className="text-slate-700">No visit yet</span>
        )}
        <Link
          className="inline-flex min-h-11 items-center text-brand-700 underline sm:min-h-0"
          to={`/admin/customers/${estimate.customer.id}`}
        >
          {estimate.customer.name}&apos;s record
        </Link>
      </p>
    </section>
  );
}

/** Edit (a draft only: once sent, the customer holds its link and PDF), Send (Send again once sent) and Withdraw, while the estimate is a draft or sent. */
export function SendButton({ estimate }: { estimate: EstimateJson }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const posting = navigation.formData?.get("intent");
  if (estimate.status !== "draft" && estimate.status !== "sent") return null;
  return (
    <>
      {estimate.status === "draft" ? (
        <Link to={`/admin/estimates/${estimate.id}/edit`} className={buttonVariants({ variant: "outline" })}>
          Edit
        </Link>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="send" />
        <Button type="submit" disabled={busy}>
          {busy && posting === "send" ? "Sending..." : estimate.status === "draft" ? "Send" : "Send again"}
        </Button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="void" />
        <Button type="submit" variant="outline" disabled={busy}>
          {busy && posting === "void" ? "Withdrawing..." : "Withdraw"}
        </Button>
      </Form>
    </>
  );
}

export function EstimateOptions({ estimate }: { estimate: EstimateJson }) {
  return (
    <div className="grid min-w-0 gap-4">
      {estimate.options.map((o) => (
        <section
          key={o.id}
          aria-labelledby={`option-${o.id}`}
          className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 [overflow-wrap:anywhere]"
        >
          <h2 id={`option-${o.id}`} className="mb-2 text-lg font-bold text-slate-900">
            {o.name}
            {o.id === estimate.approvedOptionId ? " (approved)" : ""}
          </h2>
          <StaffLinesTable caption={`Lines of ${o.name}`} lines={o.lines} />
          <p className="mt-2 text-right text-sm">
            Subtotal {formatCents(o.subtotalCents)}
            {estimate.memberDiscount
              ? ` · ${estimate.memberDiscount.label} ${formatCents(-o.memberDiscountCents)}`
              : ""}
            {o.discountCents ? ` · Discount ${formatCents(-o.discountCents)}` : ""} · Tax {formatCents(o.taxCents)} ·{" "}
            <strong>Total {formatCents(o.totalCents)}</strong>
            {estimate.depositPercent ? ` · Deposit ${formatCents(o.depositCents)}` : ""}
          </p>
        </section>
      ))}
    </div>
  );
}

/** The booking page's list of its visit's estimates (a term of its facts): each a link to its page. */
export function BookingEstimates({
  estimates,
}: {
  estimates: Array<{ id: number; number: string; status: EstimateJson["status"] }>;
}) {
  return (
    <DocumentLinks
      term="Estimates"
      documents={estimates.map((e) => ({
        ...e,
        status: estimateStatusLabels[e.status],
        href: `/admin/estimates/${e.id}`,
      }))}
    />
  );
}
