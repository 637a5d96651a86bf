import { recordAudit } from "../audit-log.server";
import type { Db } from "../db.server";
import type { Logger } from "../logger.server";
import { failure, success, type Result } from "../result";

/**
 * Anonymous requests (the chat, a portal account whose email is not verified)
 * each become a customer record of their own, because a typed address proves
 * nothing (docs/security.md, "Verified identities"). Staff, who can call the
 * person, decide whether such a lead is an existing customer: one button on the
 * booking merges the lead's record into the oldest other record with the same
 * address, moving its bookings and requests, and the audit log records it.
 */

/** What a merge needs: the database and the log (the web's load context has them). */
interface MergeContext {
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
    where: { email: { in: emails } },
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

/** A merge: the record that joined (`mergedCustomerId`) and the one it joined (`customerId`). */
export type MergeResult = Result<{ customerId: number; mergedCustomerId: number; message: string }>;

const ALREADY_MERGED = "This booking's customer record was just merged by someone else. Reload the page to see it.";

/**
 * Merges the customer record of a booking into the oldest other record with the same address.
 *
 * Staff may press Merge on several pages (or twice) at once: the records with that address are
 * locked (`FOR UPDATE`, in id order, so two merges never wait on each other crosswise), and the
 * booking's customer is read again after the lock. The first merge wins; the others find the
 * booking already on the older record, or the lead gone, and answer 409. A conflict PostgreSQL
 * reports anyway (a row deleted or changed under us) is a 409 too, never a 500.
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
      const seen = await tx.booking.findUnique({
        where: { id: bookingId },
        select: { customer: { select: { id: true, email: true } } },
      });
      if (!seen) return failure(404, "Booking not found");
      // Prisma reads the customer with a second statement: a merge that committed in between leaves it null.
      if (!(seen.customer as typeof seen.customer | null)) return failure(409, ALREADY_MERGED);
      await tx.$queryRaw`SELECT id FROM "Customer" WHERE email = ${seen.customer.email} ORDER BY id FOR UPDATE`;
      // Read again under the lock: a merge that committed meanwhile has moved the booking.
      const booking = await tx.booking.findUnique({
        where: { id: bookingId },
        select: { customer: { select: { id: true, email: true, userId: true } } },
      });
      if (!booking) return failure(404, "Booking not found");
      const lead = booking.customer as typeof booking.customer | null;
      if (!lead || lead.id !== seen.customer.id) return failure(409, ALREADY_MERGED);
      const target = await tx.customer.findFirst({
        where: { email: lead.email, id: { not: lead.id } },
        orderBy: { id: "asc" },
        select: { id: true, name: true, userId: true },
      });
      if (!target || target.id > lead.id)
        return failure(
          409,
          "This booking's customer has no older record with the same email to merge into: it may have been merged already. Reload the page.",
        );
      if (lead.userId !== null && target.userId !== null && lead.userId !== target.userId) {
        return failure(409, "These customer records belong to two different accounts and cannot be merged.");
      }
      const moved = await tx.booking.updateMany({ where: { customerId: lead.id }, data: { customerId: target.id } });
      await tx.appointmentRequest.updateMany({ where: { customerId: lead.id }, data: { customerId: target.id } });
      if (target.userId === null && lead.userId !== null)
        await tx.customer.update({ where: { id: target.id }, data: { userId: lead.userId } });
      const deleted = await tx.customer.deleteMany({ where: { id: lead.id } });
      if (deleted.count !== 1) throw new MergeOvertaken();
      await recordAudit(tx, {
        actor: admin,
        action: "customer.merged",
        targetType: "customer",
        targetId: target.id,
        details: { from: lead.id, into: target.id, bookingId, bookingsMoved: moved.count },
      });
      return success({
        customerId: target.id,
        mergedCustomerId: lead.id,
        message: `Merged into customer #${target.id} (${target.name}).`,
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

/** The lead record went away under the merge (another merge deleted it): the transaction rolls back. */
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
function isWriteConflict(error: unknown): boolean {
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
