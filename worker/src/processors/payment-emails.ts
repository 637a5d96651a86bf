import { UnrecoverableError } from "bullmq";
import {
  paymentFailedEmail,
  paymentFailedOfficeEmail,
  paymentReceiptEmail,
  refundDueOfficeEmail,
  type FailedDebit,
} from "@app/shared/email/payment-templates";
import type { JobData } from "@app/shared/jobs";
import { balanceCents } from "@app/shared/money/money";
import { depositOf, paidUpTo } from "@app/shared/payments/apply-payment.server";
import { ADMIN_ROOM } from "@app/shared/realtime";
import { openSealedToken } from "../sealed-token";
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
    refundDueCents: payment.refundDueCents,
    of,
  });
  return ctx.mailer.send({ ...email, to, kind: "payment-receipt", relatedKey: `payment:${payment.id}` });
}

/**
 * A bank debit failed (`recordFailedDebit`, packages/shared/src/payments/stripe.server.ts): the customer is
 * told nothing was taken, with their page's link to pay again; the office is told too (replies go to the customer).
 */
export async function sendPaymentFailed(ctx: WorkerContext, data: JobData<"payment-failed-email">) {
  const checkout = await ctx.db.checkoutSession.findUnique({
    where: { id: data.checkoutSessionId },
    include: {
      invoice: {
        select: { id: true, number: true, sealedToken: true, customer: { select: { name: true, email: true } } },
      },
    },
  });
  if (!checkout) throw new UnrecoverableError(`checkout session ${data.checkoutSessionId} not found`);
  const estimate =
    checkout.estimateId === null
      ? null
      : await ctx.db.estimate.findUnique({
          where: { id: checkout.estimateId },
          select: { id: true, number: true, sealedToken: true, customer: { select: { name: true, email: true } } },
        });
  const doc = checkout.invoice ?? estimate;
  if (!doc) throw new UnrecoverableError(`checkout session ${checkout.id} is of nothing`);
  const token = openSealedToken(ctx, doc.sealedToken);
  const kind = checkout.invoice ? ("invoice" as const) : ("deposit" as const);
  const debit: FailedDebit = {
    amountCents: checkout.amountCents,
    startedAt: checkout.createdAt,
    of: { kind, number: doc.number },
    customerUrl: token ? `${ctx.env.APP_URL}/${kind === "invoice" ? "invoices" : "estimates"}/${token}` : null,
  };
  const staffUrl = `${ctx.env.APP_URL}/admin/${kind === "invoice" ? "invoices" : "estimates"}/${doc.id}`;
  const customer = await ctx.mailer.send({
    ...paymentFailedEmail(debit),
    to: doc.customer.email,
    kind: "payment-failed",
    relatedKey: `payment-failed:${checkout.id}:customer`,
  });
  await ctx.mailer.send({
    ...paymentFailedOfficeEmail({ ...debit, customerName: doc.customer.name, staffUrl }),
    to: ctx.env.STAFF_EMAIL,
    replyTo: doc.customer.email,
    kind: "payment-failed",
    relatedKey: `payment-failed:${checkout.id}:office`,
  });
  return customer;
}

/**
 * An online payment paid more than was due (`applyPayment`, packages/shared/src/payments/apply-payment.server.ts):
 * the office is told what to refund, with the staff page's link (replies go to the customer).
 */
export async function sendRefundDue(ctx: WorkerContext, data: JobData<"payment-refund-due-email">) {
  const payment = await ctx.db.payment.findUnique({
    where: { id: data.paymentId },
    include: {
      invoice: { select: { id: true, number: true } },
      estimate: { select: { id: true, number: true } },
    },
  });
  if (!payment) throw new UnrecoverableError(`payment ${data.paymentId} not found`);
  const customer = await ctx.db.customer.findUnique({
    where: { id: payment.customerId },
    select: { name: true, email: true },
  });
  // A deposit credited on its estimate's invoice is shown on the invoice's page.
  const page = payment.invoice
    ? { path: `invoices/${payment.invoice.id}` }
    : payment.estimate
      ? { path: `estimates/${payment.estimate.id}` }
      : null;
  if (!page || !customer) throw new UnrecoverableError(`payment ${payment.id} is of nothing`);
  const of = payment.estimate
    ? { kind: "deposit" as const, number: payment.estimate.number }
    : { kind: "invoice" as const, number: payment.invoice!.number };
  return ctx.mailer.send({
    ...refundDueOfficeEmail({
      amountCents: payment.amountCents,
      refundDueCents: payment.refundDueCents,
      method: payment.method,
      reference: payment.reference,
      receivedAt: payment.receivedAt,
      of,
      customerName: customer.name,
      staffUrl: `${ctx.env.APP_URL}/admin/${page.path}`,
    }),
    to: ctx.env.STAFF_EMAIL,
    replyTo: customer.email,
    kind: "payment-refund-due",
    relatedKey: `payment-refund-due:${payment.id}`,
  });
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
