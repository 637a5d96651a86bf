/**
 * Estimates (docs/product.md#estimates): made by an admin from a visit with one to three options,
 * sent to the customer by email with a link (/estimates/<token>) and a PDF, approved by the customer
 * on that page. Every amount is computed by packages/shared/src/money/money.ts when the estimate is
 * written and stored with it; the number is given by the database (docs/decisions/020-money-and-payments.md).
 * The JSON API, the staff pages and the customer's page call these; staff writes are audited.
 */
import { EstimateDeclineReason, EstimateStatus } from "../.server/prisma/enums";
import type { DeclineReason, EstimateChanges, NewEstimate, NewEstimateItem } from "../api/estimates";
import { isoDateTime } from "../api/endpoint";
import { recordAudit } from "../audit-log.server";
import type { Db, Prisma, Reader } from "../db.server";
import { depositCents, documentTotals, MAX_CENTS } from "../money/money";
import { inTransaction, type ChangeContext } from "../outbox.server";
import { memberDiscountOf } from "../plans/memberships.server";
import {
  memberDiscountColumns,
  memberDiscountJson,
  memberDiscountJsonSchema,
  storedMemberDiscount,
  type MemberDiscount,
} from "../plans/member-discount";
import { catalogFor, priceLines, type Catalog, type LineInput } from "../pricing/lines.server";
import { readSalesTaxRate } from "../pricing/price-book.server";
import { failure, success, type FieldErrors, type Result } from "../result";
import { randomToken, sealToken, sha256 } from "../tokens.server";
import { oweDocumentText } from "../texts/owe.server";
import { z } from "../zod";

interface Actor {
  id: number;
  email: string;
}

/** How long an emailed link works: 30 days from the send. */
export const ESTIMATE_LINK_DAYS = 30;

const NOT_FOUND = "No such estimate";

/** The subject of an estimate's outbox rows: withdrawing it cancels the email it still owes. */
const estimateSubject = (estimateId: number) => `estimate:${estimateId}`;

/**
 * Locks an estimate's row for the rest of the transaction. Whoever locks more than one document
 * locks the visit first, then the estimate, then the invoice (../invoices/invoices.server.ts).
 */
export const lockEstimate = (tx: Prisma.TransactionClient, id: number) =>
  tx.$queryRaw`SELECT id FROM "Estimate" WHERE id = ${id} FOR UPDATE`;

/** An estimate locked, if it is still open (draft or sent), and its status: 404 unknown, 409 otherwise, naming what was tried. */
async function lockOpenEstimate(
  tx: Prisma.TransactionClient,
  id: number,
  tried: string,
): Promise<Result<{ status: "draft" | "sent" }>> {
  await lockEstimate(tx, id);
  const before = await tx.estimate.findUnique({ where: { id }, select: { status: true, number: true } });
  if (!before) return failure(404, NOT_FOUND);
  if (before.status !== "draft" && before.status !== "sent")
    return failure(409, `Estimate ${before.number} is ${before.status}: it cannot be ${tried}`);
  return success({ status: before.status });
}

export const estimateInclude = {
  customer: { select: { id: true, name: true, email: true } },
  options: { orderBy: { position: "asc" }, include: { lines: { orderBy: { position: "asc" } } } },
} as const satisfies Prisma.EstimateInclude;

export type EstimateRow = Prisma.EstimateGetPayload<{ include: typeof estimateInclude }>;

/** An estimate's status, as Prisma's enum has it. */
export const estimateStatus = z.enum(EstimateStatus);

const cents = z.number().int().nonnegative();

/**
 * What `estimateJson` answers (docs/product.md#estimates), declared once: its type, and the API's
 * documented shape (GET /api/openapi.json). Each option's totals as stored, computed by the money module;
 * a member's discount (`memberDiscount`, each option's `memberDiscountCents`) comes off before tax.
 */
export const estimateJsonSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: estimateStatus,
  bookingId: z.number().int().nullable(),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  depositPercent: z.number().int().nullable(),
  taxRatePpm: z.number().int(),
  createdAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
  approvedAt: isoDateTime.nullable(),
  approvedOptionId: z.number().int().nullable(),
  signatureName: z.string().nullable(),
  declinedAt: isoDateTime.nullable(),
  declineReason: z.enum(EstimateDeclineReason).nullable(),
  declineNote: z.string().nullable(),
  linkExpiresAt: isoDateTime.nullable(),
  memberDiscount: memberDiscountJsonSchema,
  options: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      discountCents: cents,
      memberDiscountCents: cents,
      subtotalCents: cents,
      taxCents: cents,
      totalCents: cents,
      depositCents: cents,
      lines: z.array(
        z.object({
          id: z.number().int(),
          priceBookItemId: z.number().int().nullable(),
          description: z.string(),
          quantityHundredths: z.number().int(),
          unitPriceCents: cents,
          taxable: z.boolean(),
          totalCents: cents,
        }),
      ),
    }),
  ),
});

