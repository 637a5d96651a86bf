import type { AppLoadContext } from "@remix-run/node";
import { business } from "@app/shared/business";
import { jobIds } from "@app/shared/jobs";
import { enqueue } from "@app/shared/queues";
import { updateBookingStatus } from "../bookings/bookings.server";
import { requestAppointment } from "../chat/chat.server";
import { bookingStatusLabel } from "./status";

export interface PortalUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

const emailOf = (user: PortalUser) => user.email.toLowerCase();

/** The signed-in person's bookings: those of every Customer row with their email, newest scheduled first. */
export async function accountOverview(context: AppLoadContext, user: PortalUser) {
  const { db } = context.services;
  const email = emailOf(user);
  const [bookings, customer] = await Promise.all([
    db.booking.findMany({
      where: { customer: { email } },
      orderBy: [{ scheduledDate: "desc" }, { id: "desc" }],
      take: 100,
      select: { id: true, summary: true, status: true, scheduledDate: true, priority: true },
    }),
    db.customer.findFirst({ where: { email }, orderBy: { id: "asc" }, select: { phone: true } }),
  ]);
  return {
    bookings: bookings.map((b) => ({
      id: b.id,
      summary: b.summary,
      status: b.status,
      statusLabel: bookingStatusLabel[b.status],
      priority: b.priority,
      scheduledAt: b.scheduledDate.toISOString(),
      when: b.scheduledDate.toLocaleString("en-US", { timeZone: business.timeZone, dateStyle: "full", timeStyle: "short" }),
      cancellable: b.status === "pending",
    })),
    prefill: { customerName: `${user.firstName} ${user.lastName}`.trim(), customerEmail: email, customerPhone: customer?.phone ?? "" },
  };
}

/** A new appointment from the portal: the chat's rules, without a chat session. */
export function requestPortalAppointment(context: AppLoadContext, input: unknown) {
  return requestAppointment(context, input, { chatSessionId: null, source: "portal" });
}

export type CancelResult = { ok: true; bookingId: number; summary: string } | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * Cancels one of the signed-in person's pending bookings. A booking that is
 * not theirs answers exactly like one that does not exist.
 */
export async function cancelOwnBooking(context: AppLoadContext, user: PortalUser, rawId: unknown): Promise<CancelResult> {
  const { services, requestId, logger } = context;
  const id = typeof rawId === "string" && /^\d{1,9}$/.test(rawId) ? Number(rawId) : NaN;
  if (!Number.isInteger(id) || id <= 0) return { ok: false, status: 400, message: "That booking could not be found." };
  const booking = await services.db.booking.findFirst({ where: { id, customer: { email: emailOf(user) } }, select: { id: true, status: true, summary: true } });
  if (!booking) return { ok: false, status: 404, message: "That booking could not be found in your account." };
  if (booking.status !== "pending") {
    return { ok: false, status: 409, message: `Booking #${booking.id} can no longer be cancelled online (it is ${bookingStatusLabel[booking.status].toLowerCase()}). Please call us at ${business.phone}.` };
  }
  const cancelled = await updateBookingStatus(context, id, "cancelled", { id: user.id, email: user.email }, { byCustomer: true });
  try {
    const cancelledAt = cancelled?.cancelledByCustomerAt ?? new Date();
    await enqueue(services.queues, "email", "booking-cancelled-notification", { bookingId: id, requestId }, { jobId: jobIds.bookingCancelledNotification(id, cancelledAt) });
  } catch (error) {
    logger.warn({ err: (error as Error).message, bookingId: id }, "booking cancelled; staff email deferred to the sweeper");
  }
  return { ok: true, bookingId: id, summary: booking.summary };
}
