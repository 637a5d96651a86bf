import { recordAudit } from "../audit-log.server";
import { OVERTAKEN, untilNotOvertaken } from "../conditional-update";
import type { BookingStatus, Prisma } from "../db.server";
import { inTransaction, type ChangeContext } from "../outbox.server";
import { failure, success, type Result } from "../result";
import {
  holdWindow,
  lockSchedule,
  refusingOverlaps,
  unknownTechnician,
  windowConflict,
} from "../scheduling/schedule-lock.server";
import { availabilityOf, isActiveTechnician } from "../scheduling/schedule.server";
import { formatWindow, windowStartingAt } from "../scheduling/windows";
import { personName } from "../scheduling/technicians";
import { nextVisitSequence } from "../ics.server";
import { draftInvoiceOnCompletion } from "../invoices/invoices.server";
import { oweVisitText } from "../texts/owe.server";
import { bookingInclude } from "./booking-json";
import { bookingSubject, oweVisitNotifications, type BookingContext } from "./visit-notifications.server";
import { ON_THE_WAY_FROM, statusChangeRefusal, timeChangeRefusal, type StatusActor } from "./visit-status";
import { isLive, isScheduled, reminderFor } from "./visits";

/**
 * Every change to a booking after it is made (./create-booking.server.ts): its status, technician
 * and time (`updateBooking`), the technician's "on my way" (`recordOnTheWay`), and a confirmation
 * sent again (`resendConfirmation`). Each is checked against the visit's state machine
 * (./visit-status.ts), audited, and owes its notifications through the outbox in the same
 * transaction (./visit-notifications.server.ts, docs/decisions/008-notification-outbox.md); a visit
 * completed has its invoice drafted in that transaction too (../invoices/invoices.server.ts).
 */

/** What staff (or a customer, for a cancellation) may change about a booking. */
export interface BookingChanges {
  status?: BookingStatus;
  /** A user with role technician, or null to unassign. */
  technicianId?: number | null;
  scheduledDate?: Date;
}

export type BookingWithNames = Prisma.BookingGetPayload<{ include: typeof bookingInclude }>;

/**
 * Changes a booking's status, technician or time, records each change in the
 * audit log, and tells open admin pages. Which status may follow which, and
 * who may move a visit, is the visit's state machine
 * (./visit-status.ts) for the actor `options.by`: a change
 * it refuses answers 409 with its words ("This visit was cancelled by the office").
 *
 * The write is conditional on what it read (status, technician, time), so the
 * state machine's decision always applies to the state it was made on, and
 * two concurrent changes never both act on the same "before" (a customer
 * cannot cancel a visit the office has just started). A change of technician
 * or time takes the schedule first (`lockSchedule`), and PostgreSQL refuses a
 * technician two overlapping visits: 409. Placing a visit (a technician or a
 * time) also ends its wait for staff to place it.
 */
