import { z } from "../zod";
import { MAX_CENTS, parseDollars } from "../money/money";
import { staffText } from "./fields";
import { PAYMENT_REFERENCE_MAX_LENGTH } from "./limits";
import { blankAsAbsent } from "./values";

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
  amountCents: z
    .number({ error: "Amount must be a number of cents" })
    .int("Amount must be whole cents")
    .min(1, "Amount must be more than $0.00")
    .max(MAX_CENTS, "Amount is too large"),
  reference,
});

export type RecordPayment = z.output<typeof recordPaymentSchema>;

const AMOUNT_MESSAGE = "Enter an amount in dollars, like 150 or 1,234.50";

/**
 * The staff invoice page's "Record a payment" form: the method, the amount in dollars as typed and
 * an optional reference (a check's number). Conform checks it in the browser, the action with the
 * same schema; `paymentFromForm` turns its output into the JSON API's input (`amount` → `amountCents`).
 */
export const recordPaymentFormSchema = z.object({
  method,
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
} as const;
export type PayProblem = keyof typeof payProblems;

export function payProblemMessage(code: string | null | undefined): string | null {
  return code && Object.hasOwn(payProblems, code) ? payProblems[code as PayProblem] : null;
}
