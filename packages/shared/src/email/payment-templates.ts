import { paymentMethodLabels, type PaymentMethodName } from "../api/payments";
import { business, type BusinessFacts } from "../business";
import { formatCents } from "../money/money";
import { formatFullDateTime } from "../time";
import { buttonLink, emailLayout, escapeHtml } from "./html";
import { footer, type RenderedEmail } from "./templates";

/** The receipt of a payment (docs/product.md#payments): the stored amounts, never recomputed here. */
export interface PaymentForReceipt {
  amountCents: number;
  method: PaymentMethodName;
  reference: string | null;
  receivedAt: Date;
  /** What it paid beyond what was due when it arrived (an old payment page paid too): the office refunds it. */
  refundDueCents?: number;
  /** An invoice's payment, or an estimate's deposit. */
  of:
    | { kind: "invoice"; number: string; totalCents: number; balanceCents: number }
    | { kind: "deposit"; number: string; depositCents: number; depositPaidCents: number };
}

/** To the customer: what was received, how, for which document, and what is left to pay. */
export function paymentReceiptEmail(p: PaymentForReceipt, facts: BusinessFacts = business): RenderedEmail {
  const amount = formatCents(p.amountCents);
  const how = paymentMethodLabels[p.method] + (p.reference && p.method === "check" ? ` (check ${p.reference})` : "");
  const subject =
    p.of.kind === "invoice"
      ? `Payment received: ${amount} for invoice ${p.of.number}`
      : `Deposit received: ${amount} for estimate ${p.of.number}`;
  const lines = [
    `Thank you. We received ${amount} on ${formatFullDateTime(p.receivedAt)}.`,
    `Paid by: ${how}`,
    ...(p.of.kind === "invoice"
      ? [
          `Invoice: ${p.of.number} (total ${formatCents(p.of.totalCents)})`,
          p.of.balanceCents > 0
            ? `Balance left to pay: ${formatCents(p.of.balanceCents)}`
            : "This invoice is paid in full.",
        ]
      : [
          `Deposit for estimate ${p.of.number}: ${formatCents(p.of.depositPaidCents)} of ${formatCents(p.of.depositCents)} received.`,
          "The rest is invoiced when the work is done.",
        ]),
    ...(p.refundDueCents
      ? [`This payment was ${formatCents(p.refundDueCents)} more than was due: our office will refund it to you.`]
      : []),
    `Keep this email as your receipt. Questions? Call us at ${facts.phone}.`,
  ];
  const html = emailLayout(subject, lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(""), footer(facts));
  return { subject, text: [...lines, footer(facts)].join("\n\n"), html };
}

/** A bank debit that failed: how much, when it was started, for which document, and where to pay again. */
export interface FailedDebit {
  amountCents: number;
  startedAt: Date;
  /** "invoice INV-2026-0042" or "the deposit for estimate EST-2026-0007". */
  of: { kind: "invoice" | "deposit"; number: string };
  /** The customer's page for the document (pay again there), or null when its link cannot be given. */
  customerUrl: string | null;
}

const failedWhat = (d: FailedDebit) =>
  d.of.kind === "invoice" ? `invoice ${d.of.number}` : `the deposit for estimate ${d.of.number}`;

/** To the customer: the bank payment did not go through, nothing was taken, and how to pay again. */
export function paymentFailedEmail(d: FailedDebit, facts: BusinessFacts = business): RenderedEmail {
  const subject = `Your bank payment for ${d.of.kind === "invoice" ? "invoice" : "estimate"} ${d.of.number} did not go through`;
  const lines = [
    `The payment of ${formatCents(d.amountCents)} from your bank account for ${failedWhat(d)}, started on ${formatFullDateTime(d.startedAt)}, did not go through, and nothing was taken. Your bank may tell you why.`,
    d.customerUrl
      ? "You can pay again, by card or from a bank account, on the same page:"
      : `Please pay again from the link in our earlier email, or call us at ${facts.phone}.`,
  ];
  const after = `Questions? Call us at ${facts.phone}.`;
  const link = d.customerUrl ? `<p>${buttonLink(d.customerUrl, "Pay again")}</p>` : "";
  const html = emailLayout(
    subject,
    `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}${link}<p>${escapeHtml(after)}</p>`,
    footer(facts),
  );
  const text = [...lines, ...(d.customerUrl ? [d.customerUrl] : []), after, footer(facts)].join("\n\n");
  return { subject, text, html };
}

/** To the office: a customer's bank payment failed (nothing was recorded), with the staff page's link. */
export function paymentFailedOfficeEmail(
  d: FailedDebit & { customerName: string; staffUrl: string },
  facts: BusinessFacts = business,
): RenderedEmail {
  const subject = `Bank payment failed: ${formatCents(d.amountCents)} for ${failedWhat(d)}`;
  const lines = [
    `${d.customerName}'s bank payment of ${formatCents(d.amountCents)} for ${failedWhat(d)}, started on ${formatFullDateTime(d.startedAt)}, failed. Nothing was recorded; what is due is unchanged.`,
    "The customer was emailed a link to pay again.",
    `Open it: ${d.staffUrl}`,
  ];
  const html = emailLayout(subject, lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(""), footer(facts));
  return { subject, text: [...lines, footer(facts)].join("\n\n"), html };
}

/** An online payment that paid more than was due: what was paid, what was due then, and what to refund. */
export interface RefundDue {
  amountCents: number;
  refundDueCents: number;
  method: PaymentMethodName;
  /** Stripe's payment (pi_…), to find it in Stripe's dashboard, when known. */
  reference: string | null;
  receivedAt: Date;
  of: { kind: "invoice" | "deposit"; number: string };
  customerName: string;
  staffUrl: string;
}

/** To the office: a payment is recorded, and part of it is to be refunded from Stripe's dashboard. */
export function refundDueOfficeEmail(d: RefundDue, facts: BusinessFacts = business): RenderedEmail {
  const what = d.of.kind === "invoice" ? `invoice ${d.of.number}` : `the deposit for estimate ${d.of.number}`;
  const subject = `Refund due: ${formatCents(d.refundDueCents)} overpaid on ${what}`;
  const lines = [
    `${d.customerName} paid ${formatCents(d.amountCents)} online (${paymentMethodLabels[d.method]}) for ${what} on ${formatFullDateTime(d.receivedAt)}, ${formatCents(d.refundDueCents)} more than was due then (for example an older payment page paid after a newer one).`,
    "The payment is recorded as received. Please refund the overpaid part from Stripe's dashboard" +
      (d.reference ? ` (payment ${d.reference}).` : "."),
    `Open it: ${d.staffUrl}`,
  ];
  const html = emailLayout(subject, lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(""), footer(facts));
  return { subject, text: [...lines, footer(facts)].join("\n\n"), html };
}