export async function updateBooking(
  context: BookingContext,
  id: number,
  changes: BookingChanges,
  actor: { id: number; email: string } | undefined,
  options: {
    /** Who is making the change: the state machine's actor. `customer` records it as the customer's own. */
    by: StatusActor;
    /**
     * The customer moves their own visit: the new time must be an arrival window they may choose now with
     * a place left (else 409 with the next open ones), and a technician not free then is unassigned.
     */
    customerWindow?: boolean;
  },
): Promise<Result<{ booking: BookingWithNames }>> {
  const { requestId } = context;
  const timing = context.services.env;
  const byCustomer = options.by === "customer";
  const placing = changes.technicianId !== undefined || changes.scheduledDate !== undefined;
  // Staff may bring a cancelled visit back (to any status): it takes its time again, so the schedule is taken first.
  const mayReopen = options.by === "staff" && changes.status !== undefined && changes.status !== "cancelled";
  return refusingOverlaps<{ booking: BookingWithNames }>(() =>
    inTransaction(context, async (tx, outbox) => {
      if (placing || mayReopen) await lockSchedule(tx);
      if (changes.technicianId && !(await isActiveTechnician(tx, changes.technicianId))) return unknownTechnician();
      const window =
        options.customerWindow && changes.scheduledDate ? await holdWindow(tx, changes.scheduledDate) : undefined;
      if (window === null) return windowConflict(tx, changes.scheduledDate);
      return untilNotOvertaken(`booking ${id}`, async () => {
        const before = await tx.booking.findUnique({ where: { id }, include: bookingInclude });
        if (!before) return failure(404, "Booking not found");
        const facts = { cancelledByCustomer: before.cancelledByCustomerAt !== null };
        const refused =
          (changes.status !== undefined && statusChangeRefusal(options.by, before.status, changes.status, facts)) ||
          (changes.scheduledDate !== undefined &&
            changes.scheduledDate.getTime() !== before.scheduledDate.getTime() &&
            timeChangeRefusal(options.by, before.status, facts));
        if (refused) return failure(409, refused);
        const status = changes.status ?? before.status;
        const kept = changes.technicianId === undefined ? before.technicianId : changes.technicianId;
        // Moved by the customer into a window their technician is not free in: staff assign another.
        const dropped = Boolean(window && kept && !window.freeTechnicians.some((t) => t.id === kept));
        const technicianId = dropped ? null : kept;
        const scheduledDate = changes.scheduledDate ?? before.scheduledDate;
        // Reopened: its window must still have a place for it (its technician's time is PostgreSQL's to refuse).
        if (before.status === "cancelled" && status !== "cancelled") {
          const full = await windowTakenOnReopen(tx, {
            technicianId,
            scheduledDate,
            needsPlacing: before.needsPlacing,
          });
          if (full) return failure(409, full, { errors: { status: full } });
        }
        // A customer's own cancellation is recorded with the change, so the staff email owed for it survives a Redis outage.
        const cancelledAt = byCustomer && status === "cancelled" && before.status !== "cancelled" ? new Date() : null;
        const written = await tx.booking.updateMany({
          where: {
            id,
            status: before.status,
            technicianId: before.technicianId,
            scheduledDate: before.scheduledDate,
          },
          data: {
            status,
            technicianId,
            scheduledDate,
            ...(placing ? { needsPlacing: false } : {}),
            // Moved, cancelled or reopened: the calendar event's SEQUENCE rises, so the customer's calendar takes
            // the new time, removes the event (the cancellation's .ics) or takes it back.
            ...(scheduledDate.getTime() !== before.scheduledDate.getTime() ||
            (status === "cancelled") !== (before.status === "cancelled")
              ? { calendarSequence: nextVisitSequence(before) }
              : {}),
            // The dispatch board flags a visit the customer's move left without its technician, until one is given.
            ...(dropped ? { technicianDroppedAt: new Date() } : technicianId ? { technicianDroppedAt: null } : {}),
            ...(cancelledAt ? { cancelledByCustomerAt: cancelledAt } : {}),
          },
        });
        if (written.count !== 1) return OVERTAKEN;
        const booking = await tx.booking.findUniqueOrThrow({ where: { id }, include: bookingInclude });
        await auditChanges(tx, actor, before, booking, byCustomer);
        const subject = bookingSubject(id);
        const movedByCustomer = byCustomer && before.scheduledDate.getTime() !== booking.scheduledDate.getTime();
        outbox.add(
          "booking-event",
          {
            bookingId: id,
            event: "updated",
            version: String(booking.updatedAt.getTime()),
            byCustomer: cancelledAt ? "cancelled" : movedByCustomer ? "rescheduled" : undefined,
            requestId,
          },
          { subject },
        );
        // A customer's own cancellation or move is emailed to staff (one email per change).
        if (cancelledAt)
          outbox.add(
            "booking-cancelled-notification",
            { bookingId: id, cancelledAt: cancelledAt.getTime(), requestId },
            { subject },
          );
        if (movedByCustomer)
          outbox.add(
            "booking-rescheduled-notification",
            { bookingId: id, from: before.scheduledDate.getTime(), to: booking.scheduledDate.getTime(), requestId },
            { subject },
          );
        await oweVisitNotifications(outbox, timing, before, booking, { byCustomer, requestId });
        // Completed: its invoice is drafted in this transaction (docs/product.md#invoices), once per visit.
        if (booking.status === "completed" && before.status !== "completed") await draftInvoiceOnCompletion(tx, id);
        return success({ booking });
      });
    }),
  );
}

/**
 * Why a cancelled visit cannot come back at its time, or null when it can: a visit with no technician in
 * an arrival window still to come needs a place left in that window (its cancellation gave its place
 * back, and a customer may have taken it since). Its technician's time, when it has one, is checked by
 * PostgreSQL's exclusion constraint as the status is written (`refusingOverlaps`). A request still to be
 * placed, a visit at an exact time and one in the past hold no window.
 */
async function windowTakenOnReopen(
  tx: Prisma.TransactionClient,
  visit: { technicianId: number | null; scheduledDate: Date; needsPlacing: boolean },
  now = new Date(),
): Promise<string | null> {
  if (visit.technicianId || visit.needsPlacing || visit.scheduledDate <= now) return null;
  const window = windowStartingAt(visit.scheduledDate);
  if (!window) return null;
  const [open] = await availabilityOf(tx, [window]);
  if (!open || open.available > 0) return null;
  return `Its window, ${formatWindow(window)}, is full now: move it to another time, or give it a technician free then, before you bring it back.`;
}

