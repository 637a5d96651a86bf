/**
 * Staff payments (docs/product.md#payments): what the office received by hand (cash, a check,
 * other) recorded against an invoice, through the one `applyPayment`. The JSON API
 * (POST /api/invoices/{id}/payments) and the staff invoice page's form both call this.
 */
import type { RecordPayment } from "../api/payments";
import { inTransaction, type ChangeContext } from "../outbox.server";
import type { Result } from "../result";
import { applyPayment, type AppliedPayment } from "./apply-payment.server";

export async function recordInvoicePayment(
  context: ChangeContext,
  actor: { id: number },
  invoiceId: number,
  input: RecordPayment,
): Promise<Result<AppliedPayment>> {
  return inTransaction(context, (tx, outbox) =>
    applyPayment(
      tx,
      outbox,
      {
        invoiceId,
        method: input.method,
        amountCents: input.amountCents,
        reference: input.reference ?? null,
        recordedById: actor.id,
      },
      context.requestId,
    ),
  );
}
