import { business } from "../business";
import { bookingFollowsCalls } from "../calls/calls.server";
import type { Booking, BookingPriority, BookingSource, Prisma } from "../db.server";
import { inTransaction, type Outbox } from "../outbox.server";
import { failure, success, type Result } from "../result";
import { lockSchedule, refusingOverlaps, unknownTechnician } from "../scheduling/schedule-lock.server";
import { isActiveTechnician } from "../scheduling/schedule.server";
import { bookingInclude, serializeBooking } from "./booking-json";
import {
  bookingSubject,
  oweVisitNotifications,
  type BookingContext,
  type VisitTiming,
} from "./visit-notifications.server";

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
  /** The technician doing it; PostgreSQL refuses one who already has a visit then (isTechnicianOverlap). */
  technicianId?: number | null;
  /** Default: the business's visit length (docs/product.md#booking-rules). */
  durationMinutes?: number;
  /** A request staff still have to place (no window chosen, or an emergency). */
  needsPlacing?: boolean;
  /** Where the visit is. */
  address?: string | null;
  /** False: nothing about this visit is emailed to the customer (their typed address reached its share). */
  emailCustomer?: boolean;
}

/**
 * Creates a pending booking and owes its staff email, its live
 * `booking:created` (and emergency) event, and what it owes its customer and
 * staff devices (visit-notifications.server.ts).
 */
export async function createBooking(
  tx: Prisma.TransactionClient,
  outbox: Outbox,
  input: NewBooking,
  meta: {
    requestId?: string;
    timing: VisitTiming;
    /** A visitor's request: its first confirmation counts against the hourly cap on email to typed addresses. */
    visitorCap?: boolean;
  },
): Promise<Booking> {
  const { requestId } = meta;
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
      technicianId: input.technicianId ?? null,
      durationMinutes: input.durationMinutes ?? business.booking.visitMinutes,
      needsPlacing: input.needsPlacing ?? false,
      address: input.address ?? null,
      emailCustomer: input.emailCustomer ?? true,
    },
  });
  // A customer with no address of their own takes their first visit's (their record shows where we go).
  const address = input.address?.trim();
  if (address) await tx.customer.updateMany({ where: { id: input.customerId, address: null }, data: { address } });
  // The number's missed calls are answered by it: they leave the office's "to call back" (docs/product.md#calls).
  const customer = await tx.customer.findUniqueOrThrow({ where: { id: input.customerId }, select: { phone: true } });
  await bookingFollowsCalls(tx, booking, customer.phone);
  // Emergencies are urgent: ahead of anything else waiting.
  const options = { subject: bookingSubject(booking.id), priority: booking.priority === "emergency" ? 1 : undefined };
  outbox.add("booking-event", { bookingId: booking.id, event: "created", version: "created", requestId }, options);
  outbox.add("booking-staff-notification", { bookingId: booking.id, requestId }, options);
  await oweVisitNotifications(outbox, meta.timing, null, booking, { requestId, visitorCap: meta.visitorCap });
  return booking;
}

export type CreateBookingResult = Result<{ booking: ReturnType<typeof serializeBooking>; message: string }>;

/** Staff (dialog or API) book a visit for an existing customer; it starts as pending. */
export async function createBookingForCustomer(
  context: BookingContext,
  input: {
    customerId: number;
    summary: string;
    details?: string;
    priority: BookingPriority;
    scheduledDate: Date;
    serviceTitanId?: string;
    technicianId?: number;
    address?: string;
  },
  source: BookingSource,
): Promise<CreateBookingResult> {
  const customer = await context.services.db.customer.findUnique({ where: { id: input.customerId } });
  if (!customer) return failure(400, "That customer does not exist", { errors: { customerId: "Customer not found" } });
  if (customer.mergedIntoId !== null)
    return failure(400, `That customer record was merged into customer #${customer.mergedIntoId}: book for that one`, {
      errors: { customerId: "Customer was merged into another" },
    });
  const { technicianId } = input;
  return refusingOverlaps(async () => {
    const created = await inTransaction(context, async (tx, outbox) => {
      if (technicianId) {
        // Assigning uses a technician's time: take the schedule, as every such write does.
        await lockSchedule(tx);
        if (!(await isActiveTechnician(tx, technicianId))) return null;
      }
      const booking = await createBooking(
        tx,
        outbox,
        { ...input, source },
        {
          requestId: context.requestId,
          timing: context.services.env,
        },
      );
      return tx.booking.findUniqueOrThrow({ where: { id: booking.id }, include: bookingInclude });
    });
    if (!created) return unknownTechnician();
    return success({ booking: serializeBooking(created), message: "Booking created successfully" }, 201);
  });
}