export type EstimateJson = z.output<typeof estimateJsonSchema>;

/** An estimate as the API and the staff page show it: every option with its lines and stored totals. */
export function estimateJson(e: EstimateRow): EstimateJson {
  return {
    id: e.id,
    number: e.number,
    status: e.status,
    bookingId: e.bookingId,
    customer: { id: e.customer.id, name: e.customer.name, email: e.customer.email },
    depositPercent: e.depositPercent,
    taxRatePpm: e.taxRatePpm,
    createdAt: e.createdAt.toISOString(),
    sentAt: e.sentAt?.toISOString() ?? null,
    approvedAt: e.approvedAt?.toISOString() ?? null,
    approvedOptionId: e.approvedOptionId,
    signatureName: e.signatureName,
    declinedAt: e.declinedAt?.toISOString() ?? null,
    declineReason: e.declineReason,
    declineNote: e.declineNote,
    linkExpiresAt: e.tokenExpiresAt?.toISOString() ?? null,
    memberDiscount: memberDiscountJson(e),
    options: e.options.map((o) => ({
      id: o.id,
      name: o.name,
      discountCents: o.discountCents,
      memberDiscountCents: o.memberDiscountCents,
      subtotalCents: o.subtotalCents,
      taxCents: o.taxCents,
      totalCents: o.totalCents,
      depositCents: o.depositCents,
      lines: o.lines.map((l) => ({
        id: l.id,
        priceBookItemId: l.priceBookItemId,
        description: l.description,
        quantityHundredths: l.quantityHundredths,
        unitPriceCents: l.unitPriceCents,
        taxable: l.taxable,
        totalCents: l.totalCents,
      })),
    })),
  };
}

export async function readEstimate(db: Reader, id: number): Promise<Result<{ estimate: EstimateJson }>> {
  const row = await db.estimate.findUnique({ where: { id }, include: estimateInclude });
  return row ? success({ estimate: estimateJson(row) }) : failure(404, NOT_FOUND);
}

/** The estimates of a visit, newest first (the booking's page lists them). */
export function estimatesOfBooking(db: Reader, bookingId: number) {
  return db.estimate.findMany({
    where: { bookingId },
    orderBy: { id: "desc" },
    select: { id: true, number: true, status: true },
  });
}

/** An estimate's item as the price book's line rule reads it: the schema read the quantity into hundredths already (1.5 → 150). */
const lineInput = ({ quantity, ...item }: NewEstimateItem): LineInput => ({ ...item, quantityHundredths: quantity });

/** The options as stored: lines priced, totals (the member's discount too) and deposit from the money module. */
function pricedOptions(input: EstimateChanges, catalog: Catalog, taxRatePpm: number, memberPercent: number) {
  const errors: FieldErrors = {};
  const options = input.options.map((option, o) => {
    const lines = priceLines(option.items.map(lineInput), catalog, `options.${o}.items`, errors);
    let totals;
    try {
      totals = documentTotals(lines, taxRatePpm, option.discountCents ?? 0, memberPercent);
    } catch {
      totals = null;
    }
    // An option holds at most MAX_CENTS ($10,000,000.00), as every amount of the money module.
    if (!totals || totals.subtotalCents > MAX_CENTS || totals.totalCents > MAX_CENTS) {
      errors[`options.${o}.items`] = "These lines add up to more than one estimate may hold ($10,000,000.00)";
      return null;
    }
    return {
      position: o + 1,
      name: option.name,
      discountCents: totals.discountCents,
      memberDiscountCents: totals.memberDiscountCents,
      subtotalCents: totals.subtotalCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      depositCents: depositCents(totals.totalCents, input.depositPercent ?? 0),
      lines: lines.map((line, i) => ({ ...line, position: i + 1, totalCents: totals.lineCents[i]! })),
    };
  });
  return { options, errors };
}

