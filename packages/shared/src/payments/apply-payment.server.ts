/**
 * The one way a payment is recorded (docs/product.md#payments, docs/decisions/020-money-and-payments.md):
 * staff recording cash or a check, and Stripe's webhook recording a card or bank payment, both call
 * `applyPayment` inside their transaction. It locks the invoice (or the estimate, for a deposit),
 * inserts the Payment, moves the invoice's paid amount and status, owes the receipt email and the
 * staff pages' live event through the outbox, and audits it.
 *
 * Decisions:
 * - A draft invoice takes no payment (409 "Send the invoice first"): the customer has not seen it,
 *   and its totals may still change. A void one takes none either (409).
 * - Staff may record at most the balance due (400 on `amountCents`); a partial payment is fine.
 * - An online payment (`stripeSessionId`) was taken already: it is recorded whatever the balance
 *   is now (an office payment may have come in meanwhile, or an old Checkout page was paid after a
 *   newer one), never dropped. What it paid beyond what was due is flagged for a refund: stored on
 *   the payment (`refundDueCents`, shown on the staff invoice page), told to the office by email
 *   (`payment-refund-due-email`, through the outbox) and audited (`payment.refund_due`).
 * - A deposit is paid on an approved estimate only; the invoices service moves it onto the
 *   invoice made from the estimate.
 * - Once an invoice is paid in full, its reminders still owed (`invoice:<id>`) are cancelled.
 */
import { isoDateTime } from "../api/endpoint";
import type { InvoiceStatusName } from "../api/invoices";
import { paymentMethods, type PaymentMethodName } from "../api/payments";
import { lockEstimate } from "../estimates/estimates.server";
import { invoiceStatus, invoiceSubject, lockInvoice, paidStatus } from "../invoices/invoices.server";
import { recordAudit } from "../audit-log.server";
import type { Prisma } from "../db.server";
import { balanceCents, formatCents } from "../money/money";
import type { Outbox } from "../outbox.server";
import { failure, success, type Result } from "../result";
import { z } from "../zod";

type Tx = Prisma.TransactionClient;

export interface PaymentInput {
  invoiceId?: number;
  estimateId?: number;
  method: PaymentMethodName;
  amountCents: number;
  reference?: string | null;
  stripeSessionId?: string | null;
  recordedById?: number | null;
  receivedAt?: Date;
}

/** An invoice as the payments API and the live event show it. */
const cents = z.number().int().nonnegative();

/** The invoice a payment was recorded on, as the answer shows it after (its status from Prisma's enum). */
export const invoicePaymentJson = z.object({
  id: z.number().int(),
  number: z.string(),
  status: invoiceStatus,
  totalCents: cents,
  paidCents: cents,
  balanceCents: cents,
});

export type InvoicePaymentSummary = z.output<typeof invoicePaymentJson>;

/** What `paymentJson` answers (docs/product.md#payments), declared once: its type, and the API's documented shape. */
export const paymentJsonSchema = z.object({
  id: z.number().int(),
  invoiceId: z.number().int().nullable(),
  estimateId: z.number().int().nullable(),
  method: z.enum(paymentMethods),
  amountCents: cents,
  reference: z.string().nullable(),
  receivedAt: isoDateTime,
  recordedById: z.number().int().nullable(),
});

export type PaymentJson = z.output<typeof paymentJsonSchema>;

export interface DepositSummary {
  id: number;
  number: string;
  depositCents: number;
  depositPaidCents: number;
}

export interface AppliedPayment {
  payment: PaymentJson;
  invoice: InvoicePaymentSummary | null;
  estimate: DepositSummary | null;
}

type PaymentRow = Prisma.PaymentGetPayload<object>;

export function paymentJson(p: PaymentRow): PaymentJson {
  return {
    id: p.id,
    invoiceId: p.invoiceId,
    estimateId: p.estimateId,
    method: p.method,
    amountCents: p.amountCents,
    reference: p.reference,
    receivedAt: p.receivedAt.toISOString(),
    recordedById: p.recordedById,
  };
}

