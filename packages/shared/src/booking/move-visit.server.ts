import type { Failure, Result } from "../result";
import { personName } from "../scheduling/technicians";
import { technicianConflict } from "../scheduling/move-alternatives.server";
import { isTechnicianBusy } from "../scheduling/schedule-lock.server";
import { updateBooking, type BookingChanges, type BookingWithNames } from "./change-booking.server";
import type { BookingContext } from "./visit-notifications.server";
import { describeVisitTime } from "./visits";

/**
 * Staff move a visit (docs/product.md#moving-a-visit): its time and its technician in one change,
 * or set its status (a cancelled visit brought back takes its time again, docs/product.md#booking-rules),
 * from a booking's page, the calendar's day dialog, the dispatch board (a drag, or a card's Move
 * form) and `PATCH /api/bookings/:id`. It is `updateBooking` for staff, with everything that
 * brings: the visit's state machine, the schedule's lock, the audit entries, the customer's one
 * email (a placed request's confirmation, or a scheduled visit's "moved" one, with its `.ics`),
 * the reminder moved and every open staff page told. When PostgreSQL refuses the technician two
 * visits at once, the 409 says which visit is in the way and offers what is open instead
 * (../scheduling/move-alternatives.server.ts).
 */
export async function moveVisit(
  context: BookingContext,
  id: number,
  changes: BookingChanges,
  actor: { id: number; email: string },
): Promise<Result<{ booking: BookingWithNames }>> {
  const moved = await updateBooking(context, id, changes, actor, { by: "staff" });
  if (moved.ok || !isTechnicianBusy(moved)) return moved;
  const conflict = await explainConflict(context, id, changes);
  if (!conflict) return moved;
  // A cancelled visit brought back whose technician has taken another visit at its time meanwhile.
  if (changes.status && changes.technicianId === undefined && changes.scheduledDate === undefined) {
    const message = `Booking #${id} cannot be brought back at its time: ${conflict.message}. Move it to another time or technician first.`;
    return { ...conflict, message, errors: { status: message } };
  }
  return conflict;
}

async function explainConflict(context: BookingContext, id: number, changes: BookingChanges): Promise<Failure | null> {
  const { db } = context.services;
  const booking = await db.booking.findUnique({
    where: { id },
    select: { technicianId: true, scheduledDate: true, durationMinutes: true },
  });
  const technicianId = changes.technicianId === undefined ? booking?.technicianId : changes.technicianId;
  if (!booking || !technicianId) return null;
  return technicianConflict(db, {
    bookingId: id,
    technicianId,
    start: changes.scheduledDate ?? booking.scheduledDate,
    durationMinutes: booking.durationMinutes,
  });
}

/** What staff read once a visit moved: "Booking #12 moved to Friday, Dec 4, between 10 AM and 12 PM, with Sam Boudreaux". */
export function movedMessage(booking: BookingWithNames): string {
  const who = booking.technician ? `with ${personName(booking.technician)}` : "unassigned";
  return `Booking #${booking.id} moved to ${describeVisitTime(booking).label}, ${who}`;
}
