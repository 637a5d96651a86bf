import { recordAudit } from "../audit-log.server";
import type { Db, Prisma } from "../db.server";
import type { Logger } from "../logger.server";
import { statusLabel } from "../plans/memberships.server";
import { failure, success, type Result } from "../result";
import { MERGE_UNDO_DAYS, type MergeDetails } from "./merge-record";

/**
 * Anonymous requests (the chat, a portal account whose email is not verified)
 * each become a customer record of their own, because a typed address proves
 * nothing (docs/security.md, "Verified identities"). Staff, who can call the
 * person, decide whether such a lead is an existing customer: a booking's Merge
 * button opens a confirmation of what will move, and confirming merges the lead's
 * record into the oldest other record with the same address, moving its bookings,
 * requests and notes; the audit log records it, with what undo needs.
 */

/** What a merge needs: the database and the log (the web's load context has them). */
export interface MergeContext {
  services: { db: Db; logger: Pick<Logger, "info"> };
}

interface MergeCandidate {
  id: number;
  name: string;
}

/** For each listed booking whose customer shares its address with an older record: that record. */
export async function mergeCandidates(
  context: MergeContext,
  bookings: Array<{ id: number; customerId: number; customer?: { email: string } | null }>,
) {
  const emails = [...new Set(bookings.map((b) => b.customer?.email).filter((e): e is string => Boolean(e)))];
  if (emails.length === 0) return {} as Record<number, MergeCandidate>;
  const oldest = await context.services.db.customer.findMany({
    where: { email: { in: emails }, mergedIntoId: null },
    distinct: ["email"],
    orderBy: [{ email: "asc" }, { id: "asc" }],
    select: { id: true, name: true, email: true },
  });
  const byEmail = new Map(oldest.map((c) => [c.email, c]));
  const result: Record<number, MergeCandidate> = {};
  for (const b of bookings) {
    const target = b.customer ? byEmail.get(b.customer.email) : undefined;
    if (target && target.id !== b.customerId) result[b.id] = { id: target.id, name: target.name };
  }
  return result;
}

/** A merge: the record that joined (`mergedCustomerId`) and the one it joined (`customerId`), and its audit entry (for Undo). */
export type MergeResult = Result<{ customerId: number; mergedCustomerId: number; auditId: number; message: string }>;

const ALREADY_MERGED = "This booking's customer record was just merged by someone else. Reload the page to see it.";
const NO_OLDER_RECORD =
  "This booking's customer has no older record with the same email to merge into: it may have been merged already. Reload the page.";
const TWO_ACCOUNTS = "These customer records belong to two different accounts and cannot be merged.";

/** What a merge shows and keeps of a customer record. */
const recordSelect = {
  id: true,
  name: true,
  email: true,
  phone: true,
  address: true,
  userId: true,
  createdAt: true,
  mergedIntoId: true,
} as const;

type Reader = Pick<Prisma.TransactionClient, "booking" | "customer">;
type MergeRecord = Prisma.CustomerGetPayload<{ select: typeof recordSelect }>;

/**
 * The booking's customer record (the lead) and the oldest other record with its address that is
 * not itself merged away (the one it joins), or why they cannot be merged.
 */
async function mergePair(db: Reader, bookingId: number): Promise<Result<{ lead: MergeRecord; target: MergeRecord }>> {
  const booking = await db.booking.findUnique({
    where: { id: bookingId },
    select: { customer: { select: recordSelect } },
  });
  if (!booking) return failure(404, "Booking not found");
  // Prisma reads the customer with a second statement: a merge that committed in between leaves it null.
  const lead = booking.customer as MergeRecord | null;
  if (!lead || lead.mergedIntoId !== null) return failure(409, ALREADY_MERGED);
  const target = await db.customer.findFirst({
    where: { email: lead.email, id: { not: lead.id }, mergedIntoId: null },
    orderBy: { id: "asc" },
    select: recordSelect,
  });
  if (!target || target.id > lead.id) return failure(409, NO_OLDER_RECORD);
  if (lead.userId !== null && target.userId !== null && lead.userId !== target.userId)
    return failure(409, TWO_ACCOUNTS);
  return success({ lead, target });
}

/**
 * What moves from the lead to the record it joins: its visits, requests, notes, estimates, invoices and payments,
 * and its plan memberships (with their plan visits, which are the membership's).
 */
