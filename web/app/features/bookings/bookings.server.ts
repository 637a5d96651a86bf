import type { AppLoadContext } from "@remix-run/node";
import { serializeBooking } from "@app/shared/bookings";
import type { Booking, BookingPriority, BookingSource, BookingStatus, Prisma } from "@app/shared/db";
import type { Outbox } from "@app/shared/outbox";
import { OVERTAKEN, untilNotOvertaken } from "~/utils/conditional-update.server";
import { inTransaction } from "~/utils/outbox.server";
import { recordAudit } from "../admin/audit.server";

/**
 * Every booking, whoever makes it (the staff dialog, the API, the chat), is
 * created here and announced the same way: staff are emailed and every open
 * admin page hears of it live. Both are outbox notifications written with the
 * booking, so neither can be lost (docs/decisions/008-notification-outbox.md).
 */

export interface NewBooking {
  customerId: number;
  summary: string;
  details?: string | null;
  priority: BookingPriority;
  scheduledDate: Date;
  source: BookingSource;
  serviceTitanId?: string | null;
}

/** The subject of a booking's outbox notifications (so cancelling it can cancel what it still owes). */
export const bookingSubject = (bookingId: number) => `booking:${bookingId}`;

/** Creates a pending booking and owes its staff email and its live `booking:created` (and emergency) event. */
export async function createBooking(
  tx: Prisma.TransactionClient,
  outbox: Outbox,
  input: NewBooking,
  requestId?: string,
): Promise<Booking> {
  const booking = await tx.booking.create({
    data: {
      customerId: input.customerId,
      summary: input.summary,
      details: input.details ?? null,
      priority: input.priority,
      status: "pending",
      scheduledDate: input.scheduledDate,
      source: input.source,
      serviceTitanId: input.serviceTitanId ?? null,
    },
  });
  // Emergencies are urgent: ahead of anything else waiting.
  const options = { subject: bookingSubject(booking.id), priority: booking.priority === "emergency" ? 1 : undefined };
  outbox.add("booking-event", { bookingId: booking.id, event: "created", version: "created", requestId }, options);
  outbox.add("booking-staff-notification", { bookingId: booking.id, requestId }, options);
  return booking;
}

/**
 * Changes a booking's status (any status may follow any status, unless
 * `onlyFrom` says which it must have now), records who did it in the audit
 * log, and tells open admin pages. The write is conditional on the status it
 * read, so two concurrent changes never both act on the same "before" (a
 * customer cannot cancel a visit the office has just started). Null when the
 * booking does not exist; `changed: false` when `onlyFrom` refused it.
 */
export async function updateBookingStatus(
  context: AppLoadContext,
  id: number,
  status: BookingStatus,
  actor?: { id: number; email: string },
  options: { byCustomer?: boolean; onlyFrom?: BookingStatus[] } = {},
): Promise<{ booking: Booking; changed: boolean } | null> {
  const { requestId } = context;
  return inTransaction(context, (tx, outbox) =>
    untilNotOvertaken(`booking ${id}`, async () => {
      const before = await tx.booking.findUnique({ where: { id } });
      if (!before) return null;
      if (options.onlyFrom && !options.onlyFrom.includes(before.status)) return { booking: before, changed: false };
      // A customer's own cancellation is recorded with the change, so the staff email owed for it survives a Redis outage.
      const byCustomer = options.byCustomer && status === "cancelled" && before.status !== "cancelled";
      const cancelledAt = byCustomer ? new Date() : null;
      const written = await tx.booking.updateMany({
        where: { id, status: before.status },
        data: { status, ...(cancelledAt ? { cancelledByCustomerAt: cancelledAt } : {}) },
      });
      if (written.count !== 1) return OVERTAKEN;
      if (before.status !== status) {
        await recordAudit(tx, {
          actor: actor ?? null,
          action: "booking.status_changed",
          targetType: "booking",
          targetId: id,
          details: { from: before.status, to: status },
        });
      }
      const booking = await tx.booking.findUniqueOrThrow({ where: { id } });
      const subject = bookingSubject(id);
      outbox.add(
        "booking-event",
        { bookingId: id, event: "updated", version: String(booking.updatedAt.getTime()), requestId },
        { subject },
      );
      // A customer's own cancellation is emailed to staff (one email per cancellation).
      if (cancelledAt)
        outbox.add(
          "booking-cancelled-notification",
          { bookingId: id, cancelledAt: cancelledAt.getTime(), requestId },
          { subject },
        );
      return { booking, changed: true };
    }),
  );
}

export { serializeBooking };