export function invoiceSummary(i: {
  id: number;
  number: string;
  status: InvoicePaymentSummary["status"];
  totalCents: number;
  paidCents: number;
}): InvoicePaymentSummary {
  return {
    id: i.id,
    number: i.number,
    status: i.status,
    totalCents: i.totalCents,
    paidCents: i.paidCents,
    balanceCents: balanceCents(i.totalCents, i.paidCents),
  };
}

async function actorOf(tx: Tx, id: number | null | undefined) {
  if (!id) return null;
  const user = await tx.user.findUnique({ where: { id }, select: { id: true, email: true } });
  return user ?? null;
}

/**
 * Records a payment of an invoice (`invoiceId`) or an estimate's deposit (`estimateId`), in the
 * caller's transaction with its outbox. 404 unknown, 409 when the document takes no payment, 400
 * when staff record more than is due.
 */
export async function applyPayment(
  tx: Tx,
  outbox: Outbox,
  input: PaymentInput,
  requestId?: string,
): Promise<Result<AppliedPayment>> {
  if ((input.invoiceId === undefined) === (input.estimateId === undefined))
    throw new Error("applyPayment: pass an invoiceId or an estimateId, exactly one");
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1)
    throw new RangeError(`applyPayment: bad amount ${input.amountCents}`);
  return input.invoiceId !== undefined
    ? payInvoice(tx, outbox, input.invoiceId, input, requestId)
    : payDeposit(tx, outbox, input.estimateId!, input, requestId);
}

const online = (input: PaymentInput) => Boolean(input.stripeSessionId);

function insertPayment(
  tx: Tx,
  input: PaymentInput,
  of: { invoiceId?: number; estimateId?: number },
  customerId: number,
  refundDueCents = 0,
) {
  return tx.payment.create({
    data: {
      ...of,
      customerId,
      refundDueCents,
      method: input.method,
      amountCents: input.amountCents,
      reference: input.reference?.trim() || null,
      stripeSessionId: input.stripeSessionId ?? null,
      recordedById: input.recordedById ?? null,
      ...(input.receivedAt ? { receivedAt: input.receivedAt } : {}),
    },
  });
}

async function payInvoice(
  tx: Tx,
  outbox: Outbox,
  id: number,
  input: PaymentInput,
  requestId: string | undefined,
): Promise<Result<AppliedPayment>> {
  await lockInvoice(tx, id);
  const invoice = await tx.invoice.findUnique({
    where: { id },
    select: { id: true, number: true, status: true, totalCents: true, paidCents: true, customerId: true },
  });
  if (!invoice) return failure(404, "No such invoice");
  if (invoice.status === "void") return failure(409, `Invoice ${invoice.number} is void: it takes no payment`);
  if (invoice.status === "draft")
    return failure(409, `Send the invoice first: invoice ${invoice.number} is a draft the customer has not seen`);
  const due = balanceCents(invoice.totalCents, invoice.paidCents);
  if (!online(input)) {
    if (due === 0) return failure(409, `Invoice ${invoice.number} is paid in full`);
    if (input.amountCents > due)
      return failure(400, "Please correct the highlighted fields", {
        errors: { amountCents: `At most the balance due, ${formatCents(due)}` },
      });
  }
  // Staff were held to the balance above; an online payment may pay past it.
  const refundDueCents = Math.max(0, input.amountCents - due);
  const payment = await insertPayment(tx, input, { invoiceId: id }, invoice.customerId, refundDueCents);
  const updated = await creditInvoice(tx, outbox, invoice, input.amountCents, payment.id, requestId);
  const { paidCents } = updated;
  outbox.add("payment-receipt-email", { paymentId: payment.id, requestId });
  await recordAudit(tx, {
    actor: await actorOf(tx, input.recordedById),
    action: "payment.recorded",
    targetType: "invoice",
    targetId: id,
    details: {
      number: invoice.number,
      paymentId: payment.id,
      method: input.method,
      amountCents: input.amountCents,
      reference: payment.reference,
      stripeSessionId: payment.stripeSessionId,
      paidCents,
      status: updated.status,
      ...(paidCents > invoice.totalCents ? { overpaidCents: paidCents - invoice.totalCents } : {}),
    },
  });
  if (refundDueCents > 0)
    await flagRefund(
      tx,
      outbox,
      payment,
      { targetType: "invoice", targetId: id, number: invoice.number, dueCents: due },
      requestId,
    );
  return success({ payment: paymentJson(payment), invoice: invoiceSummary(updated), estimate: null }, 201);
}

