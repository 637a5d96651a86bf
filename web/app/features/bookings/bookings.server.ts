import type { AppLoadContext } from "@remix-run/node";
import { serializeBooking } from "@app/shared/bookings";
import type { Booking, BookingPriority, BookingSource, BookingStatus, Prisma } from "@app/shared/db";
import { jobIds } from "@app/shared/jobs";
import { enqueue } from "@app/shared/queues";
import { OVERTAKEN, untilNotOvertaken } from "~/utils/conditional-update.server";
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
  const { services, requestId, logger } = context;
  const result = await services.db.$transaction((tx) =>
    untilNotOvertaken(`booking ${id}`, async () => {
      const before = await tx.booking.findUnique({ where: { id } });
      if (!before) return null;
      if (options.onlyFrom && !options.onlyFrom.includes(before.status)) return { booking: before, changed: false };
      // A customer's own cancellation is recorded with the change, so the staff email owed for it survives a Redis outage.
      const byCustomer = options.byCustomer && status === "cancelled" && before.status !== "cancelled";
      const written = await tx.booking.updateMany({
        where: { id, status: before.status },
        data: { status, ...(byCustomer ? { cancelledByCustomerAt: new Date(), cancellationNotifiedAt: null } : {}) },
      });
      if (written.count !== 1) return OVERTAKEN;
      if (before.status !== status) {
        await recordAudit(tx, { actor: actor ?? null, action: "booking.status_changed", targetType: "booking", targetId: id, details: { from: before.status, to: status } });
      }
      return { booking: await tx.booking.findUniqueOrThrow({ where: { id } }), changed: true };
    }),
  );
  if (!result?.changed) return result;
  const { booking } = result;
  const version = String(booking.updatedAt.getTime());
  try {
    await enqueue(services.queues, "notifications", "booking-event", { bookingId: booking.id, event: "updated", version, requestId }, {
      jobId: jobIds.bookingEvent(booking.id, version),
    });
  } catch (error) {
    logger.warn({ err: (error as Error).message, bookingId: booking.id }, "status changed; live update not sent (queue unavailable)");
  }
  return result;
}

export { serializeBooking };
