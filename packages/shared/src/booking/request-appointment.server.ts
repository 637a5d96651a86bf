import { DEFAULT_APPOINTMENT_TIME, bookingPriorityFor, type AppointmentRequestInput } from "../api/chat";
import { business } from "../business";
import type { Env } from "../env.server";
import type { Logger } from "../logger.server";
import { inTransaction } from "../outbox.server";
import { failure, success, throttled, type Result } from "../result";
import { holdWindow, windowConflict } from "../scheduling/schedule-lock.server";
import { formatWindow, windowStartingAt, type ArrivalWindow } from "../scheduling/windows";
import { formatWeekdayDateTime, requireBusinessInstant } from "../time";
import { sha256 } from "../tokens.server";
import { grantTextConsent, type ConsentSource } from "../texts/consent.server";
import { createBooking } from "./create-booking.server";
import { bookingSubject, type BookingContext } from "./visit-notifications.server";
import { nextBusinessSlot } from "./visits";

/** The rate limits the intake counts under (the web's, web/server/rate-limits.ts, sized there). */
interface IntakeLimits {
  consume(name: "bookAppointmentPerIp" | "visitorEmailPerRecipient", key: string): Promise<number | null>;
  giveBack(name: "visitorEmailPerRecipient", key: string): Promise<void>;
}

/**
 * What a public booking's intake needs: a change's context (the web's load context has this shape, so
 * a route passes its `context` as it is) with the rate limits and the client's network they count.
 */
interface IntakeContext extends BookingContext {
  services: BookingContext["services"] & {
    env: BookingContext["services"]["env"] & Pick<Env, "ANON_REQUESTS_PER_HOUR">;
    rateLimits: IntakeLimits;
  };
  clientNetwork: string;
  logger: Pick<Logger, "warn" | "info">;
}

/** An appointment request's confirmation and the records it made. */
export type AppointmentResult = Result<{ message: string; bookingId: number; appointmentRequestId: number }>;

const SESSION_NOT_FOUND = "Chat session not found";

/** The transaction found the chosen window full (or no longer bookable) and wrote nothing. */
const WINDOW_TAKEN = Symbol("window taken");

/** Where an appointment request came from: the chat (with its session), the customer portal or the Book online page (none). */
interface AppointmentOrigin {
  chatSessionId: string | null;
  source: "chat" | "portal" | "online";
  /** A signed-in customer whose email is verified: the request joins their linked customer record and goes to their address. */
  account?: { userId: number; email: string };
  /** The person ticked "Text me about my visits" on this form (docs/product.md#texts): stored with the request. */
  textConsent?: ConsentSource;
}

/**
 * The one intake of a public booking, shared by the chat, the customer portal and Book online
 * (web/app/features/book-online/): customer → pending booking → AppointmentRequest → announce to
 * staff → confirmation email job. The input is already read by `readAppointmentRequest`
 * (../api/chat.ts) at the edge.
 *
 * An address typed by a visitor proves nothing (docs/security.md, "Verified
 * identities"): an anonymous request becomes a lead of its own (a new
 * customer record) that staff may merge with an existing customer, and is
 * never attached to one automatically. Only a verified account's request
 * joins the customer record linked to that account.
 */
