/**
 * Staff payments (docs/product.md#payments): what the office received by hand (cash, a check,
 * other) recorded against an invoice, through the one `applyPayment`. The JSON API
 * (POST /api/invoices/{id}/payments), the staff invoice page's form and the technician's /jobs
 * (collecting on site) all call this.
 */
import type { RecordPayment } from "../api/payments";
import { mayHandleInvoice } from "../invoices/invoices.server";
import { inTransaction, type ChangeContext } from "../outbox.server";
import type { Result } from "../result";
import { applyPayment, type AppliedPayment } from "./apply-payment.server";

/**
 * An admin, or the technician of the invoice's visit collecting on site (`mayHandleInvoice`: 403 anyone else).
 * `receivedAt`: when the money was received, when that was not now (a date received on /jobs).
 */
export async function recordInvoicePayment(
  context: ChangeContext,
  actor: { id: number; role: string },
  invoiceId: number,
  input: RecordPayment & { receivedAt?: Date },
): Promise<Result<AppliedPayment>> {
  return inTransaction(context, async (tx, outbox) => {
    const allowed = await mayHandleInvoice(tx, actor, invoiceId);
    if (!allowed.ok) return allowed;
    return applyPayment(
      tx,
      outbox,
      {
        invoiceId,
        method: input.method,
        amountCents: input.amountCents,
        reference: input.reference ?? null,
        recordedById: actor.id,
        ...(input.receivedAt ? { receivedAt: input.receivedAt } : {}),
      },
      context.requestId,
    );
  });
}
