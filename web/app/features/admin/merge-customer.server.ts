import type { AppLoadContext } from "@remix-run/node";
import { failure, success, type Result } from "~/utils/result";
import { recordAudit } from "./audit.server";

/**
 * Anonymous requests (the chat, a portal account whose email is not verified)
 * each become a customer record of their own, because a typed address proves
 * nothing (docs/security.md, "Verified identities"). Staff, who can call the
 * person, decide whether such a lead is an existing customer: one button on the
 * booking merges the lead's record into the oldest other record with the same
 * address, moving its bookings and requests, and the audit log records it.
 */

interface MergeCandidate {
  id: number;
  name: string;
}

/** For each listed booking whose customer shares its address with an older record: that record. */
export async function mergeCandidates(
  context: AppLoadContext,
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

/** Merges the customer record of a booking into the oldest other record with the same address. */
export async function mergeBookingCustomer(
  context: AppLoadContext,
  admin: { id: number; email: string },
  bookingId: number,
): Promise<MergeResult> {
  const { db, logger } = context.services;
  const result = await db.$transaction(async (tx): Promise<MergeResult> => {
    const booking = await tx.booking.findUnique({
      where: { id: bookingId },
      select: { customer: { select: { id: true, email: true, userId: true } } },
    });
    if (!booking) return failure(404, "Booking not found");
    const lead = booking.customer;
    const target = await tx.customer.findFirst({
      where: { email: lead.email, id: { not: lead.id } },
      orderBy: { id: "asc" },
      select: { id: true, name: true, userId: true },
    });
    if (!target || target.id > lead.id)
      return failure(409, "This booking's customer has no older record with the same email to merge into.");
    if (lead.userId !== null && target.userId !== null && lead.userId !== target.userId) {
      return failure(409, "These customer records belong to two different accounts and cannot be merged.");
    }
    const moved = await tx.booking.updateMany({ where: { customerId: lead.id }, data: { customerId: target.id } });
    await tx.appointmentRequest.updateMany({ where: { customerId: lead.id }, data: { customerId: target.id } });
    if (target.userId === null && lead.userId !== null)
      await tx.customer.update({ where: { id: target.id }, data: { userId: lead.userId } });
    await tx.customer.delete({ where: { id: lead.id } });
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
  if (result.ok)
    logger.info(
      { adminId: admin.id, bookingId, from: result.value.mergedCustomerId, into: result.value.customerId },
      "customer merged",
    );
  return result;
}
