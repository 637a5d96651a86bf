import { pickerDays } from "@app/shared/scheduling/window-days";
import type { AppLoadContext } from "@remix-run/node";
import { businessDate } from "@app/shared/time";
import { failure, success, type Result } from "@app/shared/result";
import type { AppointmentRequestInput } from "@app/shared/api/chat";
import { requestAppointment, type AppointmentResult } from "@app/shared/booking/request-appointment.server";
import { windowChoices } from "~/features/scheduling/public.server";
import { idFrom } from "@app/shared/api/values";
import {
  accountVisit,
  changeManagedVisit,
  customerVisitView,
  managedVisitPage,
  remindersFor,
  visitSelect,
  type ManagePage,
  type VisitChange,
} from "~/features/appointments/public.server";

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

/** How many days ahead the request form offers windows: as many as /book's. */
const PORTAL_WINDOW_DAYS = pickerDays();

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
      select: visitSelect,
    }),
    db.customer.findFirst({ where: { userId: user.id }, orderBy: { id: "asc" }, select: { phone: true } }),
    windowChoices(db, businessDate(), PORTAL_WINDOW_DAYS),
    remindersFor(context, user.email),
  ]);
  const now = new Date();
  return {
    verified: true as const,
    /** Each visit as its manage page shows it: service, window, technician, status, whether it may change. */
    bookings: bookings.map((b) => customerVisitView(b, now)),
    prefill: { customerName: name, customerEmail: user.email, customerPhone: customer?.phone ?? "" },
    /** The days and open windows the request form offers. */
    windows,
    /** Whether the account's address gets reminders and review requests. */
    reminders,
    /** Texts are set up: the request form offers "Text me about my visits" (docs/product.md#texts). */
    texting: Boolean(context.services.env.TWILIO),
  };
}

/** A new appointment from the portal (verified accounts only): the chat's rules, joined to the account's customer record. */
export async function requestPortalAppointment(
  context: AppLoadContext,
  user: PortalUser,
  input: AppointmentRequestInput,
): Promise<AppointmentResult> {
  if (!user.emailVerified) return failure(403, VERIFY_FIRST_MESSAGE);
  return requestAppointment(context, input, {
    chatSessionId: null,
    source: "portal",
    account: { userId: user.id, email: user.email },
    // Only where the box was offered: with texts set up.
    ...(input.textConsent && context.services.env.TWILIO ? { textConsent: "account" as const } : {}),
  });
}

const NOT_FOUND = "That visit could not be found in your account.";

/** One of the signed-in person's visits, or the refusal: an unverified account sees none, and another's is "not found". */
async function ownVisit(context: AppLoadContext, user: PortalUser, rawId: string) {
  if (!user.emailVerified) return failure(403, VERIFY_FIRST_MESSAGE);
  const id = idFrom(rawId);
  const booking = id === null ? null : await accountVisit(context, user.id, id);
  return booking ? success(booking) : failure(404, NOT_FOUND);
}

/**
 * /account/visits/<id>: one of the signed-in customer's visits, as its manage link shows it
 * (web/app/features/appointments/manage.server.ts). A visit that is not theirs answers exactly
 * like one that does not exist.
 */
export async function ownVisitPage(
  context: AppLoadContext,
  user: PortalUser,
  rawId: string,
): Promise<Result<ManagePage>> {
  const visit = await ownVisit(context, user, rawId);
  if (!visit.ok) return visit;
  return success(await managedVisitPage(context, visit.value));
}

/**
 * Moves or cancels one of the signed-in customer's visits: the manage link's change
 * (`changeManagedVisit`), recorded with the account as its actor. The change is conditional
 * (only a visit still pending), so an office change made meanwhile is never overwritten.
 */
export async function changeOwnVisit(
  context: AppLoadContext,
  user: PortalUser,
  rawId: string,
  input: Record<string, string>,
): Promise<VisitChange> {
  const visit = await ownVisit(context, user, rawId);
  if (!visit.ok) return visit;
  return changeManagedVisit(context, visit.value, input, { id: user.id, email: user.email });
}
