import { paymentMethodLabels, type PaymentMethodName } from "../api/payments";
import { business, type BusinessFacts } from "../business";
import { formatCents } from "../money/money";
import { formatFullDateTime } from "../time";
import { emailLayout, escapeHtml } from "./html";
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
