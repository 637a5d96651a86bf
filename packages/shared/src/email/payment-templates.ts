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