async function movingWith(
  db: Pick<
    Prisma.TransactionClient,
    "booking" | "appointmentRequest" | "customerNote" | "estimate" | "invoice" | "payment" | "membership"
  >,
  leadId: number,
) {
  const [bookings, requests, notes, estimates, invoices, payments, memberships] = await Promise.all([
    db.booking.findMany({
      where: { customerId: leadId },
      orderBy: [{ scheduledDate: "desc" }, { id: "desc" }],
      select: { id: true, summary: true, status: true, scheduledDate: true },
    }),
    db.appointmentRequest.findMany({
      where: { customerId: leadId },
      orderBy: { id: "desc" },
      select: { id: true, serviceType: true, createdAt: true, bookingId: true },
    }),
    db.customerNote.findMany({
      where: { customerId: leadId },
      orderBy: { id: "desc" },
      select: { id: true, text: true, authorEmail: true, createdAt: true },
    }),
    db.estimate.findMany({
      where: { customerId: leadId },
      orderBy: { id: "desc" },
      select: { id: true, number: true },
    }),
    db.invoice.findMany({ where: { customerId: leadId }, orderBy: { id: "desc" }, select: { id: true, number: true } }),
    db.payment.findMany({ where: { customerId: leadId }, orderBy: { id: "desc" }, select: { id: true } }),
    db.membership.findMany({
      where: { customerId: leadId },
      orderBy: { id: "desc" },
      select: { id: true, status: true, plan: { select: { name: true } } },
    }),
  ]);
  return {
    bookings,
    requests,
    notes,
    estimates,
    invoices,
    payments,
    // Each with its status as the customer record words it.
    memberships: memberships.map((m) => ({ id: m.id, planName: m.plan.name, statusLabel: statusLabel[m.status] })),
  };
}

/** The details the kept record ends with: its own, and the lead's address and account where it has none. */
function keptDetails(lead: MergeRecord, target: MergeRecord) {
  return {
    name: target.name,
    email: target.email,
    phone: target.phone,
    address: target.address ?? lead.address,
    addressFromMerged: target.address === null && lead.address !== null,
    accountLinked: (target.userId ?? lead.userId) !== null,
  };
}

/**
 * The merge confirmation page (docs/product.md#customer-record): both records side by side, what
 * will move (visits, requests, notes, estimates, invoices and their payments, memberships) and which details are
 * kept. Reads only.
 */
export async function mergePreview(context: MergeContext, bookingId: number) {
  const { db } = context.services;
  const pair = await mergePair(db, bookingId);
  if (!pair.ok) return pair;
  const { lead, target } = pair.value;
  return success({ bookingId, lead, target, moves: await movingWith(db, lead.id), kept: keptDetails(lead, target) });
}

export type MergePreview = Extract<Awaited<ReturnType<typeof mergePreview>>, { ok: true }>["value"];

/**
 * Merges the customer record of a booking into the oldest other record with the same address:
 * its visits, requests, notes, estimates, invoices, payments and memberships move, the kept record takes the lead's address and account when
 * it has none, and the lead stays, hidden, marked `mergedIntoId` / `mergedAt`. The audit entry
 * names exactly what moved, so the merge can be undone for MERGE_UNDO_DAYS
 * (./merge-undo.server.ts, docs/decisions/018-customer-merge-undo.md).
 *
 * Staff may confirm a merge on several pages (or twice) at once: the records with that address are
 * locked (`FOR UPDATE`, in id order, so two merges never wait on each other crosswise), and the
 * pair is read again after the lock. The first merge wins; the others find the lead merged already
 * and answer 409. A conflict PostgreSQL reports anyway (a row changed under us) is a 409 too, never a 500.
 */