/** Whose the estimate is: the visit's customer, or the customer named (never a record merged into another: 400). */
async function ownerOf(db: Db, input: NewEstimate): Promise<Result<{ customerId: number }>> {
  if (input.bookingId !== undefined) {
    const booking = await db.booking.findUnique({ where: { id: input.bookingId }, select: { customerId: true } });
    if (!booking) return failure(400, "No such visit", { errors: { bookingId: "No such visit (booking)" } });
    return success({ customerId: booking.customerId });
  }
  const customer = await db.customer.findUnique({
    where: { id: input.customerId! },
    select: { id: true, mergedIntoId: true },
  });
  if (!customer) return failure(400, "No such customer", { errors: { customerId: "No such customer" } });
  if (customer.mergedIntoId !== null)
    return failure(400, "This customer was merged into another record", {
      errors: { customerId: `Merged into customer #${customer.mergedIntoId}: make it there` },
    });
  return success({ customerId: customer.id });
}

/**
 * The member's discount an estimate's options carry (docs/decisions/029-maintenance-plans.md): the customer's
 * membership at this moment (active or past due; the highest discount of several), unless the office leaves it
 * off (`memberDiscount: false`).
 */
async function memberDiscountFor(db: Db, customerId: number, input: EstimateChanges): Promise<MemberDiscount | null> {
  if (input.memberDiscount === false) return null;
  return memberDiscountOf(db, customerId);
}

/** The options priced for storing, with the tax rate in force and the member's discount; or the field errors (400). */
async function priceEstimate(db: Db, input: EstimateChanges, customerId: number) {
  const catalog = await catalogFor(
    db,
    input.options.flatMap((o) => o.items.map(lineInput)),
  );
  const [taxRatePpm, member] = await Promise.all([readSalesTaxRate(db), memberDiscountFor(db, customerId, input)]);
  const { options, errors } = pricedOptions(input, catalog, taxRatePpm, member?.percent ?? 0);
  if (Object.keys(errors).length) return failure(400, "Please correct the highlighted fields", { errors });
  return success({
    taxRatePpm,
    member: memberDiscountColumns(member),
    options: options.map((o) => ({ ...o!, lines: { create: o!.lines } })),
  });
}

/** What the audit log keeps of an estimate's options: each one's name and total, and the member's discount. */
const auditedOptions = (e: EstimateRow) => ({
  options: e.options.map((o) => ({ name: o.name, totalCents: o.totalCents })),
  memberDiscount: storedMemberDiscount(e),
});

/** POST /api/estimates: a draft estimate of a visit or a customer, its rate copied from the settings (201), audited. */
export async function createEstimate(
  context: ChangeContext,
  actor: Actor,
  input: NewEstimate,
): Promise<Result<{ estimate: EstimateJson }>> {
  const { db } = context.services;
  const owner = await ownerOf(db, input);
  if (!owner.ok) return owner;
  const { customerId } = owner.value;
  const priced = await priceEstimate(db, input, customerId);
  if (!priced.ok) return priced;
  const { taxRatePpm, member, options } = priced.value;
  const estimate = await db.$transaction(async (tx) => {
    const created = await tx.estimate.create({
      data: {
        bookingId: input.bookingId ?? null,
        customerId,
        depositPercent: input.depositPercent ?? null,
        taxRatePpm,
        ...member,
        createdById: actor.id,
        options: { create: options },
      },
      include: estimateInclude,
    });
    await recordAudit(tx, {
      actor,
      action: "estimate.created",
      targetType: "estimate",
      targetId: created.id,
      details: {
        number: created.number,
        bookingId: input.bookingId ?? null,
        customerId,
        ...auditedOptions(created),
      },
    });
    return created;
  });
  return success({ estimate: estimateJson(estimate) }, 201);
}

/** A status in "Estimate EST-2026-0007 is …". */
const estimateStatusWords: Record<EstimateRow["status"], string> = {
  draft: "a draft",
  sent: "sent",
  approved: "approved",
  declined: "declined",
  void: "withdrawn",
};

/**
 * PUT /api/estimates/{id} and /admin/estimates/<id>/edit: a draft's options, lines and deposit
 * written anew (priced as when made, at the tax rate now in force, with the member's discount of the
 * customer's membership now), audited. Only a draft is edited:
 * once sent the customer holds its link and PDF, so a sent, approved, declined or withdrawn estimate
 * answers 409 and nothing changes.
 */
