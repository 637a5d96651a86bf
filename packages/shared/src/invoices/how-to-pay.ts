import { business, type BusinessFacts } from "../business";
import { addLocalDays, businessDate, formatLocalDate } from "../time";

/**
 * How a customer pays an invoice (docs/product.md#invoices), one wording for the customer's page,
 * the PDF, the emails and the customer's account: the due date (the business's net terms counted
 * in Baton Rouge days from the day it was sent) and the ways to pay: by check (payable to, mailed
 * to), by phone, and online only when online payment (Stripe) is on. Safe for the browser.
 */

export type WayToPay = { kind: "online" | "check" | "phone"; title: string; text: string };

/** The day an invoice sent at `sentAt` is due, "YYYY-MM-DD": `netDays` Baton Rouge days later. */
export function invoiceDueOn(sentAt: Date, facts: BusinessFacts = business): string {
  return addLocalDays(businessDate(sentAt), facts.invoicing.netDays);
}

/** "Due by Sunday, December 13, 2026 (net 15)". */
export function dueSentence(sentAt: Date, facts: BusinessFacts = business): string {
  return `Due by ${formatLocalDate(invoiceDueOn(sentAt, facts))} (net ${facts.invoicing.netDays})`;
}

/** Where checks are mailed: "7450 Jefferson Highway, Suite 210, Baton Rouge, LA 70806". */
export function remitToAddress(facts: BusinessFacts = business): string {
  const a = facts.invoicing.remitTo;
  return `${a.street}, ${a.city}, ${a.region} ${a.postalCode}`;
}

/** The ways to pay invoice `number`, online first when it is on (never promised when it is off). */
export function waysToPay(number: string, online: boolean, facts: BusinessFacts = business): WayToPay[] {
  return [
    ...(online
      ? [
          {
            kind: "online" as const,
            title: "Online",
            text: "By card or bank account on your invoice's page (Pay online).",
          },
        ]
      : []),
    {
      kind: "check",
      title: "By check",
      text: `Payable to ${facts.invoicing.payableTo}, mailed to ${remitToAddress(facts)}. Please write ${number} on the memo line.`,
    },
    {
      kind: "phone",
      title: "By phone",
      text: `Call us at ${facts.phone} during office hours to pay by card.`,
    },
  ];
}
