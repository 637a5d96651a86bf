import { business, type BusinessFacts } from "../business";
import { formatCents } from "../money/money";
import { buttonLink, emailLayout, escapeHtml } from "./html";
import { footer, type RenderedEmail } from "./templates";

/** The emails of an invoice (docs/product.md#invoices): the PDF beside the first holds every line. */

export interface InvoiceForEmail {
  number: string;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
}

const PAY_LABEL = "View and pay your invoice";

function amounts(i: InvoiceForEmail): string[] {
  return [
    `Total: ${formatCents(i.totalCents)}`,
    ...(i.paidCents > 0 ? [`Paid: ${formatCents(i.paidCents)}`] : []),
    `Balance due: ${formatCents(i.balanceCents)}`,
  ];
}

function render(subject: string, intro: string, i: InvoiceForEmail, url: string, facts: BusinessFacts): RenderedEmail {
  const questions = `Questions? Call us at ${facts.phone}.`;
  const text = [intro, amounts(i).join("\n"), `${PAY_LABEL}: ${url}`, questions, footer(facts)].join("\n\n");
  const html = emailLayout(
    subject,
    `<p>${escapeHtml(intro)}</p><ul>${amounts(i)
      .map((line) => `<li>${escapeHtml(line)}</li>`)
      .join("")}</ul><p>${buttonLink(url, PAY_LABEL)}</p><p>${escapeHtml(questions)}</p>`,
    footer(facts),
  );
  return { subject, text, html };
}

/** To the customer: the invoice, its total, what was paid (a deposit), the balance, the link, and the PDF attached. */
export function invoiceEmail(i: InvoiceForEmail, url: string, facts: BusinessFacts = business): RenderedEmail {
  const intro =
    i.balanceCents > 0
      ? `Hello, here is invoice ${i.number} for the work we did. The PDF is attached; you can view and pay it online.`
      : `Hello, here is invoice ${i.number} for the work we did. It is paid in full, thank you; the PDF is attached.`;
  return render(`Your invoice ${i.number} from ${facts.name}`, intro, i, url, facts);
}

/** To the customer, 7 and 14 days after the invoice was sent, while a balance is due. */
export function invoiceReminderEmail(i: InvoiceForEmail, url: string, facts: BusinessFacts = business): RenderedEmail {
  const intro = `Hello, a friendly reminder: invoice ${i.number} has ${formatCents(i.balanceCents)} due. If you have paid it already, thank you, and please disregard this email.`;
  return render(`Invoice ${i.number}: ${formatCents(i.balanceCents)} due`, intro, i, url, facts);
}
