import { UnrecoverableError } from "bullmq";
import { paymentReceiptEmail } from "@app/shared/email/payment-templates";
import type { JobData } from "@app/shared/jobs";
import { balanceCents } from "@app/shared/money/money";
import { depositOf, paidUpTo } from "@app/shared/payments/apply-payment.server";
import { ADMIN_ROOM } from "@app/shared/realtime";
import type { WorkerContext } from "../worker-context";

/**
 * A payment's receipt and the invoice's live event (docs/product.md#payments), owed by
 * `applyPayment` (packages/shared/src/payments/apply-payment.server.ts) in the payment's transaction.
 */

export async function sendPaymentReceipt(ctx: WorkerContext, data: JobData<"payment-receipt-email">) {
  const payment = await ctx.db.payment.findUnique({
    where: { id: data.paymentId },
    include: {
      invoice: { select: { id: true, number: true, totalCents: true, customer: { select: { email: true } } } },
      estimate: { select: { id: true, customer: { select: { email: true } } } },
    },
  });
  if (!payment) throw new UnrecoverableError(`payment ${data.paymentId} not found`);
  let of;
  let to;
  if (payment.invoice) {
    const i = payment.invoice;
    of = {
      kind: "invoice" as const,
      number: i.number,
      totalCents: i.totalCents,
      // As this payment left it, not as it is when the receipt goes out.
      balanceCents: balanceCents(i.totalCents, await paidUpTo(ctx.db, { invoiceId: i.id }, payment.id)),
    };
    to = i.customer.email;
  } else if (payment.estimate) {
    const deposit = await depositOf(ctx.db, payment.estimate.id, payment.id);
    if (!deposit) throw new UnrecoverableError(`estimate ${payment.estimate.id} not found`);
    of = {
      kind: "deposit" as const,
      number: deposit.number,
      depositCents: deposit.depositCents,
      depositPaidCents: deposit.depositPaidCents,
    };
    to = payment.estimate.customer.email;
  } else throw new UnrecoverableError(`payment ${payment.id} is of nothing`);
  const email = paymentReceiptEmail({
    amountCents: payment.amountCents,
    method: payment.method,
    reference: payment.reference,
    receivedAt: payment.receivedAt,
    of,
  });
  return ctx.mailer.send({ ...email, to, kind: "payment-receipt", relatedKey: `payment:${payment.id}` });
}

/** Every open admin page hears the invoice's new status and balance (`invoice:updated`). */
export async function publishInvoiceEvent(ctx: WorkerContext, data: JobData<"invoice-event">) {
  const i = await ctx.db.invoice.findUnique({
    where: { id: data.invoiceId },
    select: { id: true, number: true, status: true, totalCents: true, paidCents: true },
  });
  if (!i) throw new UnrecoverableError(`invoice ${data.invoiceId} not found`);
  ctx.emitter.to(ADMIN_ROOM).emit("invoice:updated", {
    id: i.id,
    number: i.number,
    status: i.status,
    paidCents: i.paidCents,
    balanceCents: balanceCents(i.totalCents, i.paidCents),
  });
  return { emitted: "invoice:updated" };
}