/**
 * What was paid of an invoice (`invoiceId`) or of an estimate's deposit (`estimateId`) up to and
 * including one payment: a receipt states the balance as that payment left it, even when it is sent
 * after a later payment came in. Payments of one document are inserted under its lock, so their ids
 * follow the order they were credited in.
 */
export async function paidUpTo(
  tx: Pick<Tx, "payment">,
  of: { invoiceId: number } | { estimateId: number },
  paymentId: number,
) {
  const paid = await tx.payment.aggregate({ where: { ...of, id: { lte: paymentId } }, _sum: { amountCents: true } });
  return paid._sum.amountCents ?? 0;
}

/** What an approved estimate's deposit is, and what was paid of it (up to one payment, when given). */
export async function depositOf(tx: Pick<Tx, "estimate" | "payment">, estimateId: number, upToPaymentId?: number) {
  const estimate = await tx.estimate.findUnique({
    where: { id: estimateId },
    select: {
      id: true,
      number: true,
      status: true,
      customerId: true,
      depositPercent: true,
      approvedOption: { select: { depositCents: true, totalCents: true, name: true } },
    },
  });
  if (!estimate) return null;
  const depositPaidCents =
    upToPaymentId === undefined
      ? ((await tx.payment.aggregate({ where: { estimateId }, _sum: { amountCents: true } }))._sum.amountCents ?? 0)
      : await paidUpTo(tx, { estimateId }, upToPaymentId);
  return {
    ...estimate,
    depositCents: estimate.status === "approved" ? (estimate.approvedOption?.depositCents ?? 0) : 0,
    depositPaidCents,
  };
}

async function payDeposit(
  tx: Tx,
  outbox: Outbox,
  id: number,
  input: PaymentInput,
  requestId: string | undefined,
): Promise<Result<AppliedPayment>> {
  await lockEstimate(tx, id);
  const estimate = await depositOf(tx, id);
  if (!estimate) return failure(404, "No such estimate");
  if (estimate.status !== "approved")
    return failure(409, `Estimate ${estimate.number} is ${estimate.status}: a deposit is paid once it is approved`);
  const due = Math.max(0, estimate.depositCents - estimate.depositPaidCents);
  if (!online(input)) {
    if (due === 0) return failure(409, `Estimate ${estimate.number} has no deposit due`);
    if (input.amountCents > due)
      return failure(400, "Please correct the highlighted fields", {
        errors: { amountCents: `At most the deposit due, ${formatCents(due)}` },
      });
  }
  // Invoiced already (the invoice took over the deposits paid before it): the deposit is a payment of
  // that invoice too, credited there in this transaction (locked after the estimate, as the invoices
  // service locks them).
  const invoiced = await tx.invoice.findFirst({
    where: { estimateId: id, status: { not: "void" } },
    select: { id: true },
  });
  let before = null;
  if (invoiced) {
    await lockInvoice(tx, invoiced.id);
    before = await tx.invoice.findUniqueOrThrow({
      where: { id: invoiced.id },
      select: { id: true, status: true, paidCents: true, totalCents: true },
    });
  }
  // Beyond the deposit due, or beyond the invoice's balance when it is invoiced: flagged for a refund.
  const refundDueCents = Math.max(
    0,
    input.amountCents - due,
    before ? input.amountCents - balanceCents(before.totalCents, before.paidCents) : 0,
  );
  const payment = await insertPayment(
    tx,
    input,
    { estimateId: id, ...(invoiced ? { invoiceId: invoiced.id } : {}) },
    estimate.customerId,
    refundDueCents,
  );
  const invoice = before ? await creditInvoice(tx, outbox, before, input.amountCents, payment.id, requestId) : null;
  const depositPaidCents = estimate.depositPaidCents + input.amountCents;
  outbox.add("payment-receipt-email", { paymentId: payment.id, requestId });
  outbox.add("estimate-event", { estimateId: id, version: `deposit-${payment.id}`, requestId });
  await recordAudit(tx, {
    actor: await actorOf(tx, input.recordedById),
    action: "payment.recorded",
    targetType: "estimate",
    targetId: id,
    details: {
      number: estimate.number,
      paymentId: payment.id,
      deposit: true,
      method: input.method,
      amountCents: input.amountCents,
      reference: payment.reference,
      stripeSessionId: payment.stripeSessionId,
      depositPaidCents,
      ...(invoice ? { invoice: invoice.number } : {}),
      ...(depositPaidCents > estimate.depositCents ? { overpaidCents: depositPaidCents - estimate.depositCents } : {}),
    },
  });
  if (refundDueCents > 0)
    await flagRefund(
      tx,
      outbox,
      payment,
      { targetType: "estimate", targetId: id, number: estimate.number, dueCents: due },
      requestId,
    );
  return success(
    {
      payment: paymentJson(payment),
      invoice: invoice ? invoiceSummary(invoice) : null,
      estimate: { id, number: estimate.number, depositCents: estimate.depositCents, depositPaidCents },
    },
    201,
  );
}

