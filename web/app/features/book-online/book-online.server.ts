import type { AppLoadContext } from "@remix-run/node";
import { serviceFromParam, type BookOnlineInput } from "@app/shared/api/book-online";
import { readAppointmentRequest } from "@app/shared/api/chat";
import { requestAppointment } from "@app/shared/booking/request-appointment.server";
import { windowStartSchema } from "@app/shared/api/scheduling";
import { business, serviceBySlug, type ServiceSlug } from "@app/shared/business";
import { describeVisitTime } from "@app/shared/booking/visits";
import { purposeKeys, signFor, verifyFor } from "@app/shared/keys.server";
import { failure, success, throttled, type Result } from "@app/shared/result";
import { pickerDays, type WindowChoices } from "@app/shared/scheduling/window-days";
import { WINDOW_TAKEN_MESSAGE } from "@app/shared/scheduling/schedule-lock.server";
import { windowStartingAt, type WindowJson } from "@app/shared/scheduling/windows";
import { businessDate } from "@app/shared/time";
import type { SessionUser } from "~/utils/auth.server";
import { windowChoices } from "~/features/scheduling/public.server";

/**
 * Book online (/book, docs/product.md#book-online): a visitor books a visit into an open arrival
 * window in four steps, one page each, every step's state in the address (`?service=`, `?day=`,
 * `?windowStart=`). The windows are the schedule's (`windowChoices`, as GET /api/availability
 * answers them), and the booking is the chat's (`requestAppointment`): the same capacity, the same
 * lock and 409 for a window taken meanwhile, the same confirmation email and the same limits.
 */

const CHOOSE_WINDOW_MESSAGE = "Choose one of the offered times";
const UNKNOWN_SERVICE_MESSAGE = "We don't offer that service online. Please choose one below.";

/** What a signed-in customer's details start from; null for a visitor. */
interface Prefill {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  /** The address of the customer's latest visit with one: most book for the same house again. */
  address: string;
}

/** The step /book shows for its address. */
export type BookPage =
  | { step: "service"; notice: string | null }
  /** Emergency Service is never booked into a window: call now. */
  | { step: "emergency"; service: "emergency" }
  /** The calendar, and the day's windows once a day is chosen (`?day=`, read by the picker). */
  | { step: "day"; service: ServiceSlug; choices: WindowChoices; notice: string | null }
  | {
      step: "details";
      service: ServiceSlug;
      /** The window chosen. */
      window: { start: string; end: string };
      /** Null while it is open; when it filled up since it was chosen, why, and the page offers `alternatives` instead. */
      notice: string | null;
      /** The next open windows after it (its own day's first), when it is no longer open. */
      alternatives: WindowJson[];
      /** A signed-in customer's own details (their account's confirmed email is the one used). */
      prefill: Prefill | null;
      /** Texts are set up: the form offers "Text me about my visits" (docs/product.md#texts). */
      texting: boolean;
    };

/** A signed-in customer whose email is confirmed: their bookings join their own record, as in the portal. */
const verifiedCustomer = (user: SessionUser | null) =>
  user && user.role === "customer" && user.emailVerified ? user : null;

/** GET /book?…: the step its address asks for. */
export async function bookOnlinePage(
  context: AppLoadContext,
  params: URLSearchParams,
  user: SessionUser | null,
): Promise<Result<BookPage>> {
  const { services, clientNetwork } = context;
  const asked = params.get("service");
  if (asked === null) return success({ step: "service", notice: null });
  const service = serviceFromParam(asked);
  if (!service) return success({ step: "service", notice: UNKNOWN_SERVICE_MESSAGE });
  if (service === "emergency") return success({ step: "emergency", service });

  const retryAfter = await services.rateLimits.consume("availabilityPerIp", clientNetwork);
  if (retryAfter !== null)
    return throttled(retryAfter, `Too many requests. Please wait a moment, or call us at ${business.phone}.`);
  const now = new Date();
  const choices = await windowChoices(services.db, businessDate(now), pickerDays(), now);
  const asWindow = params.has("windowStart") ? chosenWindow(params.get("windowStart")) : undefined;
  if (asWindow === undefined) return success({ step: "day", service, choices, notice: null });
  if (asWindow === null) return success({ step: "day", service, choices, notice: CHOOSE_WINDOW_MESSAGE });

  const start = asWindow.start.toISOString();
  const open = choices.windows.some((w) => w.start === start);
  const later = choices.windows.filter((w) => w.start > start);
  return success({
    step: "details",
    service,
    window: { start, end: asWindow.end.toISOString() },
    notice: open ? null : WINDOW_TAKEN_MESSAGE,
    alternatives: open ? [] : (later.length ? later : choices.windows).slice(0, 3),
    prefill: await prefillFor(context, verifiedCustomer(user)),
    texting: Boolean(services.env.TWILIO),
  });
}

