import type { AppLoadContext } from "@remix-run/node";
import { linkTokenSchema, manageVisitFormSchema } from "@app/shared/api/appointments";
import { business } from "@app/shared/business";
import type { BookingStatus, Prisma } from "@app/shared/db.server";
import { pickerDays, type WindowChoices } from "@app/shared/scheduling/window-days";
import { businessDate } from "@app/shared/time";
import { sha256 } from "@app/shared/tokens.server";
import { customerServiceName, describeVisitTime, firstNameOf, visitEnd } from "@app/shared/booking/visits";
import { customerVisitStatus, TIME_CHANGEABLE } from "@app/shared/booking/visit-status";
import { failure, invalid, success, throttled, type Failure, type Result } from "@app/shared/result";
import { updateBooking } from "@app/shared/booking/change-booking.server";
import { windowChoices } from "~/features/scheduling/public.server";

/**
 * The visit's own page, opened without signing in from the links in the
 * customer's emails (/appointments/<token>, docs/product.md#the-customers-loop).
 * The token is the key: 256 random bits the worker made, stored only as its
 * hash (`VisitLink`), valid until the visit is over. Whoever holds it may not
 * be the customer (a forwarded email), so the page shows the visit in fixed
 * words only (service, time, status, the technician's first name), never a
 * name, phone, email or address (docs/security.md). Every request counts
 * against the client network's limit (`manageVisitPerIp`). The signed-in
 * customer's own visits (/account/visits/<id>) are the same page and the same
 * changes, reached through their account instead of a token
 * (web/app/features/account/account.server.ts).
 */

/** The one answer for an unknown, malformed or expired link. */
const linkInvalidMessage = () => `This link has expired or is not valid. Call us at ${business.phone}.`;

/** What a visit's page says when it is still to be placed: no time has been set. */
const TO_BE_ARRANGED = "To be arranged: our office will call you to set the time";

export interface ManagedVisit {
  id: number;
  /** The service, by one of our fixed names (customerServiceName): never staff's words. */
  service: string;
  /** "Tuesday, Dec 8, between 10 AM and 12 PM", the time when it is not in a window, or "To be arranged…". */
  time: string;
  isWindow: boolean;
  /** False for a request staff still have to place: it has no time yet. */
  timeSet: boolean;
  scheduledAt: string;
  status: BookingStatus;
  statusLabel: string;
  technicianFirstName: string | null;
  /** Whether it may still be moved or cancelled online. */
  changeable: boolean;
}

export interface ManagePage {
  visit: ManagedVisit;
  /** The days and open windows it may move to (not its own), up to the horizon; none when it cannot be changed. */
  choices: WindowChoices;
}

/** Counts one request of this client network; the 429 when it is over the limit. */
export async function throttleLinkRequest(context: AppLoadContext): Promise<Failure | null> {
  const retryAfter = await context.services.rateLimits.consume("manageVisitPerIp", context.clientNetwork);
  return retryAfter === null
    ? null
    : throttled(
        retryAfter,
        `Too many requests from your network. Please wait a minute and try again, or call us at ${business.phone}.`,
      );
}

/** What the page (and the portal's list of visits) reads of a visit. */
export const visitSelect = {
  id: true,
  summary: true,
  status: true,
  scheduledDate: true,
  durationMinutes: true,
  needsPlacing: true,
  emailCustomer: true,
  technician: { select: { firstName: true } },
} as const satisfies Prisma.BookingSelect;

export type ManageableVisit = Prisma.BookingGetPayload<{ select: typeof visitSelect }>;

/** The visit a link opens, or null: an unknown or malformed token, or a visit that is over. */
async function linkedVisit(context: AppLoadContext, token: string, now = new Date()) {
  if (!linkTokenSchema.safeParse(token).success) return null;
  const link = await context.services.db.visitLink.findUnique({
    where: { tokenHash: sha256(token) },
    select: { booking: { select: visitSelect } },
  });
  const booking = link?.booking;
  if (!booking || visitEnd(booking) <= now) return null;
  return booking;
}

/** One of the visits of the customer records linked to account `userId` (the portal's), or null. */
export async function accountVisit(
  context: AppLoadContext,
  userId: number,
  bookingId: number,
): Promise<ManageableVisit | null> {
  return context.services.db.booking.findFirst({
    where: { id: bookingId, customer: { userId } },
    select: visitSelect,
  });
}