/** One audit entry per thing that changed. */
async function auditChanges(
  tx: Prisma.TransactionClient,
  actor: { id: number; email: string } | undefined,
  before: BookingWithNames,
  after: BookingWithNames,
  byCustomer = false,
) {
  const entry = { actor: actor ?? null, targetType: "booking" as const, targetId: after.id };
  const by = byCustomer ? { by: "customer" } : {};
  if (before.status !== after.status)
    await recordAudit(tx, {
      ...entry,
      action: "booking.status_changed",
      details: { from: before.status, to: after.status, ...by },
    });
  if (before.technicianId !== after.technicianId)
    await recordAudit(tx, {
      ...entry,
      action: "booking.technician_changed",
      details: {
        from: before.technician ? personName(before.technician) : null,
        to: after.technician ? personName(after.technician) : null,
        ...by,
      },
    });
  if (before.scheduledDate.getTime() !== after.scheduledDate.getTime())
    await recordAudit(tx, {
      ...entry,
      action: "booking.rescheduled",
      details: { from: before.scheduledDate.toISOString(), to: after.scheduledDate.toISOString(), ...by },
    });
}

/** The statuses in which a visit may still be announced (the visit's state machine). */
const ANNOUNCEABLE: BookingStatus[] = [...ON_THE_WAY_FROM];

/**
 * "On my way" (docs/product.md#technicians-day): records that the customer is told the technician
 * arrives in about `minutes` (around `told` + `minutes`), and owes that email. Once per visit: the first announcement is a
 * conditional write (not told yet, and a status that may be announced), and the email's key is
 * the visit's. False when it was announced already or its status no longer allows it.
 */
export async function recordOnTheWay(
  context: ChangeContext,
  bookingId: number,
  minutes: number,
  actor: { id: number; email: string },
  /** When the technician said so: the customer's expected time counts from it. */
  told = new Date(),
): Promise<boolean> {
  return inTransaction(context, async (tx, outbox) => {
    const { count } = await tx.booking.updateMany({
      where: { id: bookingId, onTheWayAt: null, status: { in: ANNOUNCEABLE } },
      data: { onTheWayAt: told, onTheWayMinutes: minutes },
    });
    if (count !== 1) return false;
    await recordAudit(tx, {
      actor,
      action: "booking.on_the_way",
      targetType: "booking",
      targetId: bookingId,
      details: { minutes },
    });
    outbox.add(
      "visit-on-the-way",
      { bookingId, minutes, requestId: context.requestId },
      { subject: bookingSubject(bookingId) },
    );
    // The technician is on the way now: told by text at once, whatever the hour (docs/decisions/026-text-messages.md).
    oweVisitText(outbox, "visit-on-the-way", { bookingId, minutes, requestId: context.requestId }, told, 1);
    return true;
  });
}

/**
 * Staff send the customer's confirmation again (a booking's page, "Resend confirmation"): a
 * request whose typed address had spent its share of our email, or an email the customer lost.
 * Staff, who can call the person, decide; so it is not counted against the visitors' caps, and
 * the visit's later emails (reminder, changes) go from now on too. Through the outbox, audited.
 */
export async function resendConfirmation(
  context: BookingContext,
  actor: { id: number; email: string },
  id: number,
): Promise<Result<{ message: string }>> {
  const { requestId } = context;
  const timing = context.services.env;
  return inTransaction(context, async (tx, outbox) =>
    untilNotOvertaken(`booking ${id}`, async () => {
      const before = await tx.booking.findUnique({ where: { id }, include: { appointmentRequest: true } });
      if (!before) return failure(404, "Booking not found");
      if (!isLive(before)) return failure(409, `This visit is ${before.status}: there is no confirmation to send.`);
      const now = new Date();
      const scheduled = isScheduled(before) && before.scheduledDate > now;
      if (!scheduled && !(before.needsPlacing && before.appointmentRequest))
        return failure(409, "This visit has no time to confirm yet: place it first.");
      // A condition on what was read, and a new updatedAt: the new version the email's key carries.
      const written = await tx.booking.updateMany({
        where: { id, status: before.status, scheduledDate: before.scheduledDate, updatedAt: before.updatedAt },
        data: { emailCustomer: true },
      });
      if (written.count !== 1) return OVERTAKEN;
      const after = await tx.booking.findUniqueOrThrow({ where: { id } });
      const version = String(after.updatedAt.getTime());
      const subject = bookingSubject(id);
      const at = after.scheduledDate.getTime();
      if (scheduled) {
        outbox.add("visit-confirmation", { bookingId: id, version, at, reason: "scheduled", requestId }, { subject });
        // Not emailed until now: the reminder was never owed.
        const reminder = before.emailCustomer ? null : reminderFor(after, timing.REMINDER_HOUR, now);
        if (reminder)
          outbox.add("visit-reminder", { bookingId: id, version, at, requestId }, { subject, availableAt: reminder });
      } else {
        outbox.add(
          "appointment-confirmation",
          { appointmentRequestId: before.appointmentRequest!.id, resend: version, requestId },
          { subject },
        );
      }
      await recordAudit(tx, {
        actor,
        action: "booking.confirmation_resent",
        targetType: "booking",
        targetId: id,
        details: { kind: scheduled ? "visit-confirmation" : "appointment-confirmation" },
      });
      return success({ message: "The confirmation is on its way to the customer." });
    }),
  );
}
