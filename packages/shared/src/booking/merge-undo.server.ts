import { recordAudit } from "../audit-log.server";
import type { Reader } from "../db.server";
import { failure, success, type Result } from "../result";
import { isWriteConflict, type MergeContext } from "./merge-customer.server";
import { mergeDetails, undoDeadline, undoRefusal } from "./merge-record";

/**
 * Undoing a customer merge (docs/decisions/018-customer-merge-undo.md): for MERGE_UNDO_DAYS after
 * the merge, its audit entry's Undo (on the dashboard and on the customer's record) moves back
 * exactly the visits, requests, notes, documents and memberships it moved, gives the merged record back its account, and
 * unhides it; the kept record loses the address and account it took from it, unless they were
 * changed since. Refused with the reason after that, or when it was undone already.
 */

const NOT_A_MERGE = "There is no customer merge with this number.";

/** Whether each merge entry can be undone now: `{ [auditId]: { customerId, until } | { customerId, refusal } }`. */
export async function mergeUndoStates(
  db: Reader,
  entries: Array<{ id: number; action: string; createdAt: Date | string; details: unknown }>,
  now = new Date(),
) {
  const merges = entries
    .filter((e) => e.action === "customer.merged")
    .map((e) => ({ id: e.id, createdAt: new Date(e.createdAt), details: mergeDetails(e.details) }));
  const leadIds = merges.flatMap((m) => (m.details ? [m.details.from] : []));
  const leads = leadIds.length
    ? await db.customer.findMany({
        where: { id: { in: leadIds } },
        select: { id: true, mergedIntoId: true, mergedAt: true },
      })
    : [];
  const byId = new Map(leads.map((l) => [l.id, l]));
  const states: Record<number, MergeUndoState> = {};
  for (const m of merges) {
    if (!m.details) continue;
    const refusal = undoRefusal(m, byId.get(m.details.from) ?? null, now);
    states[m.id] = {
      customerId: m.details.into,
      mergedCustomerId: m.details.from,
      ...(refusal ? { refusal } : { until: undoDeadline(m.createdAt).toISOString() }),
    };
  }
  return states;
}

/** A merge's Undo: the record to post it to (the kept one), and until when, or why not. */
export interface MergeUndoState {
  customerId: number;
  mergedCustomerId: number;
  until?: string;
  refusal?: string;
}

type UndoResult = Result<{ customerId: number; intoId: number; message: string }>;

/** Undoes the merge recorded by audit entry `auditId`; audited as `customer.merge_undone`. */
export async function undoCustomerMerge(
  context: MergeContext,
  admin: { id: number; email: string },
  auditId: number,
  now = new Date(),
): Promise<UndoResult> {
  const { db, logger } = context.services;
  let result: UndoResult;
  try {
    result = await db.$transaction(async (tx): Promise<UndoResult> => {
      const entry = await tx.auditLog.findUnique({ where: { id: auditId } });
      if (!entry || entry.action !== "customer.merged") return failure(404, NOT_A_MERGE);
      const details = mergeDetails(entry.details);
      if (details) {
        const order = [details.from, details.into].sort((a, b) => a - b);
        await tx.$queryRaw`SELECT id FROM "Customer" WHERE id IN (${order[0]}, ${order[1]}) ORDER BY id FOR UPDATE`;
      }
      const lead = details
        ? await tx.customer.findUnique({
            where: { id: details.from },
            select: { id: true, name: true, address: true, mergedIntoId: true, mergedAt: true },
          })
        : null;
      const refusal = undoRefusal({ createdAt: entry.createdAt, details }, lead, now);
      if (refusal || !details || !lead) return failure(409, refusal ?? NOT_A_MERGE);
      const { from, into } = details;
      const moved = await tx.booking.updateMany({
        where: { id: { in: details.bookingIds }, customerId: into },
        data: { customerId: from },
      });
      const requests = await tx.appointmentRequest.updateMany({
        where: { id: { in: details.requestIds }, customerId: into },
        data: { customerId: from },
      });
      const notes = await tx.customerNote.updateMany({
        where: { id: { in: details.noteIds }, customerId: into },
        data: { customerId: from },
      });
      const back = (ids: number[]) => ({ where: { id: { in: ids }, customerId: into }, data: { customerId: from } });
      await tx.estimate.updateMany(back(details.estimateIds));
      await tx.invoice.updateMany(back(details.invoiceIds));
      await tx.payment.updateMany(back(details.paymentIds));
      await tx.membership.updateMany(back(details.membershipIds));
      // What the kept record took from the merged one goes back, unless staff changed it since.
      if (details.accountMoved && details.leadUserId !== null)
        await tx.customer.updateMany({ where: { id: into, userId: details.leadUserId }, data: { userId: null } });
      if (details.addressMoved && lead.address !== null)
        await tx.customer.updateMany({ where: { id: into, address: lead.address }, data: { address: null } });
      const owner =
        details.leadUserId === null
          ? null
          : await tx.user.findUnique({ where: { id: details.leadUserId }, select: { id: true } });
      await tx.customer.update({
        where: { id: from },
        data: { mergedIntoId: null, mergedAt: null, userId: owner?.id ?? null },
      });
      await recordAudit(tx, {
        actor: admin,
        action: "customer.merge_undone",
        targetType: "customer",
        targetId: from,
        details: {
          mergeAuditId: auditId,
          from,
          into,
          bookingsMoved: moved.count,
          requestsMoved: requests.count,
          notesMoved: notes.count,
        },
      });
      const visits = moved.count === 1 ? "1 visit" : `${moved.count} visits`;
      return success({
        customerId: from,
        intoId: into,
        message: `Merge undone: customer #${from} (${lead.name}) is back, with ${visits}.`,
      });
    });
  } catch (error) {
    if (!isWriteConflict(error)) throw error;
    logger.info({ adminId: admin.id, auditId, err: (error as Error).message }, "merge undo overtaken");
    return failure(409, "Someone else changed these records meanwhile. Reload the page and try again.");
  }
  if (result.ok) logger.info({ adminId: admin.id, auditId, from: result.value.customerId }, "customer merge undone");
  return result;
}
