import type { Prisma } from "../db.server";
import { inTransaction, type ChangeContext } from "../outbox.server";
import { ADMIN_ROOM } from "../realtime";
import { failure, success, type Result } from "../result";
import { textablePhone } from "../texts/phone";

/**
 * The office's side of calls (docs/product.md#calls): a missed call stays "to call back" until staff mark it done or
 * a booking follows (any booking for its number within a week: this module records it, from createBooking).
 */

/** How long after a missed call a booking for its number counts as following from it. */
const FOLLOWS_WITHIN_MS = 7 * 24 * 60 * 60 * 1000;

/** Still to call back: missed, not marked called back, and no booking followed. */
export const TO_CALL_BACK = {
  outcome: "missed",
  calledBackAt: null,
  bookingId: null,
} satisfies Prisma.PhoneCallWhereInput;

/**
 * A booking was made for this phone (as typed on its customer record): the number's missed calls of the week before,
 * with no booking yet, are answered by it. In the booking's transaction.
 */
export async function bookingFollowsCalls(
  tx: Pick<Prisma.TransactionClient, "phoneCall">,
  booking: { id: number; createdAt: Date },
  phone: string,
): Promise<void> {
  const number = textablePhone(phone);
  if (!number) return;
  await tx.phoneCall.updateMany({
    where: {
      phone: number,
      outcome: "missed",
      bookingId: null,
      createdAt: { gte: new Date(booking.createdAt.getTime() - FOLLOWS_WITHIN_MS), lte: booking.createdAt },
    },
    data: { bookingId: booking.id },
  });
}

export interface CallsContext extends ChangeContext {
  services: ChangeContext["services"] & { emitToRoom: (room: string, event: string, payload: unknown) => void };
}

/** Staff called a missed caller back: it leaves the "to call back" list (once; the first to mark it is kept). */
export async function markCalledBack(
  context: CallsContext,
  staff: { id: number },
  callId: number,
): Promise<Result<{ message: string }>> {
  const outcome = await inTransaction(context, async (tx) => {
    const call = await tx.phoneCall.findUnique({
      where: { id: callId },
      select: { outcome: true, calledBackAt: true },
    });
    if (!call) return failure(404, "That call was not found.");
    if (call.outcome !== "missed") return failure(409, "Only a missed call is called back.");
    if (call.calledBackAt) return success({ message: "Already marked as called back." });
    await tx.phoneCall.update({ where: { id: callId }, data: { calledBackAt: new Date(), calledBackById: staff.id } });
    return success({ message: "Marked as called back." });
  });
  if (outcome.ok) context.services.emitToRoom(ADMIN_ROOM, "chat:activity", { item: `call:${callId}` });
  return outcome;
}
