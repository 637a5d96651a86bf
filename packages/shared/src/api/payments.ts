import { z } from "../zod";
import { parseDollars } from "../money/money";
import { addLocalDays, businessDate, localDaysBetween, parseLocalDate } from "../time";
import { centsField, MAX_DOLLARS_TEXT } from "./amounts";
import { staffText } from "./fields";
import { PAYMENT_REFERENCE_MAX_LENGTH } from "./limits";
import { blankAsAbsent, localDateField } from "./values";

/**
 * Payments (docs/product.md#payments). Staff record what the office received (cash, a check, other);
 * card and bank payments are recorded only by Stripe's webhook (docs/decisions/020-money-and-payments.md).
 * The JSON API takes whole cents; the staff invoice page's form posts dollars as typed, read by the
 * money module into the same input, so one service records both.
 */

/** What staff may record by hand; `card` and `us_bank_account` come from Stripe only. */
export const staffPaymentMethods = ["cash", "check", "other"] as const;
export type StaffPaymentMethod = (typeof staffPaymentMethods)[number];

export const paymentMethods = ["card", "us_bank_account", "cash", "check", "other"] as const;
export type PaymentMethodName = (typeof paymentMethods)[number];

export const paymentMethodLabels: Record<PaymentMethodName, string> = {
  card: "Card",
  us_bank_account: "Bank account (ACH)",
  cash: "Cash",
  check: "Check",
  other: "Other",
};

const method = z.enum(staffPaymentMethods, { error: "Choose cash, check or other" });
const reference = staffText("Reference", PAYMENT_REFERENCE_MAX_LENGTH).optional();

/** POST /api/invoices/{id}/payments. The amount is at most the balance due (checked by the service: 400 on `amountCents`). */
export const recordPaymentSchema = z.object({
  method,
  amountCents: centsField("Amount", 1),
  reference,
});

export type RecordPayment = z.output<typeof recordPaymentSchema>;

const AMOUNT_MESSAGE = `Enter an amount in dollars up to ${MAX_DOLLARS_TEXT}, like 150 or 1,234.50`;

/** How far back a payment recorded by hand may be dated (a check found in the van a few weeks later). */
export const RECEIVED_DAYS_BACK = 90;

/** The earliest and the latest "date received" a payment recorded `today` may have. */
export function receivedDateBounds(today = businessDate()) {
  return { min: addLocalDays(today, -RECEIVED_DAYS_BACK), max: today };
}

/** The day a payment was received: today at the latest, RECEIVED_DAYS_BACK days ago at the earliest. */
const receivedOn = localDateField("Give the date it was received, like 2026-12-03").superRefine((value, ctx) => {
  if (!parseLocalDate(value)) return;
  const { min, max } = receivedDateBounds();
  if (localDaysBetween(max, value) > 0)
    ctx.addIssue({ code: "custom", message: "The date received cannot be later than today" });
  else if (localDaysBetween(min, value) < 0)
    ctx.addIssue({ code: "custom", message: `The date received can be at most ${RECEIVED_DAYS_BACK} days ago` });
});

/**
 * The one payment form (docs/product.md#payments), "Record a payment" on the staff invoice page and
 * "Collect a payment" on /jobs: how the customer paid (no method assumed: a wrong one would put cash
 * down as a check), the amount in dollars as typed (the form starts at the balance due), an optional
 * reference (a check's number), and the day it was received (the form starts at today, Baton Rouge's
 * day; left blank or not sent, it is today). Conform checks it in the browser, the action with the
 * same schema; `paymentFromForm` turns its output into the JSON API's input (`amount` → `amountCents`).
 */
export const recordPaymentFormSchema = z.object({
  method: z.enum(staffPaymentMethods, { error: "Choose how the customer paid: cash, check or other" }),
  amount: z
    .string({ error: AMOUNT_MESSAGE })
    .trim()
    .min(1, AMOUNT_MESSAGE)
    .superRefine((typed, ctx) => {
      const cents = parseDollars(typed);
      if (cents === null) ctx.addIssue({ code: "custom", message: AMOUNT_MESSAGE });
      else if (cents === 0) ctx.addIssue({ code: "custom", message: "Amount must be more than $0.00" });
    }),
  reference: blankAsAbsent(reference),
  receivedOn: blankAsAbsent(receivedOn),
});

/** The form's checked output as the JSON API's input: the amount in whole cents. */
export function paymentFromForm(form: z.output<typeof recordPaymentFormSchema>): RecordPayment {
  return {
    method: form.method,
    amountCents: parseDollars(form.amount)!,
    ...(form.reference ? { reference: form.reference } : {}),
  };
}

/** A customer's link token (/invoices/<token>, /estimates/<token>): 256 bits, base64url (43 characters). */
export const linkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/**
 * Why "Pay online" sent the customer back to their page: `?payment=<code>` on /invoices/<token> and
 * /estimates/<token>, read into a sentence by the page (never the text of an error from elsewhere).
 */
export const payProblems = {
  unavailable: "Online payment is not available right now. Please try again later or call our office.",
  "nothing-due": "Nothing is due online on this document.",
  closed: "This document cannot be paid online. Please call our office.",
  busy: "Too many attempts from your network. Please wait a minute and try again.",
  "debit-pending":
    "A bank payment of this document is on its way: bank payments take a few business days. We will email you a receipt when it arrives.",
  "being-confirmed":
    "A payment of this document was just made on another page and is being confirmed. We will email you a receipt; nothing more is due online until then.",
} as const;
export type PayProblem = keyof typeof payProblems;

export function payProblemMessage(code: string | null | undefined): string | null {
  return code && Object.hasOwn(payProblems, code) ? payProblems[code as PayProblem] : null;
}

/**
 * What POST /api/webhooks/stripe needs of a signed event before anything is recorded
 * (docs/security.md#webhook-events-missing-what-we-need): an id (each event is recorded once by it),
 * a type and the object it is about. Anything else of Stripe's event is read as it comes.
 */
export const stripeEventSchema = z.object({
  id: z.string({ error: "An event id is required" }).min(1, "An event id is required").max(255),
  type: z.string({ error: "An event type is required" }).min(1, "An event type is required").max(255),
  data: z.object(
    { object: z.record(z.string(), z.unknown(), { error: "The event's object is required" }) },
    { error: "The event's data is required" },
  ),
});

/**
 * What a Checkout Session's event must carry for the webhook to act on it: the session's id (our
 * CheckoutSession row is found by it; the amount and the document are ours, never the event's), and,
 * on `checkout.session.completed`, whether it is paid (a bank debit completes unpaid).
 */
export const stripeCheckoutSessionSchema = z.object({
  id: z
    .string({ error: "The session's id is required" })
    .max(255)
    .regex(/^cs_\w+$/, "The session's id is required (cs_…)"),
  payment_status: z.enum(["paid", "unpaid", "no_payment_required"], {
    error: "The session's payment_status is required",
  }),
  amount_total: z.number().int().nullish(),
  payment_intent: z.union([z.string(), z.object({ id: z.string() }).loose()]).nullish(),
  payment_method_types: z.array(z.string()).nullish(),
});