export async function requestAppointment(
  context: IntakeContext,
  data: AppointmentRequestInput,
  origin: AppointmentOrigin,
): Promise<AppointmentResult> {
  const { services, clientNetwork, requestId, logger } = context;
  if (origin.chatSessionId !== null) {
    const session = await services.db.chatSession.findUnique({
      where: { id: origin.chatSessionId },
      select: { id: true },
    });
    if (!session) return failure(404, SESSION_NOT_FOUND);
  }
  const retryAfter = await services.rateLimits.consume("bookAppointmentPerIp", clientNetwork);
  if (retryAfter !== null) {
    return throttled(retryAfter, `You've sent several requests already. Please call us at ${business.phone}.`);
  }

  const email = origin.account ? origin.account.email.toLowerCase() : data.customerEmail.toLowerCase();
  // Email to an address nobody proved is capped: 3 a day per address (taken here, given back if the request
  // is refused), and ANON_REQUESTS_PER_HOUR in all, counted by the worker as each one is sent (a confirmation
  // over it is held until the next hour, packages/shared/src/visitor-email-cap.server.ts). Past the address's
  // share the request is still stored, only staff are emailed, and staff may resend it.
  const visitor = !origin.account;
  const confirmByEmail = visitor ? await mayEmailVisitor(context, email) : true;
  const giveBackAddressShare = () =>
    visitor && confirmByEmail
      ? services.rateLimits.giveBack("visitorEmailPerRecipient", sha256(email))
      : Promise.resolve();
  const now = new Date();
  // An emergency is never refused for capacity: it goes to staff to place at once, whatever window it named.
  const chosenStart = data.windowStart && data.priority !== "emergency" ? new Date(data.windowStart) : null;
  const requestedWindow = data.windowStart ? windowStartingAt(new Date(data.windowStart)) : null;
  // Where a request nobody placed yet sits until staff place it: the slot asked for, or the next business morning.
  const placeholder = data.preferredDate
    ? requireBusinessInstant(data.preferredDate, data.preferredTime ?? DEFAULT_APPOINTMENT_TIME)
    : nextBusinessSlot(now);
  const details = requestDetails(data, origin);

  const outcome = await inTransaction(context, async (tx, outbox) => {
    const window = chosenStart ? await holdWindow(tx, chosenStart, now) : null;
    if (chosenStart && !window) return WINDOW_TAKEN;
    const customer = origin.account
      ? ((await tx.customer.findFirst({ where: { userId: origin.account.userId }, orderBy: { id: "asc" } })) ??
        (await tx.customer.create({
          data: { name: data.customerName, email, phone: data.customerPhone, userId: origin.account.userId },
        })))
      : await tx.customer.create({ data: { name: data.customerName, email, phone: data.customerPhone } });
    const booking = await createBooking(
      tx,
      outbox,
      {
        customerId: customer.id,
        summary: data.serviceType,
        details,
        priority: bookingPriorityFor[data.priority],
        scheduledDate: window?.start ?? placeholder,
        source: origin.source,
        needsPlacing: !window,
        address: data.address ?? null,
        emailCustomer: confirmByEmail,
      },
      { requestId, timing: services.env, visitorCap: visitor },
    );
    if (origin.textConsent)
      await grantTextConsent(tx, data.customerPhone, { source: origin.textConsent, network: clientNetwork, at: now });
    const request = await tx.appointmentRequest.create({
      data: {
        chatSessionId: origin.chatSessionId,
        customerName: data.customerName,
        customerPhone: data.customerPhone,
        customerEmail: email,
        serviceType: data.serviceType,
        address: data.address ?? null,
        preferredTiming: data.preferredTiming ?? null,
        priority: data.priority,
        description: data.description ?? null,
        // What was asked for (an emergency's window too, though it holds none): kept here, not in the booking's text.
        requestedDate: window?.start ?? requestedWindow?.start ?? (data.preferredDate ? placeholder : null),
        customerId: customer.id,
        bookingId: booking.id,
      },
    });
    // A visit in a chosen window is confirmed by its visit confirmation (owed by createBooking, with its
    // manage links); a request staff still have to place gets this one. Nothing to send when the
    // visitor's address has had its share of our email.
    if (confirmByEmail && !window)
      outbox.add(
        "appointment-confirmation",
        { appointmentRequestId: request.id, visitorCap: visitor || undefined, requestId },
        { subject: bookingSubject(booking.id) },
      );
    return { booking, request, window };
  }).catch(async (error: unknown) => {
    await giveBackAddressShare();
    throw error;
  });
  if (outcome === WINDOW_TAKEN) {
    await giveBackAddressShare();
    return windowConflict(services.db, chosenStart);
  }
  const { booking, request, window } = outcome;
  if (!confirmByEmail)
    logger.info(
      { appointmentRequestId: request.id },
      "visitor confirmation not sent: the address's daily share is spent; staff were told",
    );

  const message = confirmationText(data, booking.id, window ?? booking.scheduledDate, confirmByEmail);
  return success({ message, bookingId: booking.id, appointmentRequestId: request.id }, 201);
}

const requestedThrough = { chat: "the website chat", portal: "the customer portal", online: "Book online" } as const;

/**
 * The booking's details for staff: where it came from and what was asked for. Never its time: the
 * booking's schedule says that, and text written now would lie once staff move it (the staff pages
 * show the time from `scheduledDate`; the request keeps what was asked for, `requestedDate`).
 */
function requestDetails(data: AppointmentRequestInput, origin: AppointmentOrigin) {
  return [
    `Requested through ${requestedThrough[origin.source]} (${data.serviceType}).`,
    data.address ? `Address: ${data.address}` : null,
    data.preferredTiming ? `Preferred timing: ${data.preferredTiming}` : null,
    `Phone: ${data.customerPhone}`,
    data.description ? `Visitor's description: ${data.description}` : null,
  ]
    .filter(Boolean)
    .join("\n");
}

/**
 * What the visitor is told: an emergency's alert, the window held for them, or the tentative time staff will
 * confirm. The number is the visit's (its booking's), the one its emails, its page and staff know it by.
 */
function confirmationText(
  data: AppointmentRequestInput,
  visitId: number,
  when: ArrivalWindow | Date,
  confirmByEmail: boolean,
) {
  const emailNote = confirmByEmail ? ", and a confirmation is on its way to your email" : "";
  // No time (an emergency has none until staff place it) and never "within 24 hours": the office calls now.
  if (data.priority === "emergency")
    return `Visit #${visitId} is an emergency: our office is calling you now at ${data.customerPhone}. Don't wait for our call: our emergency line answers 24/7 at ${business.phone}.`;
  if (!(when instanceof Date))
    return `Visit #${visitId}: ${data.serviceType}, ${formatWindow(when)}. Your technician will arrive in that window; we'll call you if anything changes${emailNote}.`;
  return `Visit #${visitId}: ${data.serviceType}, tentatively ${formatWeekdayDateTime(when)}. We'll call you within 24 hours to confirm${emailNote}.`;
}

/**
 * Whether the confirmation of an anonymous request may be emailed to this address: at most 3 a
 * day to one address (counted in Redis, shared by every web process), and none at all with
 * ANON_REQUESTS_PER_HOUR=0. The hourly cap for all addresses is the worker's, at send time.
 */
async function mayEmailVisitor(context: IntakeContext, email: string): Promise<boolean> {
  const { rateLimits, env } = context.services;
  if (env.ANON_REQUESTS_PER_HOUR === 0) return false;
  return (await rateLimits.consume("visitorEmailPerRecipient", sha256(email))) === null;
}
