/**
 * Invoices (docs/product.md#invoices): drafted from a visit (the approved option of its estimate and
 * the items the technician added on site), by staff or on their own when the visit is completed;
 * sent to the customer by email with a link (/invoices/<token>) and a PDF, with reminders while a
 * balance is due; void while nothing is paid. Every amount is computed by
 * packages/shared/src/money/money.ts when the invoice is written and stored with it; the number is
 * given by the database (docs/decisions/020-money-and-payments.md). Payments (recording one, Stripe)
 * are not here: they write `paidCents` and the status in the transaction that records them.
 */
import { InvoiceStatus } from "../.server/prisma/enums";
import { isoDateTime } from "../api/endpoint";
import type { NewInvoice } from "../api/invoices";
import { paymentMethods } from "../api/payments";
import { recordAudit } from "../audit-log.server";
import { lockEstimate } from "../estimates/estimates.server";
import type { Prisma, Reader } from "../db.server";
import { balanceCents, documentTotals, MAX_CENTS, type MoneyLine } from "../money/money";
import { bookingSubject } from "../booking/visit-notifications.server";
import type { Env } from "../env.server";
import { inTransaction, type ChangeContext, type Outbox } from "../outbox.server";
import {
  memberDiscountColumns,
  memberDiscountJson,
  memberDiscountJsonSchema,
  storedMemberDiscount,
  type MemberDiscount,
} from "../plans/member-discount";
import { memberDiscountOf } from "../plans/memberships.server";
import { readSalesTaxRate } from "../pricing/price-book.server";
import { failure, success, type Failure, type Result } from "../result";
import { randomToken, sealToken, sha256 } from "../tokens.server";
import { oweDocumentText, oweVisitText } from "../texts/owe.server";
import { z } from "../zod";

interface Actor {
  id: number;
  email: string;
}

/** Who sends an invoice or takes a payment of it: an admin, or the technician of its visit (on site). */
export interface InvoiceHandler extends Actor {
  role: string;
}

/**
 * Whether `actor` may send the invoice or record a payment of it (docs/product.md#invoices): any
 * admin; a technician only for an invoice of a visit assigned to them (collecting on site). 404 an
 * unknown invoice, 403 anyone else.
 */
export async function mayHandleInvoice(
  db: Pick<Prisma.TransactionClient, "invoice">,
  actor: { id: number; role: string },
  invoiceId: number,
): Promise<Result<null>> {
  const invoice = await db.invoice.findUnique({
    where: { id: invoiceId },
    select: { booking: { select: { technicianId: true } } },
  });
  if (!invoice) return failure(404, NOT_FOUND);
  if (actor.role === "admin") return success(null);
  if (actor.role === "technician" && invoice.booking?.technicianId === actor.id) return success(null);
  return failure(403, "Only an admin, or the technician of the invoice's visit, may do this.");
}

type Tx = Prisma.TransactionClient;

const NOT_FOUND = "No such invoice";

/** The reminders a sent invoice owes while a balance is due: this many days after the send. */
export const INVOICE_REMINDER_DAYS = [7, 14] as const;

export const NOTHING_TO_INVOICE = "Nothing to invoice yet: approve an estimate or add items on the job record";

/** The subject of an invoice's outbox rows: sending again or voiding cancels what it still owes. */
export const invoiceSubject = (invoiceId: number) => `invoice:${invoiceId}`;