/** A visit as its customer is shown it, in fixed words: here, and in the portal's list (/account). */
export function customerVisitView(booking: ManageableVisit, now = new Date()): ManagedVisit {
  const time = booking.needsPlacing ? { label: TO_BE_ARRANGED, isWindow: false } : describeVisitTime(booking);
  return {
    id: booking.id,
    service: customerServiceName(booking.summary),
    time: time.label,
    isWindow: time.isWindow,
    timeSet: !booking.needsPlacing,
    scheduledAt: booking.scheduledDate.toISOString(),
    status: booking.status,
    statusLabel: customerVisitStatus(booking),
    technicianFirstName: booking.technician ? firstNameOf(booking.technician.firstName) : null,
    changeable: TIME_CHANGEABLE.customer.includes(booking.status) && visitEnd(booking) > now,
  };
}

/** The windows a customer may choose now, up to the horizon, with a place left, other than `except` (the visit's own). */
async function openWindows(context: AppLoadContext, except: Date | null, now = new Date()): Promise<WindowChoices> {
  const days = pickerDays();
  if (!except) return { from: businessDate(now), days, windows: [], closures: [] };
  const choices = await windowChoices(context.services.db, businessDate(now), days, now);
  return { ...choices, windows: choices.windows.filter((w) => w.start !== except.toISOString()) };
}

/** A visit's page, whichever way its customer reached it (their emailed link, or their account). */
export async function managedVisitPage(context: AppLoadContext, booking: ManageableVisit, now = new Date()) {
  const visit = customerVisitView(booking, now);
  return { visit, choices: await openWindows(context, visit.changeable ? booking.scheduledDate : null, now) };
}

/** GET /appointments/<token>: the visit, and where it may move. */
export async function manageVisitPage(context: AppLoadContext, token: string): Promise<Result<ManagePage>> {
  const refused = await throttleLinkRequest(context);
  if (refused) return refused;
  const booking = await linkedVisit(context, token);
  if (!booking) return failure(404, linkInvalidMessage());
  return success(await managedVisitPage(context, booking));
}

export type VisitChange = Result<{ intent: "reschedule" | "cancel"; message: string }>;

/**
 * POST /appointments/<token>: move the visit to another open window
 * (`intent=reschedule`, `windowStart`) or cancel it (`intent=cancel`), as `changeManagedVisit` does.
 */
export async function changeVisit(
  context: AppLoadContext,
  token: string,
  /** The posted form's fields (`formFields`, utils/form.server.ts). */
  input: Record<string, string>,
): Promise<VisitChange> {
  const refused = await throttleLinkRequest(context);
  if (refused) return refused;
  const booking = await linkedVisit(context, token);
  if (!booking) return failure(404, linkInvalidMessage());
  return changeManagedVisit(context, booking, input);
}

/**
 * The customer moves their visit to another open window (`intent=reschedule`, `windowStart`) or
 * cancels it (`intent=cancel`), from their emailed link or their account. Both go through
 * updateBooking as the customer's own change (the visit's state machine: only a visit still
 * pending; else 409 with why), which audits it (with the account as its actor when signed in),
 * emails staff, tells open admin pages, and owes the customer's email.
 */
export async function changeManagedVisit(
  context: AppLoadContext,
  booking: ManageableVisit,
  input: Record<string, string>,
  account?: { id: number; email: string },
): Promise<VisitChange> {
  const parsed = manageVisitFormSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error, "Please choose one of the offered times.");
  const form = parsed.data;

  if (form.intent === "cancel") {
    const result = await updateBooking(context, booking.id, { status: "cancelled" }, account, { by: "customer" });
    if (!result.ok) return result;
    const { label } = describeVisitTime(result.value.booking);
    const emailed = result.value.booking.emailCustomer ? " We've emailed you a confirmation." : "";
    const when = booking.needsPlacing ? `Your visit #${booking.id}` : `Your visit on ${label}`;
    return success({ intent: "cancel", message: `${when} is cancelled.${emailed}` });
  }

  const scheduledDate = new Date(form.windowStart);
  if (scheduledDate.getTime() === booking.scheduledDate.getTime() && !booking.needsPlacing)
    return failure(400, "That is your visit's time already. Please choose another.", {
      errors: { windowStart: "Choose a time other than the one you have" },
    });
  const result = await updateBooking(context, booking.id, { scheduledDate }, account, {
    by: "customer",
    customerWindow: true,
  });
  if (!result.ok)
    return result.alternatives
      ? {
          ...result,
          alternatives: result.alternatives.filter((w) => Date.parse(w.start) !== booking.scheduledDate.getTime()),
        }
      : result;
  const { label } = describeVisitTime(result.value.booking);
  const emailed = result.value.booking.emailCustomer ? " We've emailed you the new time." : "";
  return success({ intent: "reschedule", message: `Your visit is now ${label}.${emailed}` });
}