export async function updateEstimate(
  context: ChangeContext,
  actor: Actor,
  id: number,
  input: EstimateChanges,
  now = new Date(),
): Promise<Result<{ estimate: EstimateJson }>> {
  const { db } = context.services;
  const owner = await db.estimate.findUnique({ where: { id }, select: { customerId: true } });
  if (!owner) return failure(404, NOT_FOUND);
  const priced = await priceEstimate(db, input, owner.customerId);
  if (!priced.ok) return priced;
  const { taxRatePpm, member, options } = priced.value;
  return inTransaction(context, async (tx, outbox) => {
    await lockEstimate(tx, id);
    const before = await tx.estimate.findUnique({ where: { id }, select: { status: true, number: true } });
    if (!before) return failure(404, NOT_FOUND);
    if (before.status !== "draft")
      return failure(
        409,
        `Estimate ${before.number} is ${estimateStatusWords[before.status]}: only a draft can be edited. Make a new estimate instead.`,
      );
    await tx.estimateOption.deleteMany({ where: { estimateId: id } });
    const updated = await tx.estimate.update({
      where: { id },
      data: { depositPercent: input.depositPercent ?? null, taxRatePpm, ...member, options: { create: options } },
      include: estimateInclude,
    });
    outbox.add("estimate-event", { estimateId: id, version: `edit-${now.getTime()}`, requestId: context.requestId });
    await recordAudit(tx, {
      actor,
      action: "estimate.updated",
      targetType: "estimate",
      targetId: id,
      details: { number: updated.number, ...auditedOptions(updated) },
    });
    return success({ estimate: estimateJson(updated) });
  });
}

/**
 * POST /api/estimates/{id}/send: a new link (256 random bits, stored as its hash and sealed for the
 * worker, valid ESTIMATE_LINK_DAYS) and the email with the PDF owed through the outbox; a draft
 * becomes sent. An approved, declined or void estimate is not sent (409).
 */
export async function sendEstimate(
  context: ChangeContext,
  actor: Actor,
  id: number,
  sealKey: Buffer,
  now = new Date(),
): Promise<Result<{ estimate: EstimateJson }>> {
  return inTransaction(context, async (tx, outbox) => {
    const open = await lockOpenEstimate(tx, id, "sent");
    if (!open.ok) return open;
    const token = randomToken();
    const updated = await tx.estimate.update({
      where: { id },
      data: {
        status: "sent",
        sentAt: now,
        tokenHash: sha256(token),
        sealedToken: sealToken(token, sealKey),
        tokenExpiresAt: new Date(now.getTime() + ESTIMATE_LINK_DAYS * 86_400_000),
      },
      include: estimateInclude,
    });
    outbox.add(
      "estimate-email",
      { estimateId: id, sentAt: now.getTime(), requestId: context.requestId },
      { subject: estimateSubject(id) },
    );
    oweDocumentText(
      outbox,
      "estimate-email",
      { documentId: id, sentAt: now.getTime(), requestId: context.requestId },
      estimateSubject(id),
      now,
    );
    await recordAudit(tx, {
      actor,
      action: "estimate.sent",
      targetType: "estimate",
      targetId: id,
      details: { number: updated.number, to: updated.customer.email, again: open.value.status === "sent" },
    });
    return success({ estimate: estimateJson(updated) });
  });
}

/**
 * POST /api/estimates/{id}/void: the office withdraws a draft or sent estimate (sent in error, or the
 * customer chose otherwise); its link then says so, the email still owed is dropped, and open staff
 * pages hear it. An approved estimate is not withdrawn (409: its deposit and invoice follow it).
 */