export const invoiceInclude = {
  customer: { select: { id: true, name: true, email: true } },
  lines: { orderBy: { position: "asc" } },
  payments: {
    orderBy: [{ receivedAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      method: true,
      amountCents: true,
      reference: true,
      receivedAt: true,
      estimateId: true,
      refundDueCents: true,
    },
  },
} as const satisfies Prisma.InvoiceInclude;

export type InvoiceRow = Prisma.InvoiceGetPayload<{ include: typeof invoiceInclude }>;

/** Whether a payment of an invoice was the deposit paid on the estimate it bills. */
export const isDeposit = (i: { estimateId: number | null }, p: { estimateId: number | null }) =>
  p.estimateId !== null && p.estimateId === i.estimateId;

/** An invoice's status, as Prisma's enum has it. */
export const invoiceStatus = z.enum(InvoiceStatus);

const cents = z.number().int().nonnegative();

/**
 * What `invoiceJson` answers (docs/product.md#invoices), declared once: its type, and the API's
 * documented shape (GET /api/openapi.json). Its lines, payments and totals as stored, and the balance due;
 * a member's discount (`memberDiscount`, `memberDiscountCents`) comes off before tax.
 */
export const invoiceJsonSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: invoiceStatus,
  bookingId: z.number().int().nullable(),
  estimateId: z.number().int().nullable(),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  taxRatePpm: z.number().int(),
  subtotalCents: cents,
  discountCents: cents,
  memberDiscount: memberDiscountJsonSchema,
  memberDiscountCents: cents,
  taxCents: cents,
  totalCents: cents,
  paidCents: cents,
  balanceCents: cents,
  /** Paid beyond what was due (online payments are recorded whatever the balance): the office refunds it. */
  refundDueCents: cents,
  createdAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
  paidAt: isoDateTime.nullable(),
  voidedAt: isoDateTime.nullable(),
  lines: z.array(
    z.object({
      id: z.number().int(),
      priceBookItemId: z.number().int().nullable(),
      jobItemId: z.number().int().nullable(),
      description: z.string(),
      quantityHundredths: z.number().int(),
      unitPriceCents: cents,
      taxable: z.boolean(),
      totalCents: cents,
    }),
  ),
  payments: z.array(
    z.object({
      id: z.number().int(),
      method: z.enum(paymentMethods),
      amountCents: cents,
      reference: z.string().nullable(),
      receivedAt: isoDateTime,
      deposit: z.boolean(),
      refundDueCents: cents,
    }),
  ),
});

export type InvoiceJson = z.output<typeof invoiceJsonSchema>;

/** An invoice as the API and the staff page show it: its lines, payments and stored totals, and the balance due. */
export function invoiceJson(i: InvoiceRow): InvoiceJson {
  return {
    id: i.id,
    number: i.number,
    status: i.status,
    bookingId: i.bookingId,
    estimateId: i.estimateId,
    customer: { id: i.customer.id, name: i.customer.name, email: i.customer.email },
    taxRatePpm: i.taxRatePpm,
    subtotalCents: i.subtotalCents,
    discountCents: i.discountCents,
    memberDiscount: memberDiscountJson(i),
    memberDiscountCents: i.memberDiscountCents,
    taxCents: i.taxCents,
    totalCents: i.totalCents,
    paidCents: i.paidCents,
    balanceCents: balanceCents(i.totalCents, i.paidCents),
    /** What its payments paid beyond what was due when each arrived: the office refunds it (docs/decisions/020-money-and-payments.md). */
    refundDueCents: i.payments.reduce((sum, p) => sum + p.refundDueCents, 0),
    createdAt: i.createdAt.toISOString(),
    sentAt: i.sentAt?.toISOString() ?? null,
    paidAt: i.paidAt?.toISOString() ?? null,
    voidedAt: i.voidedAt?.toISOString() ?? null,
    lines: i.lines.map((l) => ({
      id: l.id,
      priceBookItemId: l.priceBookItemId,
      jobItemId: l.jobItemId,
      description: l.description,
      quantityHundredths: l.quantityHundredths,
      unitPriceCents: l.unitPriceCents,
      taxable: l.taxable,
      totalCents: l.totalCents,
    })),
    payments: i.payments.map((p) => ({
      id: p.id,
      method: p.method,
      amountCents: p.amountCents,
      reference: p.reference,
      receivedAt: p.receivedAt.toISOString(),
      /** Paid as the estimate's deposit, before the invoice was made. */
      deposit: isDeposit(i, p),
      /** The part of it beyond what was due when it arrived, flagged for a refund. */
      refundDueCents: p.refundDueCents,
    })),
  };
}

export async function readInvoice(db: Reader, id: number): Promise<Result<{ invoice: InvoiceJson }>> {
  const row = await db.invoice.findUnique({ where: { id }, include: invoiceInclude });
  return row ? success({ invoice: invoiceJson(row) }) : failure(404, NOT_FOUND);
}

/** The invoices of a visit, newest first (the booking's page lists them). */
export function invoicesOfBooking(db: Reader, bookingId: number) {
  return db.invoice.findMany({
    where: { bookingId },
    orderBy: { id: "desc" },
    select: { id: true, number: true, status: true },
  });
}

/** The live (not void) invoice of an estimate, if any (the estimate's page links to it). */
export function liveInvoiceOfEstimate(db: Reader, estimateId: number) {
  return db.invoice.findFirst({
    where: { estimateId, status: { not: "void" } },
    select: { id: true, number: true, status: true },
  });
}

