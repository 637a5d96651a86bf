import type { AppLoadContext } from "@remix-run/node";
import { businessDate, formatFullDateTime } from "@app/shared/time";
import { updateBooking } from "@app/shared/booking/change-booking.server";
import { failure, success, type Result } from "@app/shared/result";
import { requestAppointment, type AppointmentResult } from "../chat/chat.server";
import { windowChoices } from "../scheduling/availability.server";
import { idFrom } from "@app/shared/api/values";
import { remindersFor } from "../appointments/email-preferences.server";
import { bookingStatusLabel } from "./status";

/**
 * The customer portal (/account). What it shows and changes is reached
 * through the account's linked customer records (`Customer.userId`), which
 * exist only once the account's email is verified; an unverified account sees
 * and changes nothing (docs/security.md, "Verified identities").
 */

export interface PortalUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  emailVerified: boolean;
}

/** How many days ahead the request form offers windows. */
const PORTAL_WINDOW_DAYS = 14;

const VERIFY_FIRST_MESSAGE =
  "Please confirm your email address first: open the link we emailed you, or send it again from this page.";

/** The signed-in person's bookings (those of their linked customer records), newest scheduled first. */
export async function accountOverview(context: AppLoadContext, user: PortalUser) {
  const { db } = context.services;
  const name = `${user.firstName} ${user.lastName}`.trim();
  if (!user.emailVerified) {
    return {
      verified: false as const,
      bookings: [],
      prefill: { customerName: name, customerEmail: user.email, customerPhone: "" },
      windows: { from: businessDate(), days: PORTAL_WINDOW_DAYS, windows: [], closures: [] },
      reminders: true,
    };
  }
  const [bookings, customer, windows, reminders] = await Promise.all([
    db.booking.findMany({
      where: { customer: { userId: user.id } },
      orderBy: [{ scheduledDate: "desc" }, { id: "desc" }],
      take: 100,
      select: { id: true, summary: true, status: true, scheduledDate: true, priority: true },
    }),
    db.customer.findFirst({ where: { userId: user.id }, orderBy: { id: "asc" }, select: { phone: true } }),
    windowChoices(db, businessDate(), PORTAL_WINDOW_DAYS),
    remindersFor(context, user.email),
  ]);
  return {
    verified: true as const,
    bookings: bookings.map((b) => ({
      id: b.id,
      summary: b.summary,
      status: b.status,
      statusLabel: bookingStatusLabel[b.status],
      priority: b.priority,
      scheduledAt: b.scheduledDate.toISOString(),
      when: formatFullDateTime(b.scheduledDate),
      cancellable: b.status === "pending",
    })),
    prefill: { customerName: name, customerEmail: user.email, customerPhone: customer?.phone ?? "" },
    /** The days and open windows the request form offers. */
    windows,
    /** Whether the account's address gets reminders and review requests. */
    reminders,
  };
}

/** A new appointment from the portal (verified accounts only): the chat's rules, joined to the account's customer record. */
export async function requestPortalAppointment(
  context: AppLoadContext,
  user: PortalUser,
  input: unknown,
): Promise<AppointmentResult> {
  if (!user.emailVerified) return failure(403, VERIFY_FIRST_MESSAGE);
  return requestAppointment(context, input, {
    chatSessionId: null,
    source: "portal",
    account: { userId: user.id, email: user.email },
  });
}

export type CancelResult = Result<{ bookingId: number; summary: string; message: string }>;
const NOT_FOUND = "That booking could not be found in your account.";

/**
 * Cancels one of the signed-in person's pending bookings. A booking that is
 * not theirs answers exactly like one that does not exist. The change is
 * conditional (only a booking still pending is cancelled), so an office
 * change made meanwhile is never overwritten.
 */
export async function cancelOwnBooking(
  context: AppLoadContext,
  user: PortalUser,
  rawId: unknown,
): Promise<CancelResult> {
  const { services } = context;
  if (!user.emailVerified) return failure(403, VERIFY_FIRST_MESSAGE);
  const id = typeof rawId === "string" ? idFrom(rawId) : null;
  if (id === null) return failure(400, "That booking could not be found.");
  const booking = await services.db.booking.findFirst({
    where: { id, customer: { userId: user.id } },
    select: { id: true, summary: true },
  });
  if (!booking) return failure(404, NOT_FOUND);
  const result = await updateBooking(
    context,
    id,
    { status: "cancelled" },
    { id: user.id, email: user.email },
    { by: "customer" },
  );
  if (!result.ok) return result.status === 404 ? failure(404, NOT_FOUND) : result;
  return success({
    bookingId: id,
    summary: booking.summary,
    message: `Booking #${id} (${booking.summary}) is cancelled. Our office has been told.`,
  });
}