export async function voidEstimate(
  context: ChangeContext,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<Result<{ estimate: EstimateJson }>> {
  return inTransaction(context, async (tx, outbox) => {
    const open = await lockOpenEstimate(tx, id, "withdrawn");
    if (!open.ok) return open;
    const updated = await tx.estimate.update({ where: { id }, data: { status: "void" }, include: estimateInclude });
    await outbox.cancel(estimateSubject(id), ["estimate-email"]);
    outbox.add("estimate-event", { estimateId: id, version: `void-${now.getTime()}`, requestId: context.requestId });
    await recordAudit(tx, {
      actor,
      action: "estimate.voided",
      targetType: "estimate",
      targetId: id,
      details: { number: updated.number, was: open.value.status },
    });
    return success({ estimate: estimateJson(updated) });
  });
}

/** What a link opens: the estimate, or why not (404 unknown, 410 expired or void). */
export async function estimateByToken(db: Reader, token: string, now = new Date()): Promise<Result<EstimateRow>> {
  const row = await db.estimate.findUnique({ where: { tokenHash: sha256(token) }, include: estimateInclude });
  if (!row) return failure(404, "This estimate link is not valid. Please check the link in your email.");
  if (row.status === "void") return failure(409, `Estimate ${row.number} was withdrawn. Please call our office.`);
  if (row.status !== "approved" && row.tokenExpiresAt && row.tokenExpiresAt <= now) return gone(row.number);
  return success(row);
}

const gone = (number: string) =>
  failure(410, `The link to estimate ${number} has expired. Please call our office for a new one.`);

interface Approval {
  optionId: number;
  signatureName: string;
  ip: string;
  userAgent: string;
}

/**
 * The estimate a customer's link names, locked for the rest of the transaction, if it can still be
 * answered: 404 an unknown link; 409 approved already, declined or void (saying what was `tried`);
 * 410 an expired link.
 */
async function lockAnswerable(
  tx: Prisma.TransactionClient,
  token: string,
  tried: "approved" | "declined",
  now: Date,
): Promise<Result<EstimateRow>> {
  const found = await tx.estimate.findUnique({ where: { tokenHash: sha256(token) }, select: { id: true } });
  if (!found) return failure(404, "This estimate link is not valid. Please check the link in your email.");
  await lockEstimate(tx, found.id);
  const row = await tx.estimate.findUniqueOrThrow({ where: { id: found.id }, include: estimateInclude });
  if (row.status === "approved")
    return failure(409, `Estimate ${row.number} was approved already, on ${row.approvedAt?.toISOString()}.`);
  if (row.status === "declined")
    return failure(409, `Estimate ${row.number} was declined already, on ${row.declinedAt?.toISOString()}.`);
  if (row.status !== "sent") return failure(409, `Estimate ${row.number} is ${row.status}: it cannot be ${tried}.`);
  if (row.tokenExpiresAt && row.tokenExpiresAt <= now) return gone(row.number);
  return success(row);
}

/**
 * The customer approves an option on /estimates/<token>, in one transaction: the estimate is
 * approved with the option, their typed name, the time, their network and browser; the signed PDF
 * to the customer and the office and the staff pages' live event are owed through the outbox.
 * Approving again, or an estimate that is declined or void, is a 409; an expired link a 410.
 */
export async function approveEstimate(
  context: ChangeContext,
  token: string,
  approval: Approval,
  now = new Date(),
): Promise<Result<{ estimate: EstimateRow }>> {
  return inTransaction(context, async (tx, outbox) => {
    const open = await lockAnswerable(tx, token, "approved", now);
    if (!open.ok) return open;
    const row = open.value;
    if (!row.options.some((o) => o.id === approval.optionId))
      return failure(400, "Choose one of the options", { errors: { optionId: "Choose one of the options" } });
    const estimate = await tx.estimate.update({
      where: { id: row.id },
      data: {
        status: "approved",
        approvedAt: now,
        approvedOptionId: approval.optionId,
        signatureName: approval.signatureName,
        approvedIp: approval.ip.slice(0, 100),
        approvedUserAgent: approval.userAgent.slice(0, 500),
      },
      include: estimateInclude,
    });
    const ref = { estimateId: row.id, requestId: context.requestId };
    outbox.add("estimate-approved-email", ref, { subject: estimateSubject(row.id) });
    outbox.add("estimate-event", { ...ref, version: String(now.getTime()) });
    await recordAudit(tx, {
      actor: null,
      action: "estimate.approved",
      targetType: "estimate",
      targetId: row.id,
      details: { number: row.number, optionId: approval.optionId, signatureName: approval.signatureName },
    });
    return success({ estimate });
  });
}

/**
 * The customer declines on /estimates/<token> (saying why if they wish), in one transaction: the
 * estimate is declined with the time, the reason and their note; the office's email and the staff
 * pages' live event are owed through the outbox. Like approving: 409 when it was answered already
 * or withdrawn, 410 when the link expired, and nothing changes then.
 */
export async function declineEstimate(
  context: ChangeContext,
  token: string,
  decline: { reason?: DeclineReason; note?: string },
  now = new Date(),
): Promise<Result<{ estimate: EstimateRow }>> {
  return inTransaction(context, async (tx, outbox) => {
    const open = await lockAnswerable(tx, token, "declined", now);
    if (!open.ok) return open;
    const row = open.value;
    const estimate = await tx.estimate.update({
      where: { id: row.id },
      data: {
        status: "declined",
        declinedAt: now,
        declineReason: decline.reason ?? null,
        declineNote: decline.note ?? null,
      },
      include: estimateInclude,
    });
    const ref = { estimateId: row.id, requestId: context.requestId };
    outbox.add("estimate-declined-email", ref, { subject: estimateSubject(row.id) });
    outbox.add("estimate-event", { ...ref, version: String(now.getTime()) });
    await recordAudit(tx, {
      actor: null,
      action: "estimate.declined",
      targetType: "estimate",
      targetId: row.id,
      details: { number: row.number, reason: decline.reason ?? null },
    });
    return success({ estimate });
  });
}