interface Source {
  bookingId: number | null;
  customerId: number;
  /** The member's discount it takes: the estimate's it bills (kept, or none), else the customer's membership now. */
  memberDiscount: MemberDiscount | null;
  estimate: {
    id: number;
    taxRatePpm: number;
    discountCents: number;
    lines: Array<MoneyLine & { priceBookItemId: number | null; description: string }>;
  } | null;
  jobItems: Array<MoneyLine & { id: number; priceBookItemId: number | null; description: string }>;
}

const approvedOptionSelect = {
  id: true,
  number: true,
  status: true,
  bookingId: true,
  customerId: true,
  taxRatePpm: true,
  memberPlanName: true,
  memberDiscountPercent: true,
  approvedOption: {
    select: {
      discountCents: true,
      lines: {
        orderBy: { position: "asc" },
        select: {
          priceBookItemId: true,
          description: true,
          quantityHundredths: true,
          unitPriceCents: true,
          taxable: true,
        },
      },
    },
  },
} as const satisfies Prisma.EstimateSelect;

type ApprovedEstimate = Prisma.EstimateGetPayload<{ select: typeof approvedOptionSelect }>;

const lockBooking = (tx: Tx, id: number) => tx.$queryRaw`SELECT id FROM "Booking" WHERE id = ${id} FOR UPDATE`;

const jobItemsOf = (tx: Tx, bookingId: number | null) =>
  bookingId
    ? tx.jobItem.findMany({
        where: { bookingId },
        orderBy: { id: "asc" },
        select: {
          id: true,
          priceBookItemId: true,
          description: true,
          quantityHundredths: true,
          unitPriceCents: true,
          taxable: true,
        },
      })
    : Promise.resolve([]);

const estimatePart = (e: ApprovedEstimate | null): Source["estimate"] =>
  e?.approvedOption
    ? {
        id: e.id,
        taxRatePpm: e.taxRatePpm,
        discountCents: e.approvedOption.discountCents,
        lines: e.approvedOption.lines,
      }
    : null;

/**
 * What an invoice of this visit or estimate would bill, read under locks taken in one order (the
 * visit, then the estimate), so two drafts of the same work (staff's and the visit's completion, or
 * two clicks) are serialised and the second sees the first.
 */
async function gather(tx: Tx, input: NewInvoice): Promise<Result<Source>> {
  if (input.estimateId !== undefined) {
    const found = await tx.estimate.findUnique({ where: { id: input.estimateId }, select: { bookingId: true } });
    if (!found) return failure(400, "No such estimate", { errors: { estimateId: "No such estimate" } });
    if (found.bookingId) await lockBooking(tx, found.bookingId);
    await lockEstimate(tx, input.estimateId);
    const estimate = await tx.estimate.findUniqueOrThrow({
      where: { id: input.estimateId },
      select: approvedOptionSelect,
    });
    if (estimate.status !== "approved" || !estimate.approvedOption)
      return failure(
        409,
        `Estimate ${estimate.number} is ${estimate.status}: only an approved estimate can be invoiced`,
      );
    return success({
      bookingId: estimate.bookingId,
      customerId: estimate.customerId,
      memberDiscount: storedMemberDiscount(estimate),
      estimate: estimatePart(estimate),
      jobItems: await jobItemsOf(tx, estimate.bookingId),
    });
  }
  const bookingId = input.bookingId!;
  const booking = await tx.booking.findUnique({ where: { id: bookingId }, select: { customerId: true } });
  if (!booking) return failure(400, "No such visit", { errors: { bookingId: "No such visit (booking)" } });
  await lockBooking(tx, bookingId);
  const approved = await tx.estimate.findFirst({
    where: { bookingId, status: "approved" },
    orderBy: [{ approvedAt: "desc" }, { id: "desc" }],
    select: { id: true },
  });
  let estimate: ApprovedEstimate | null = null;
  if (approved) {
    await lockEstimate(tx, approved.id);
    estimate = await tx.estimate.findUniqueOrThrow({ where: { id: approved.id }, select: approvedOptionSelect });
  }
  const customerId = estimate?.customerId ?? booking.customerId;
  return success({
    bookingId,
    customerId,
    // The approved estimate's member discount (the price the customer approved), else the membership now.
    memberDiscount: estimate ? storedMemberDiscount(estimate) : await memberDiscountOf(tx, customerId),
    estimate: estimatePart(estimate),
    jobItems: await jobItemsOf(tx, bookingId),
  });
}

