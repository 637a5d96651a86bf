import type { AppLoadContext } from "@remix-run/node";
import { serializeBooking } from "@app/shared/bookings";
import type { Booking, BookingPriority, BookingSource, BookingStatus, Prisma } from "@app/shared/db";
import { jobIds } from "@app/shared/jobs";
import { enqueue } from "@app/shared/queues";
import { recordAudit } from "../admin/audit.server";

/**
 * Every booking, whoever makes it (the staff dialog, the API, the chat), is
 * created here and announced the same way: staff are emailed and every open
 * admin page hears of it live. Stored first; if the queue is down the worker's
 * sweeper sends the notifications later.
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

export async function createBooking(context: AppLoadContext, input: NewBooking, tx?: Prisma.TransactionClient): Promise<Booking> {
  const db = tx ?? context.services.db;
  return db.booking.create({
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
}

/** Queues the staff email and the live `booking:created` (and `booking:emergency`) event. */
export async function announceNewBooking(context: AppLoadContext, booking: Booking) {
  const { services, requestId, logger } = context;
  try {
    await enqueue(services.queues, "notifications", "booking-event", { bookingId: booking.id, event: "created", version: "created", requestId }, {
      jobId: jobIds.bookingEvent(booking.id, "created"),
      // Live alerts are urgent: ahead of anything else waiting.
      priority: booking.priority === "emergency" ? 1 : undefined,
    });
    await enqueue(services.queues, "email", "booking-staff-notification", { bookingId: booking.id, requestId }, {
      jobId: jobIds.bookingStaffNotification(booking.id),
      priority: booking.priority === "emergency" ? 1 : undefined,
    });
  } catch (error) {
    logger.warn({ err: (error as Error).message, bookingId: booking.id }, "booking stored; notifications deferred to the sweeper");
  }
}

/**
 * Changes a booking's status (any status may follow any status), records who
 * did it in the audit log, and tells open admin pages.
 */
export async function updateBookingStatus(
  context: AppLoadContext,
  id: number,
  status: BookingStatus,
  actor?: { id: number; email: string },
  options: { byCustomer?: boolean } = {},
): Promise<Booking | null> {
  const { services, requestId, logger } = context;
  const booking = await services.db.$transaction(async (tx) => {
    const before = await tx.booking.findUnique({ where: { id }, select: { status: true } });
    if (!before) return null;
    // A customer's own cancellation is recorded with the change, so the staff email owed for it survives a Redis outage.
    const byCustomer = options.byCustomer && status === "cancelled" && before.status !== "cancelled";
    const updated = await tx.booking.update({ where: { id }, data: { status, ...(byCustomer ? { cancelledByCustomerAt: new Date(), cancellationNotifiedAt: null } : {}) } });
    if (before.status !== status) {
      await recordAudit(tx, { actor: actor ?? null, action: "booking.status_changed", targetType: "booking", targetId: id, details: { from: before.status, to: status } });
    }
    return updated;
  });
  if (!booking) return null;
  const version = String(booking.updatedAt.getTime());
  try {
    await enqueue(services.queues, "notifications", "booking-event", { bookingId: booking.id, event: "updated", version, requestId }, {
      jobId: jobIds.bookingEvent(booking.id, version),
    });
  } catch (error) {
    logger.warn({ err: (error as Error).message, bookingId: booking.id }, "status changed; live update not sent (queue unavailable)");
  }
  return booking;
}

export { serializeBooking };
