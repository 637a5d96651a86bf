import { paymentMethodLabels, type PaymentMethodName } from "../api/payments";
import { business, type BusinessFacts } from "../business";
import { formatCents } from "../money/money";
import { formatLocalDate } from "../time";
import { buttonLink, emailLayout, escapeHtml } from "./html";
import { footer, type RenderedEmail } from "./templates";

/**
 * What members of a plan are emailed (docs/product.md#plans): each from the stored membership and payment,
 * never recomputed here. `memberUrl` is the member's page (/membership/<token>): their visits, their card,
 * cancelling.
 */
export interface MembershipForEmail {
  planName: string;
  customerName: string;
  interval: "year" | "month";
  priceCents: number;
  discountPercent: number;
  visitsPerYear: number;
  /** The renewal date, a Baton Rouge date. */
  renewsOn: string | null;
  memberUrl: string | null;
  paysOnline: boolean;
}

export interface PaymentOfPeriod {
  amountCents: number;
  method: PaymentMethodName;
  reference: string | null;
}

const per = (m: MembershipForEmail) => (m.interval === "year" ? "a year" : "a month");

function render(
  subject: string,
  lines: string[],
  link: { url: string | null; label: string } | null,
  facts: BusinessFacts,
) {
  const button = link?.url ? `<p>${buttonLink(link.url, link.label)}</p>` : "";
  const html = emailLayout(subject, `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}${button}`, footer(facts));
  const text = [...lines, ...(link?.url ? [`${link.label}: ${link.url}`] : []), footer(facts)].join("\n\n");
  return { subject, text, html };
}

const receiptLines = (p: PaymentOfPeriod | null) =>
  p
    ? [
        `Received: ${formatCents(p.amountCents)}, paid by ${paymentMethodLabels[p.method]}${p.method === "check" && p.reference ? ` (check ${p.reference})` : ""}. Keep this email as your receipt.`,
      ]
    : [];

/** Welcome: what the membership includes, the first period's receipt, and the member's page. */
export function membershipWelcomeEmail(
  m: MembershipForEmail,
  payment: PaymentOfPeriod | null,
  facts: BusinessFacts = business,
): RenderedEmail {
  const subject = `Welcome to ${m.planName}`;
  const lines = [
    `Hi ${m.customerName}, thank you for joining ${m.planName} (${formatCents(m.priceCents)} ${per(m)}).`,
    m.visitsPerYear
      ? `Your ${m.visitsPerYear === 1 ? "yearly visit is" : `${m.visitsPerYear} visits a year are`} scheduled for you: we'll email the day and arrival window ahead of time, and you can move it from the link.`
      : "",
    m.discountPercent
      ? `As a member you get ${m.discountPercent}% off other work, shown on every estimate and invoice.`
      : "",
    ...receiptLines(payment),
    m.renewsOn ? `Your membership renews on ${formatLocalDate(m.renewsOn)}.` : "",
    `Your visits, your card and your membership are on your page. Questions? Call us at ${facts.phone}.`,
  ].filter(Boolean);
  return render(subject, lines, { url: m.memberUrl, label: "Your membership" }, facts);
}

/** A renewal paid: its receipt and the next renewal date. */
export function membershipRenewedEmail(
  m: MembershipForEmail,
  payment: PaymentOfPeriod | null,
  facts: BusinessFacts = business,
): RenderedEmail {
  const subject = `${m.planName} renewed`;
  const lines = [
    `Hi ${m.customerName}, your ${m.planName} membership is renewed.`,
    ...receiptLines(payment),
    m.renewsOn ? `Next renewal: ${formatLocalDate(m.renewsOn)}.` : "",
    `Questions? Call us at ${facts.phone}.`,
  ].filter(Boolean);
  return render(subject, lines, { url: m.memberUrl, label: "Your membership" }, facts);
}

/** A renewal's charge refused: nothing was taken, the membership is past due, and where to update the card. */
export function membershipPaymentFailedEmail(m: MembershipForEmail, facts: BusinessFacts = business): RenderedEmail {
  const subject = `Your ${m.planName} payment did not go through`;
  const lines = [
    `Hi ${m.customerName}, we could not charge your card ${formatCents(m.priceCents)} for your ${m.planName} renewal, and nothing was taken.`,
    "Please update your card on your membership page; we'll try the charge again. Until then your membership is past due.",
    `Questions? Call us at ${facts.phone}.`,
  ];
  return render(subject, lines, { url: m.memberUrl, label: "Update your card" }, facts);
}

/** To the office: a member's renewal charge was refused. */
export function membershipPaymentFailedOfficeEmail(
  m: MembershipForEmail & { staffUrl: string },
  facts: BusinessFacts = business,
): RenderedEmail {
  const subject = `Plan payment failed: ${m.customerName}, ${m.planName}`;
  const lines = [
    `${m.customerName}'s ${m.planName} renewal (${formatCents(m.priceCents)}) was refused by their card. The membership is past due; they were emailed a link to update their card.`,
    `Open the customer: ${m.staffUrl}`,
  ];
  return render(subject, lines, null, facts);
}

/** 30 and 7 days before a yearly renewal. */
export function membershipRenewalReminderEmail(
  m: MembershipForEmail,
  days: number,
  facts: BusinessFacts = business,
): RenderedEmail {
  const subject = `${m.planName} renews on ${m.renewsOn ? formatLocalDate(m.renewsOn) : "its date"}`;
  const lines = [
    `Hi ${m.customerName}, your ${m.planName} membership renews in ${days} days${m.renewsOn ? `, on ${formatLocalDate(m.renewsOn)}` : ""}, for ${formatCents(m.priceCents)}.`,
    m.paysOnline
      ? "Your card on file is charged then; nothing to do. To change your card or cancel, use your membership page."
      : `We'll send the renewal with your next visit, or call us at ${facts.phone} to pay.`,
  ];
  return render(subject, lines, { url: m.memberUrl, label: "Your membership" }, facts);
}

/** A cancellation, effective at the period's end. */
export function membershipCancelScheduledEmail(m: MembershipForEmail, facts: BusinessFacts = business): RenderedEmail {
  const subject = `${m.planName} is cancelled`;
  const lines = [
    `Hi ${m.customerName}, your ${m.planName} membership is cancelled${m.renewsOn ? ` and ends on ${formatLocalDate(m.renewsOn)}` : ""}. It will not renew, and your card will not be charged again.`,
    "Until then your member discount and visits stay as they are.",
    `Changed your mind? Call us at ${facts.phone}.`,
  ];
  return render(subject, lines, { url: m.memberUrl, label: "Your membership" }, facts);
}

/** The end. */
export function membershipEndedEmail(
  m: MembershipForEmail & { plansUrl: string },
  facts: BusinessFacts = business,
): RenderedEmail {
  const subject = `Your ${m.planName} membership has ended`;
  const lines = [
    `Hi ${m.customerName}, your ${m.planName} membership has ended. Thank you for being a member.`,
    `To join again, visit our plans page or call us at ${facts.phone}.`,
  ];
  return render(subject, lines, { url: m.plansUrl, label: "Our plans" }, facts);
}