/** The live invoice already billing this visit or this estimate, if any. */
function liveInvoiceOf(tx: Tx, source: Source) {
  const of: Prisma.InvoiceWhereInput[] = [];
  if (source.bookingId) of.push({ bookingId: source.bookingId });
  if (source.estimate) of.push({ estimateId: source.estimate.id });
  if (!of.length) return Promise.resolve(null);
  return tx.invoice.findFirst({
    where: { status: { not: "void" }, OR: of },
    select: { number: true, bookingId: true },
  });
}

const already = (invoice: { number: string; bookingId: number | null }, source: Source) =>
  failure(
    409,
    `Invoice ${invoice.number} already bills this ${invoice.bookingId && invoice.bookingId === source.bookingId ? "visit" : "estimate"}: void it first to make another`,
  );

/**
 * Writes the invoice of `source` in the caller's transaction: its lines (the approved option's, then
 * the job record's items), totals from the money module (the member's discount's percent of the
 * whole subtotal, docs/decisions/029-maintenance-plans.md), and the estimate's deposit payments taken
 * over (credited: `paidCents` is their sum). Audited.
 */
async function writeInvoice(
  tx: Tx,
  source: Source,
  actor: Actor | null,
  how: "staff" | "visit completed",
): Promise<Result<InvoiceRow>> {
  const lines = [
    ...(source.estimate?.lines ?? []).map((l) => ({ ...l, jobItemId: null })),
    ...source.jobItems.map(({ id, ...l }) => ({ ...l, jobItemId: id })),
  ];
  if (!lines.length) return failure(409, NOTHING_TO_INVOICE);
  const live = await liveInvoiceOf(tx, source);
  if (live) return already(live, source);
  const taxRatePpm = source.estimate?.taxRatePpm ?? (await readSalesTaxRate(tx));
  let totals;
  try {
    totals = documentTotals(
      lines,
      taxRatePpm,
      source.estimate?.discountCents ?? 0,
      source.memberDiscount?.percent ?? 0,
    );
  } catch {
    totals = null;
  }
  if (!totals || totals.subtotalCents > MAX_CENTS || totals.totalCents > MAX_CENTS)
    return failure(409, "These lines add up to more than one invoice may hold ($10,000,000.00)");
  const created = await tx.invoice.create({
    data: {
      bookingId: source.bookingId,
      estimateId: source.estimate?.id ?? null,
      customerId: source.customerId,
      taxRatePpm,
      discountCents: totals.discountCents,
      ...memberDiscountColumns(source.memberDiscount),
      memberDiscountCents: totals.memberDiscountCents,
      subtotalCents: totals.subtotalCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      createdById: actor?.id ?? null,
      lines: {
        create: lines.map((l, i) => ({
          position: i + 1,
          priceBookItemId: l.priceBookItemId,
          jobItemId: l.jobItemId,
          description: l.description,
          quantityHundredths: l.quantityHundredths,
          unitPriceCents: l.unitPriceCents,
          taxable: l.taxable,
          totalCents: totals.lineCents[i]!,
        })),
      },
    },
    select: { id: true },
  });
  let paidCents = 0;
  if (source.estimate) {
    // The deposit paid on the estimate is a payment of its invoice.
    await tx.payment.updateMany({
      where: { estimateId: source.estimate.id, invoiceId: null },
      data: { invoiceId: created.id },
    });
    const paid = await tx.payment.aggregate({ where: { invoiceId: created.id }, _sum: { amountCents: true } });
    paidCents = paid._sum.amountCents ?? 0;
    if (paidCents) await tx.invoice.update({ where: { id: created.id }, data: { paidCents } });
  }
  const invoice = await tx.invoice.findUniqueOrThrow({ where: { id: created.id }, include: invoiceInclude });
  await recordAudit(tx, {
    actor,
    action: "invoice.created",
    targetType: "invoice",
    targetId: invoice.id,
    details: {
      number: invoice.number,
      bookingId: invoice.bookingId,
      estimateId: invoice.estimateId,
      totalCents: invoice.totalCents,
      memberDiscount: source.memberDiscount,
      paidCents,
      by: how,
    },
  });
  return success(invoice);
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === "P2002";

/**
 * POST /api/invoices `{ bookingId }` or `{ estimateId }`: a draft invoice (201), audited. From an
 * estimate: it must be approved; from a visit: its newest approved estimate, if any. Either way
 * the visit's job-record items are added. 409 when there is nothing to bill, or when a live invoice
 * bills this visit or estimate already (naming it).
 */
export async function createInvoice(
  context: ChangeContext,
  actor: Actor,
  input: NewInvoice,
): Promise<Result<{ invoice: InvoiceJson }>> {
  try {
    return await inTransaction(context, async (tx) => {
      const source = await gather(tx, input);
      if (!source.ok) return source;
      const written = await writeInvoice(tx, source.value, actor, "staff");
      return written.ok ? success({ invoice: invoiceJson(written.value) }, 201) : written;
    });
  } catch (error) {
    // The partial unique indexes: a live invoice of this visit or estimate was made meanwhile.
    if (!isUniqueViolation(error)) throw error;
    return failure(409, "This visit or estimate has an invoice already: open it from the visit's page");
  }
}

/**
 * A visit became completed (./booking/change-booking.server.ts, in its transaction, the visit's row
 * locked by that write): its invoice is drafted as `createInvoice` would from the visit, when there
 * is something to bill and no live invoice yet; otherwise nothing. Completing it again after a
 * reopening finds the first invoice and adds none. Answers the invoice drafted, or null.
 */
export async function draftInvoiceOnCompletion(
  tx: Tx,
  bookingId: number,
): Promise<{ id: number; number: string } | null> {
  const live = await tx.invoice.findFirst({ where: { bookingId, status: { not: "void" } }, select: { id: true } });
  if (live) return null;
  const source = await gather(tx, { bookingId });
  if (!source.ok) return null;
  const written = await writeInvoice(tx, source.value, null, "visit completed");
  return written.ok ? { id: written.value.id, number: written.value.number } : null;
}

/** The status an invoice's payments give it once sent: paid when they cover the total, partially paid when some. */
export function paidStatus(totalCents: number, paidCents: number): "sent" | "partially_paid" | "paid" {
  if (paidCents >= totalCents) return "paid";
  return paidCents > 0 ? "partially_paid" : "sent";
}

/** Locks an invoice's row for the rest of the transaction (after its visit and estimate, when those are locked too). */
export const lockInvoice = (tx: Tx, id: number) => tx.$queryRaw`SELECT id FROM "Invoice" WHERE id = ${id} FOR UPDATE`;

/**
 * The review request follows the invoice (docs/product.md#the-customers-loop): sending the invoice
 * of a completed visit owes it `REVIEW_DELAY_MINUTES` later, in place of one still owed (the one
 * owed at completion, which the worker does not send while the invoice is a draft). The worker
 * sends it once a visit, after the invoice email (worker/src/processors/visit-emails.ts).
 */
async function oweReviewRequestAfter(
  tx: Tx,
  outbox: Outbox,
  bookingId: number | null,
  context: SendContext,
  now: Date,
): Promise<void> {
  if (bookingId === null) return;
  const visit = await tx.booking.findUnique({
    where: { id: bookingId },
    select: { status: true, emailCustomer: true },
  });
  if (visit?.status !== "completed" || !visit.emailCustomer) return;
  const subject = bookingSubject(bookingId);
  await outbox.cancel(subject, ["review-request"]);
  const ref = { bookingId, version: `invoice-${now.getTime()}`, requestId: context.requestId };
  const due = new Date(now.getTime() + context.services.env.REVIEW_DELAY_MINUTES * 60_000);
  outbox.add("review-request", ref, { subject, availableAt: due });
  oweVisitText(outbox, "review-request", ref, due);
}

/** What sending needs: the change's context and the review request's delay. */
type SendContext = ChangeContext & { services: { env: Pick<Env, "REVIEW_DELAY_MINUTES"> } };

/**
 * POST /api/invoices/{id}/send: a new link (256 random bits, stored as its hash and sealed for the
 * worker; invoice links do not expire, and the previous one stops working), the email with the PDF
 * owed through the outbox, and, while a balance is due, reminders 7 and 14 days later (the earlier
 * send's reminders cancelled). A draft becomes sent, or partially paid / paid when its deposit
 * covers part or all of it. A void invoice is not sent (409). The visit's review request follows it.
 */
export async function sendInvoice(
  context: SendContext,
  actor: InvoiceHandler,
  id: number,
  sealKey: Buffer,
  now = new Date(),
): Promise<Result<{ invoice: InvoiceJson }>> {
  return inTransaction(context, async (tx, outbox) => {
    const allowed = await mayHandleInvoice(tx, actor, id);
    if (!allowed.ok) return allowed;
    await lockInvoice(tx, id);
    const before = await tx.invoice.findUnique({
      where: { id },
      select: { status: true, number: true, totalCents: true, paidCents: true, paidAt: true, sentAt: true },
    });
    if (!before) return failure(404, NOT_FOUND);
    if (before.status === "void") return failure(409, `Invoice ${before.number} is void: it cannot be sent`);
    const token = randomToken();
    const status = paidStatus(before.totalCents, before.paidCents);
    const updated = await tx.invoice.update({
      where: { id },
      data: {
        status,
        sentAt: now,
        paidAt: status === "paid" ? (before.paidAt ?? now) : before.paidAt,
        tokenHash: sha256(token),
        sealedToken: sealToken(token, sealKey),
      },
      include: invoiceInclude,
    });
    const subject = invoiceSubject(id);
    await outbox.cancel(subject, ["invoice-reminder"]);
    const ref = { invoiceId: id, sentAt: now.getTime(), requestId: context.requestId };
    outbox.add("invoice-email", ref, { subject });
    oweDocumentText(
      outbox,
      "invoice-email",
      { documentId: id, sentAt: ref.sentAt, requestId: ref.requestId },
      subject,
      now,
    );
    await oweReviewRequestAfter(tx, outbox, updated.bookingId, context, now);
    // Every open staff page hears it (invoice:updated).
    outbox.add("invoice-event", { invoiceId: id, version: `sent-${now.getTime()}`, requestId: context.requestId });
    if (balanceCents(updated.totalCents, updated.paidCents) > 0)
      for (const days of INVOICE_REMINDER_DAYS)
        outbox.add(
          "invoice-reminder",
          { ...ref, days },
          { subject, availableAt: new Date(now.getTime() + days * 86_400_000) },
        );
    await recordAudit(tx, {
      actor,
      action: "invoice.sent",
      targetType: "invoice",
      targetId: id,
      details: { number: updated.number, to: updated.customer.email, again: before.sentAt !== null, status },
    });
    return success({ invoice: invoiceJson(updated) });
  });
}

/**
 * POST /api/invoices/{id}/void: only an invoice with nothing paid (409 otherwise, and when void
 * already); its reminders and unsent emails are cancelled; its link shows it void. The visit may
 * then be invoiced anew.
 */
export async function voidInvoice(
  context: ChangeContext,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<Result<{ invoice: InvoiceJson }>> {
  return inTransaction(context, async (tx, outbox) => {
    await lockInvoice(tx, id);
    const before = await tx.invoice.findUnique({
      where: { id },
      select: { status: true, number: true, paidCents: true },
    });
    if (!before) return failure(404, NOT_FOUND);
    if (before.status === "void") return failure(409, `Invoice ${before.number} is void already`);
    const payments = await tx.payment.count({ where: { invoiceId: id } });
    if (before.paidCents > 0 || payments > 0)
      return failure(409, `Invoice ${before.number} has payments: it cannot be voided`);
    const updated = await tx.invoice.update({
      where: { id },
      data: { status: "void", voidedAt: now },
      include: invoiceInclude,
    });
    await outbox.cancel(invoiceSubject(id));
    outbox.add("invoice-event", { invoiceId: id, version: `void-${now.getTime()}`, requestId: context.requestId });
    await recordAudit(tx, {
      actor,
      action: "invoice.voided",
      targetType: "invoice",
      targetId: id,
      details: { number: updated.number, totalCents: updated.totalCents, was: before.status },
    });
    return success({ invoice: invoiceJson(updated) });
  });
}

const UNKNOWN_LINK: Failure = failure(404, "This invoice link is not valid. Please check the link in your email.");

/** What a link opens: the invoice (a void one too, which the page says), or 404 for an unknown link. */
export async function invoiceByToken(db: Reader, token: string): Promise<Result<InvoiceRow>> {
  const row = await db.invoice.findUnique({ where: { tokenHash: sha256(token) }, include: invoiceInclude });
  return row ? success(row) : UNKNOWN_LINK;
}
