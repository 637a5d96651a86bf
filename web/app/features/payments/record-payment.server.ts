/**
 * The one payment form (docs/product.md#payments), "Record a payment" on the staff invoice page and
 * "Collect a payment" on /jobs: read with the one schema (`recordPaymentFormSchema`, Conform in the
 * browser, the same here), recorded by the same service as POST /api/invoices/{id}/payments with the
 * day it was received. Each page's action reads its post once and hands it here.
 */
import type { AppLoadContext } from "@remix-run/node";
import { paymentFromForm, recordPaymentFormSchema } from "@app/shared/api/payments";
import { formatCents } from "@app/shared/money/money";
import type { AppliedPayment } from "@app/shared/payments/apply-payment.server";
import { recordInvoicePayment } from "@app/shared/payments/payments.server";
import { failure, type Result } from "@app/shared/result";
import { businessDate, requireBusinessInstant } from "@app/shared/time";
import { answer, refused, submissionOf } from "~/utils/action.server";
import { readForm } from "~/utils/form.server";

export const RECORD_PAYMENT_INTENT = "record-payment";

/**
 * Records the posted payment for `invoiceId` as `actor` (the signed-in admin, or the visit's
 * technician on /jobs; the service decides who may): the page's answer, `{ ok, intent, message, result, payment?, invoice? }`
 * (`intent` "record-payment" unless the page names its form otherwise), with the refusal's field
 * errors under the form's names (`amount` for the service's `amountCents`).
 */
export async function handleRecordPayment(
  source: Request | FormData,
  context: AppLoadContext,
  actor: { id: number; role: string },
  invoiceId: number,
  intent = RECORD_PAYMENT_INTENT,
) {
  const form = source instanceof FormData ? source : await readForm(source);
  const submission = submissionOf(form, recordPaymentFormSchema);
  const options = { intent };
  if (submission.status !== "success") return refused(submission, options);
  const result = await recordInvoicePayment(context, actor, invoiceId, {
    ...paymentFromForm(submission.value),
    receivedAt: receivedAtOf(submission.value.receivedOn ?? businessDate()),
  });
  return answer(submission, underFormNames(result), {
    ...options,
    message: recordedMessage,
    data: ({ payment, invoice }) => ({ payment, invoice }),
  });
}

/**
 * When a payment received on `receivedOn` was received: now when that is today, else noon of that
 * Baton Rouge day (the day is what the person recording it knows; noon keeps it that day in every report).
 */
function receivedAtOf(receivedOn: string, now = new Date()): Date {
  return receivedOn === businessDate(now) ? now : requireBusinessInstant(receivedOn, 12 * 60);
}

/** A refused payment's field errors under the payment forms' names (`amount` for the service's `amountCents`). */
function underFormNames(result: Result<AppliedPayment>): Result<AppliedPayment> {
  if (result.ok) return result;
  return failure(result.status, result.message, {
    errors: Object.fromEntries(
      Object.entries(result.errors ?? {}).map(([k, v]) => [k === "amountCents" ? "amount" : k, v]),
    ),
  });
}

/** What a payment form says once the payment is recorded: "Recorded $50.00; $20.00 left to pay." */
function recordedMessage({ payment, invoice }: AppliedPayment): string {
  return `Recorded ${formatCents(payment.amountCents)}; ${
    invoice && invoice.balanceCents > 0 ? `${formatCents(invoice.balanceCents)} left to pay` : "paid in full"
  }.`;
}
