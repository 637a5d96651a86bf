/**
 * The staff invoice page's "Record a payment" form (docs/product.md#payments): read with the one
 * schema (`recordPaymentFormSchema`, Conform in the browser, the same here), recorded by the same
 * service as POST /api/invoices/{id}/payments. The page's action reads its post once and hands it
 * here when `intent=record-payment`.
 */
import type { AppLoadContext } from "@remix-run/node";
import { paymentFromForm, recordPaymentFormSchema } from "@app/shared/api/payments";
import { formatCents } from "@app/shared/money/money";
import type { AppliedPayment } from "@app/shared/payments/apply-payment.server";
import { recordInvoicePayment } from "@app/shared/payments/payments.server";
import { failure, type Result } from "@app/shared/result";
import { answer, refused, submissionOf } from "~/utils/action.server";
import { readForm } from "~/utils/form.server";

export const RECORD_PAYMENT_INTENT = "record-payment";

/**
 * Records the posted payment for `invoiceId` as `actor` (the signed-in admin, or the visit's
 * technician on /jobs): the page's answer, `{ ok, intent, message, result, payment?, invoice? }`
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
  const result = await recordInvoicePayment(context, actor, invoiceId, paymentFromForm(submission.value));
  const mapped: Result<AppliedPayment> = result.ok
    ? result
    : failure(result.status, result.message, {
        errors: Object.fromEntries(
          Object.entries(result.errors ?? {}).map(([k, v]) => [k === "amountCents" ? "amount" : k, v]),
        ),
      });
  return answer(submission, mapped, {
    ...options,
    message: ({ payment, invoice }) =>
      `Recorded ${formatCents(payment.amountCents)}; ${
        invoice && invoice.balanceCents > 0 ? `${formatCents(invoice.balanceCents)} left to pay` : "paid in full"
      }.`,
    data: ({ payment, invoice }) => ({ payment, invoice }),
  });
}
