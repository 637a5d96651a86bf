import type { Booking } from "../db.server";
import type { Env } from "../env.server";
import type { ChangeContext, Outbox } from "../outbox.server";
import { oweVisitText } from "../texts/owe.server";
import { isLive, isScheduled, reminderFor } from "./visits";

/**
 * What a booking's change owes its customer and the staff away from the
 * screen (docs/product.md#the-customers-loop), decided from the booking
 * before and after the change, inside its transaction (the outbox rows are
 * written with it, docs/decisions/008-notification-outbox.md):
 *
 * - scheduled (a window chosen, or a time staff set), brought back from
 *   cancelled to pending, or moved: a confirmation with the manage links;
 * - a reminder at REMINDER_HOUR the day before, owed as a delayed row while
 *   the visit is pending: moved with the visit, dropped when it starts, is
 *   cancelled or done (no polling);
 * - cancelled: the customer is told;
 * - completed: a review request REVIEW_DELAY_MINUTES later, dropped if the
 *   visit is reopened or cancelled before it goes;
 * - an emergency: a push to admins and that day's technicians; assigned: a
 *   push to the technician.
 */

export type VisitTiming = Pick<Env, "REMINDER_HOUR" | "REVIEW_DELAY_MINUTES">;

/** What a booking change needs: the change's context and the environment's timing of the visit emails. */
export type BookingContext = ChangeContext & { services: { env: VisitTiming } };

type Visit = Pick<
  Booking,
  | "id"
  | "status"
  | "priority"
  | "scheduledDate"
  | "durationMinutes"
  | "needsPlacing"
  | "emailCustomer"
  | "technicianId"
  | "updatedAt"
>;

/** The subject of a booking's outbox notifications (so cancelling it can cancel what it still owes). */
export const bookingSubject = (bookingId: number) => `booking:${bookingId}`;

export async function oweVisitNotifications(
  outbox: Outbox,
  timing: VisitTiming,
  before: Visit | null,
  after: Visit,
  options: {
    byCustomer?: boolean;
    requestId?: string;
    now?: Date;
    /** A new visitor's request: its confirmation counts against the hourly cap on email to typed addresses. */
    visitorCap?: boolean;
  } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const { requestId } = options;
  const subject = bookingSubject(after.id);
  const version = String(after.updatedAt.getTime());
  const at = after.scheduledDate.getTime();
  const emergency = after.priority === "emergency" ? 1 : undefined;

  // An emergency pages staff devices (the on-call person's among them) and texts whoever is on call (docs/product.md#on-call).
  if (!before && after.priority === "emergency") {
    outbox.add("push-alert", { reason: "emergency", bookingId: after.id, requestId }, { subject, priority: 1 });
    outbox.add("on-call-page", { bookingId: after.id, requestId }, { subject, priority: 1 });
  }
  if (after.technicianId && after.technicianId !== before?.technicianId && isLive(after))
    outbox.add(
      "push-alert",
      { reason: "assigned", bookingId: after.id, technicianId: after.technicianId, version, requestId },
      { subject, priority: emergency },
    );

  if (after.emailCustomer) {
    const wasScheduled = before !== null && isScheduled(before);
    const moved = wasScheduled && before.scheduledDate.getTime() !== at;
    // Told of its time already: a placed visit that was never cancelled (a completed one reopened is not booked again).
    const told = before !== null && !before.needsPlacing && before.status !== "cancelled";
    const booked = after.status === "pending" && !told;
    if (isScheduled(after) && (booked || moved) && after.scheduledDate > now) {
      outbox.add(
        "visit-confirmation",
        {
          bookingId: after.id,
          version,
          at,
          reason: moved ? "moved" : "scheduled",
          ...(moved ? { from: before.scheduledDate.getTime() } : {}),
          ...(options.visitorCap && !before ? { visitorCap: true } : {}),
          requestId,
        },
        { subject },
      );
      oweVisitText(outbox, "visit-confirmation", { bookingId: after.id, version, at, requestId }, now, emergency);
    }

    const reminderBefore = before ? reminderFor(before, timing.REMINDER_HOUR, now) : null;
    const reminderAfter = reminderFor(after, timing.REMINDER_HOUR, now);
    if (reminderBefore?.getTime() !== reminderAfter?.getTime() || (reminderAfter && moved)) {
      if (before) await outbox.cancel(subject, ["visit-reminder"]);
      if (reminderAfter) {
        outbox.add(
          "visit-reminder",
          { bookingId: after.id, version, at, requestId },
          { subject, availableAt: reminderAfter },
        );
        oweVisitText(outbox, "visit-reminder", { bookingId: after.id, version, at, requestId }, reminderAfter);
      }
    }

    if (after.status === "cancelled" && before && isLive(before))
      outbox.add(
        "visit-cancelled",
        { bookingId: after.id, version, by: options.byCustomer ? "customer" : "staff", requestId },
        { subject },
      );

    if (after.status === "completed" && before?.status !== "completed") {
      const due = new Date(now.getTime() + timing.REVIEW_DELAY_MINUTES * 60_000);
      outbox.add("review-request", { bookingId: after.id, version, requestId }, { subject, availableAt: due });
      oweVisitText(outbox, "review-request", { bookingId: after.id, version, requestId }, due);
    }
  }
  if (before?.status === "completed" && after.status !== "completed") await outbox.cancel(subject, ["review-request"]);
}