/** One of the business's windows, by the start the page gave; null for anything else. */
function chosenWindow(value: string | null) {
  const parsed = windowStartSchema.safeParse(value);
  return parsed.success ? windowStartingAt(new Date(parsed.data)) : null;
}

async function prefillFor(context: AppLoadContext, user: SessionUser | null): Promise<Prefill | null> {
  if (!user) return null;
  const { db } = context.services;
  const [customer, lastVisit] = await Promise.all([
    db.customer.findFirst({ where: { userId: user.id }, orderBy: { id: "asc" }, select: { phone: true } }),
    db.booking.findFirst({
      where: { customer: { userId: user.id }, address: { not: null } },
      orderBy: { createdAt: "desc" },
      select: { address: true },
    }),
  ]);
  return {
    customerName: `${user.firstName} ${user.lastName}`.trim(),
    customerEmail: user.email,
    customerPhone: customer?.phone ?? "",
    address: lastVisit?.address ?? "",
  };
}

/**
 * POST /book: the visit booked in the chosen window, as the chat books it (`requestAppointment`,
 * source `online`). A window taken meanwhile answers 409 with the next open windows; nothing is
 * stored then.
 */
export async function bookOnline(
  context: AppLoadContext,
  input: BookOnlineInput,
  user: SessionUser | null,
): Promise<Result<{ bookingId: number }>> {
  const service = serviceBySlug(input.service);
  const account = verifiedCustomer(user);
  // The /book form is read by its own schema (bookOnlineSchema); what it asks for is read once more as an
  // appointment request, the intake's one reader, so the booking has every rule a chat request has.
  const request = readAppointmentRequest({
    customerName: input.customerName,
    customerPhone: input.customerPhone,
    customerEmail: account ? account.email : input.customerEmail,
    serviceType: service.appointmentService,
    address: input.address,
    description: input.description,
    priority: "normal",
    windowStart: input.windowStart,
  });
  if (!request.ok) return request;
  const result = await requestAppointment(context, request.value, {
    chatSessionId: null,
    source: "online",
    ...(account ? { account: { userId: account.id, email: account.email } } : {}),
    // Only where the box was offered: with texts set up.
    ...(input.textConsent && context.services.env.TWILIO ? { textConsent: "book" as const } : {}),
  });
  return result.ok ? success({ bookingId: result.value.bookingId }, 201) : result;
}

const confirmationKeys = (context: AppLoadContext) =>
  purposeKeys(context.services.env.SESSION_SECRETS, "booking-confirmation");

/** Where the page goes once the visit is booked: its confirmation, signed so that nobody reads another's by its number. */
export function confirmationPath(context: AppLoadContext, bookingId: number): string {
  const visit = String(bookingId);
  return `/book/confirmed?${new URLSearchParams({ visit, key: signFor(confirmationKeys(context)[0]!, `visit:${visit}`) })}`;
}

/** What the confirmation page shows: fixed words only (anyone holding the address sees them). */
export interface BookedVisit {
  id: number;
  service: string;
  /** "Friday, Dec 4, between 10 AM and 12 PM". */
  time: string;
  scheduledAt: string;
  cancelled: boolean;
  /** False when the visitor's address had its share of our email today: nothing was emailed. */
  emailed: boolean;
}

/** GET /book/confirmed?visit=&key=: the visit just booked. */
export async function bookedVisit(context: AppLoadContext, params: URLSearchParams): Promise<Result<BookedVisit>> {
  const visit = params.get("visit") ?? "";
  const key = params.get("key") ?? "";
  const notFound = failure(404, `We could not find that booking. Please call us at ${business.phone}.`);
  if (!/^\d{1,9}$/.test(visit) || !verifyFor(confirmationKeys(context), `visit:${visit}`, key)) return notFound;
  const booking = await context.services.db.booking.findUnique({
    where: { id: Number(visit) },
    select: { id: true, summary: true, scheduledDate: true, status: true, emailCustomer: true },
  });
  if (!booking) return notFound;
  return success({
    id: booking.id,
    service: booking.summary,
    time: describeVisitTime(booking).label,
    scheduledAt: booking.scheduledDate.toISOString(),
    cancelled: booking.status === "cancelled",
    emailed: booking.emailCustomer,
  });
}
