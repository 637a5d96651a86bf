import { declineReasonLabels, type DeclineReason } from "../api/estimates";
import { business, type BusinessFacts } from "../business";
import { formatCents } from "../money/money";
import { formatFullDateTime } from "../time";
import { buttonLink, emailLayout, escapeHtml } from "./html";
import { footer, type RenderedEmail } from "./templates";

/** The emails of an estimate (docs/product.md#estimates): the PDF beside them holds every line. */

export interface EstimateForEmail {
  number: string;
  customerName: string;
  /** A member's discount's line, "Generator Care member discount (10%)" (docs/decisions/029-maintenance-plans.md). */
  memberDiscountLabel?: string | null;
  options: Array<{ name: string; totalCents: number; memberDiscountCents?: number }>;
}

/** Each option's total, and a member's discount taken off it as its own words and amount. */
const optionList = (e: EstimateForEmail) =>
  e.options.map(
    (o) =>
      `${o.name}: ${formatCents(o.totalCents)}${
        e.memberDiscountLabel ? ` (${e.memberDiscountLabel}: ${formatCents(-(o.memberDiscountCents ?? 0))})` : ""
      }`,
  );

/** To the customer: the estimate, its options' totals, the link to approve it online, and the PDF attached. */
export function estimateEmail(
  e: EstimateForEmail,
  url: string,
  expiresAt: Date,
  facts: BusinessFacts = business,
): RenderedEmail {
  const subject = `Your estimate ${e.number} from ${facts.name}`;
  const intro = `Hello, here is estimate ${e.number}. Choose an option and approve it online; the PDF is attached.`;
  const until = `The link works until ${formatFullDateTime(expiresAt)}. Questions? Call us at ${facts.phone}.`;
  const text = [intro, ...optionList(e), `Review and approve: ${url}`, until, footer(facts)].join("\n\n");
  const html = emailLayout(
    subject,
    `<p>${escapeHtml(intro)}</p><ul>${optionList(e)
      .map((line) => `<li>${escapeHtml(line)}</li>`)
      .join("")}</ul><p>${buttonLink(url, "Review and approve")}</p><p>${escapeHtml(until)}</p>`,
    footer(facts),
  );
  return { subject, text, html };
}

/** To the customer and the office: the approved option, who signed and when; the signed PDF attached. */
export function estimateApprovedEmail(
  e: EstimateForEmail & { optionName: string; totalCents: number; signatureName: string; approvedAt: Date },
  facts: BusinessFacts = business,
): RenderedEmail {
  const subject = `Estimate ${e.number} approved: ${e.optionName}`;
  const lines = [
    `Estimate ${e.number} was approved: ${e.optionName}, ${formatCents(e.totalCents)}.`,
    `Signed by ${e.signatureName} on ${formatFullDateTime(e.approvedAt)}. The signed estimate is attached.`,
    `Questions? Call us at ${facts.phone}.`,
  ];
  const html = emailLayout(subject, lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(""), footer(facts));
  return { subject, text: [...lines, footer(facts)].join("\n\n"), html };
}

/** To the office: the customer declined, when, why if they said, and the note they left; a link to the estimate's page. */
export function estimateDeclinedEmail(
  e: EstimateForEmail & { declinedAt: Date; reason: DeclineReason | null; note: string | null },
  url: string,
  facts: BusinessFacts = business,
): RenderedEmail {
  const subject = `Estimate ${e.number} declined by ${e.customerName}`;
  const lines = [
    `${e.customerName} declined estimate ${e.number} on ${formatFullDateTime(e.declinedAt)}.`,
    `Options offered: ${optionList(e).join("; ")}.`,
    `Reason: ${e.reason ? declineReasonLabels[e.reason] : "not given"}.`,
    ...(e.note ? [`Their note: ${e.note}`] : []),
  ];
  const html = emailLayout(
    subject,
    `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p>${buttonLink(url, "Open the estimate")}</p>`,
    footer(facts),
  );
  return { subject, text: [...lines, `Open the estimate: ${url}`, footer(facts)].join("\n\n"), html };
}
