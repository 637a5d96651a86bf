import { business, type BusinessFacts } from "../business";
import { dueSentence, waysToPay } from "../invoices/how-to-pay";
import { formatCents } from "../money/money";
import { buttonLink, emailLayout, escapeHtml } from "./html";
import { footer, type RenderedEmail } from "./templates";

/** The emails of an invoice (docs/product.md#invoices): the PDF beside the first holds every line. */

export interface InvoiceForEmail {
  number: string;
  /** A member's discount's line, "Generator Care member discount (10%)" (docs/decisions/029-maintenance-plans.md). */
  memberDiscountLabel?: string | null;
  memberDiscountCents?: number;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  /** When it was sent: it is due the business's net terms later (../invoices/how-to-pay.ts). */
  sentAt: Date;
  /** Whether online payment (Stripe) is on: only then does the email offer to pay online. */
  online: boolean;
}

/** The link's words: paying online is promised only when it is on. */
export const linkLabel = (online: boolean) => (online ? "View and pay your invoice" : "View your invoice");

function amounts(i: InvoiceForEmail): string[] {
  return [
    ...(i.memberDiscountLabel ? [`${i.memberDiscountLabel}: ${formatCents(-(i.memberDiscountCents ?? 0))}`] : []),
    `Total: ${formatCents(i.totalCents)}`,
    ...(i.paidCents > 0 ? [`Paid: ${formatCents(i.paidCents)}`] : []),
    `Balance due: ${formatCents(i.balanceCents)}`,
  ];
}

/** While a balance is due: the due date and the ways to pay, as the invoice's page and PDF give them. */
function howToPay(i: InvoiceForEmail, facts: BusinessFacts): { due: string; ways: string[] } | null {
  if (i.balanceCents <= 0) return null;
  return {
    due: `${dueSentence(i.sentAt, facts)}.`,
    ways: waysToPay(i.number, i.online, facts).map((w) => `${w.title}: ${w.text}`),
  };
}

function render(subject: string, intro: string, i: InvoiceForEmail, url: string, facts: BusinessFacts): RenderedEmail {
  const questions = `Questions? Call us at ${facts.phone}.`;
  const label = linkLabel(i.online);
  const pay = howToPay(i, facts);
  const text = [
    intro,
    amounts(i).join("\n"),
    ...(pay ? [`${pay.due}\nWays to pay:\n${pay.ways.map((w) => `- ${w}`).join("\n")}`] : []),
    `${label}: ${url}`,
    questions,
    footer(facts),
  ].join("\n\n");
  const payHtml = pay
    ? `<p><strong>${escapeHtml(pay.due)}</strong></p><p>Ways to pay:</p><ul>${pay.ways
        .map((w) => `<li>${escapeHtml(w)}</li>`)
        .join("")}</ul>`
    : "";
  const html = emailLayout(
    subject,
    `<p>${escapeHtml(intro)}</p><ul>${amounts(i)
      .map((line) => `<li>${escapeHtml(line)}</li>`)
      .join("")}</ul>${payHtml}<p>${buttonLink(url, label)}</p><p>${escapeHtml(questions)}</p>`,
    footer(facts),
  );
  return { subject, text, html };
}

/** To the customer: the invoice, its total, what was paid (a deposit), the balance, when it is due and how to pay it, the link, and the PDF attached. */
export function invoiceEmail(i: InvoiceForEmail, url: string, facts: BusinessFacts = business): RenderedEmail {
  const intro =
    i.balanceCents > 0
      ? `Hello, here is invoice ${i.number} for the work we did. The PDF is attached; you can view it online${
          i.online ? " and pay it there" : ""
        }.`
      : `Hello, here is invoice ${i.number} for the work we did. It is paid in full, thank you; the PDF is attached.`;
  return render(`Your invoice ${i.number} from ${facts.name}`, intro, i, url, facts);
}

/** To the customer, 7 and 14 days after the invoice was sent, while a balance is due. */
export function invoiceReminderEmail(i: InvoiceForEmail, url: string, facts: BusinessFacts = business): RenderedEmail {
  const intro = `Hello, a friendly reminder: invoice ${i.number} has ${formatCents(i.balanceCents)} due. If you have paid it already, thank you, and please disregard this email.`;
  return render(`Invoice ${i.number}: ${formatCents(i.balanceCents)} due`, intro, i, url, facts);
}