/**
 * An online payment that paid more than was due (an old Checkout page paid after a newer one, an
 * office payment meanwhile): it stays recorded, and the part beyond what was due (`refundDueCents`,
 * stored on the payment) is flagged for the office to refund from Stripe's dashboard: the office is
 * emailed through the outbox and the flag is audited.
 */
async function flagRefund(
  tx: Tx,
  outbox: Outbox,
  payment: PaymentRow,
  of: { targetType: "invoice" | "estimate"; targetId: number; number: string; dueCents: number },
  requestId: string | undefined,
) {
  outbox.add("payment-refund-due-email", { paymentId: payment.id, requestId });
  await recordAudit(tx, {
    actor: null,
    action: "payment.refund_due",
    targetType: of.targetType,
    targetId: of.targetId,
    details: {
      number: of.number,
      paymentId: payment.id,
      amountCents: payment.amountCents,
      dueCents: of.dueCents,
      refundDueCents: payment.refundDueCents,
      stripeSessionId: payment.stripeSessionId,
    },
  });
}

/**
 * A payment credited on an invoice the caller locked and read (`lockInvoice`): the paid amount
 * moved, and the status the payments give it (`paidStatus`; a draft stays a draft, sending it gives
 * its status), paid from the first moment they covered the total; its reminders dropped once paid;
 * the staff pages told.
 */
async function creditInvoice(
  tx: Tx,
  outbox: Outbox,
  before: { id: number; status: InvoiceStatusName; paidCents: number; totalCents: number },
  amountCents: number,
  paymentId: number,
  requestId?: string,
) {
  const paidCents = before.paidCents + amountCents;
  const status = before.status === "draft" ? "draft" : paidStatus(before.totalCents, paidCents);
  const updated = await tx.invoice.update({
    where: { id: before.id },
    data: { paidCents, status, ...(status === "paid" && before.status !== "paid" ? { paidAt: new Date() } : {}) },
    select: { id: true, number: true, status: true, totalCents: true, paidCents: true },
  });
  // Paid in full: its reminders stand down.
  if (paidCents >= before.totalCents) await outbox.cancel(invoiceSubject(before.id), ["invoice-reminder"]);
  outbox.add("invoice-event", { invoiceId: before.id, version: `payment-${paymentId}`, requestId });
  return updated;
}