export async function mergeBookingCustomer(
  context: MergeContext,
  admin: { id: number; email: string },
  bookingId: number,
): Promise<MergeResult> {
  const { db, logger } = context.services;
  let result: MergeResult;
  try {
    result = await db.$transaction(async (tx): Promise<MergeResult> => {
      const seen = await mergePair(tx, bookingId);
      if (!seen.ok) return seen;
      await tx.$queryRaw`SELECT id FROM "Customer" WHERE email = ${seen.value.lead.email} ORDER BY id FOR UPDATE`;
      // Read again under the lock: a merge that committed meanwhile has moved the booking.
      const pair = await mergePair(tx, bookingId);
      if (!pair.ok) return pair;
      const { lead, target } = pair.value;
      if (lead.id !== seen.value.lead.id) return failure(409, ALREADY_MERGED);
      const moving = await movingWith(tx, lead.id);
      const bookingIds = moving.bookings.map((b) => b.id);
      const requestIds = moving.requests.map((r) => r.id);
      const noteIds = moving.notes.map((n) => n.id);
      const moved = await tx.booking.updateMany({ where: { id: { in: bookingIds } }, data: { customerId: target.id } });
      await tx.appointmentRequest.updateMany({ where: { id: { in: requestIds } }, data: { customerId: target.id } });
      await tx.customerNote.updateMany({ where: { id: { in: noteIds } }, data: { customerId: target.id } });
      // The money follows the customer: their estimates, invoices and payments (the record lists them, and what is owed).
      const estimateIds = moving.estimates.map((e) => e.id);
      const invoiceIds = moving.invoices.map((i) => i.id);
      const paymentIds = moving.payments.map((p) => p.id);
      await tx.estimate.updateMany({ where: { id: { in: estimateIds } }, data: { customerId: target.id } });
      await tx.invoice.updateMany({ where: { id: { in: invoiceIds } }, data: { customerId: target.id } });
      await tx.payment.updateMany({ where: { id: { in: paymentIds } }, data: { customerId: target.id } });
      // A member stays a member: the placer books their plan visits for the kept record from now on.
      const membershipIds = moving.memberships.map((m) => m.id);
      await tx.membership.updateMany({ where: { id: { in: membershipIds } }, data: { customerId: target.id } });
      const accountMoved = target.userId === null && lead.userId !== null;
      const addressMoved = target.address === null && lead.address !== null;
      if (accountMoved || addressMoved)
        await tx.customer.update({
          where: { id: target.id },
          data: {
            ...(accountMoved ? { userId: lead.userId } : {}),
            ...(addressMoved ? { address: lead.address } : {}),
          },
        });
      const mergedAt = new Date();
      // The lead stays for undo, hidden, and no longer linked to an account (the kept record is).
      const marked = await tx.customer.updateMany({
        where: { id: lead.id, mergedIntoId: null },
        data: { mergedIntoId: target.id, mergedAt, userId: null },
      });
      if (marked.count !== 1) throw new MergeOvertaken();
      const details: MergeDetails = {
        from: lead.id,
        into: target.id,
        bookingId,
        bookingsMoved: moved.count,
        bookingIds,
        requestIds,
        noteIds,
        estimateIds,
        invoiceIds,
        paymentIds,
        membershipIds,
        leadUserId: lead.userId,
        accountMoved,
        addressMoved,
        mergedAt: mergedAt.toISOString(),
      };
      const entry = await recordAudit(tx, {
        actor: admin,
        action: "customer.merged",
        targetType: "customer",
        targetId: target.id,
        details,
      });
      return success({
        customerId: target.id,
        mergedCustomerId: lead.id,
        auditId: entry.id,
        message: `Merged into customer #${target.id} (${target.name}). You can undo it for ${MERGE_UNDO_DAYS} days from the customer's record or the dashboard.`,
      });
    });
  } catch (error) {
    if (!(error instanceof MergeOvertaken) && !isWriteConflict(error)) throw error;
    logger.info({ adminId: admin.id, bookingId, err: (error as Error).message }, "customer merge overtaken");
    return failure(409, ALREADY_MERGED);
  }
  if (result.ok)
    logger.info(
      { adminId: admin.id, bookingId, from: result.value.mergedCustomerId, into: result.value.customerId },
      "customer merged",
    );
  return result;
}

/** The lead record was merged under us (by another merge): the transaction rolls back. */
class MergeOvertaken extends Error {
  constructor() {
    super("the lead record was merged meanwhile");
  }
}

/**
 * PostgreSQL's and Prisma's words for "another transaction changed these rows first": a
 * serialization failure or deadlock (40001, 40P01), a row gone (P2025), a foreign key to a
 * deleted row (23503, P2003), a write conflict (P2034).
 */
export function isWriteConflict(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e && typeof e === "object" && !seen.has(e);) {
    seen.add(e);
    const { code, meta, cause } = e as {
      code?: unknown;
      meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } };
      cause?: unknown;
    };
    const codes = [code, meta?.driverAdapterError?.cause?.originalCode];
    if (codes.some((c) => typeof c === "string" && ["40001", "40P01", "23503", "P2025", "P2003", "P2034"].includes(c)))
      return true;
    e = cause ?? meta?.driverAdapterError;
  }
  return false;
}
