import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { Job } from "bullmq";
import {
  APPOINTMENT_REQUIRED_MESSAGE,
  appointmentRequestSchema,
  bookingPriorityFor,
  createChatSessionSchema,
  DEFAULT_APPOINTMENT_TIME,
  missingAppointmentFields,
  sendChatMessageSchema,
  type AppointmentRequestInput,
} from "@app/shared/api/chat";
import { fieldErrors } from "@app/shared/api/errors";
import { business } from "@app/shared/business";
import { nextBusinessSlot } from "@app/shared/booking/visits";
import { composeReply } from "@app/shared/chat/engine";
import { answerWithWindows } from "@app/shared/chat/window-answers.server";
import { chatModeOf, serializeChatMessage, type ChatMode, type ChatReplyResult } from "@app/shared/chat/messages";
import { MAX_SUGGESTED_ACTIONS } from "@app/shared/chat/rules";
import { loadConversation, storeAssistantReply, storeVisitorMessage } from "@app/shared/chat/store.server";
import type { ChatMessage } from "@app/shared/db.server";
import { enqueue, EnqueueError } from "@app/shared/queues.server";
import { ADMIN_ROOM } from "@app/shared/realtime";
import { formatWindow, windowStartingAt, type ArrivalWindow } from "@app/shared/scheduling/windows";
import { requireBusinessInstant, formatWeekdayDateTime } from "@app/shared/time";
import { sha256 } from "@app/shared/tokens.server";
import { secretRef } from "@app/shared/redact.server";
import { failure, invalid, success, throttled, type Result } from "@app/shared/result";
import { inTransaction } from "@app/shared/outbox.server";
import { readsAsEmergency } from "@app/shared/emergency-leads";
import { raiseChatEmergency } from "@app/shared/emergency-leads.server";
import { bookingSubject } from "@app/shared/booking/visit-notifications.server";
import { createBooking } from "@app/shared/booking/create-booking.server";
import { holdWindow, windowConflict } from "@app/shared/scheduling/schedule-lock.server";

/** What a posted message answers (spec §7): the stored message and the assistant's reply, if ready. */
export interface ChatMessageAnswer {
  userMessage: ReturnType<typeof serializeChatMessage>;
  assistantMessage: ReturnType<typeof serializeChatMessage> | null;
  message: string | null;
  intent: string | null;
  suggestedActions: string[];
  pending: boolean;
  /** Who answers: "staff" once a staff member has taken the conversation over (no assistant reply is coming). */
  mode: ChatMode;
}

/** An appointment request's confirmation and the records it made. */
export type AppointmentResult = Result<{ message: string; bookingId: number; appointmentRequestId: number }>;

/** How long the HTTP call waits for the worker's reply before answering without it. */
const REPLY_WAIT_MS = 10_000;

const SESSION_NOT_FOUND = "Chat session not found";

/** The transaction found the chosen window full (or no longer bookable) and wrote nothing. */
const WINDOW_TAKEN = Symbol("window taken");

/** Registers the widget's session id: 201 when new, 200 when it was known already. */
export async function createChatSession(
  context: AppLoadContext,
  input: unknown,
  userAgent: string | null,
): Promise<Result<{ sessionId: string; status: string }>> {
  const { services, clientIp, clientNetwork } = context;
  const parsed = createChatSessionSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error, "Invalid chat session");
  const existing = await services.db.chatSession.findUnique({ where: { id: parsed.data.sessionId } });
  if (existing) return success({ sessionId: existing.id, status: existing.status });
  const retryAfter = await services.rateLimits.consume("chatSessionPerIp", clientNetwork);
  if (retryAfter !== null) return throttled(retryAfter, "Too many chats started. Please wait a little.");
  const session = await services.db.chatSession.upsert({
    where: { id: parsed.data.sessionId },
    create: { id: parsed.data.sessionId, status: "active", ip: clientIp, userAgent: userAgent?.slice(0, 500) ?? null },
    update: {},
  });
  return success({ sessionId: session.id, status: session.status }, 201);
}

/**
 * Stores the visitor's message and queues the reply; the worker streams it to
 * the session's socket room and stores it. The HTTP answer waits for that
 * reply (bounded) so API clients get the whole answer (docs/product.md#contact-and-chat).
 */
export async function postChatMessage(
  context: AppLoadContext,
  sessionId: string,
  input: unknown,
): Promise<Result<ChatMessageAnswer>> {
  const { services, clientNetwork, requestId, logger } = context;
  const parsed = sendChatMessageSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error, parsed.error.issues[0]?.message ?? "Invalid message");
  // Both limits at once (one wait for Redis), then one statement checks the conversation, stores the message and marks it active.
  const [perSession, perIp] = await Promise.all([
    services.rateLimits.consume("chatPerSession", sessionId),
    services.rateLimits.consume("chatPerIp", clientNetwork),
  ]);
  const retryAfter = perSession ?? perIp;
  if (retryAfter !== null) return throttled(retryAfter, "You're sending messages very quickly. Please wait a moment.");
  const stored = await storeVisitorMessage(services.db, sessionId, parsed.data.message);
  if (!stored) return failure(404, SESSION_NOT_FOUND);
  const { message: userMessage, handledById } = stored;
  // Open staff inboxes reload.
  services.emitToRoom(ADMIN_ROOM, "chat:activity", { sessionId });
  // Words that read as an emergency alert staff (once per conversation), beside the reply, which is not kept waiting.
  const alerting = readsAsEmergency(userMessage.message)
    ? alertStaffOfEmergency(context, sessionId, userMessage)
    : null;

  // Staff hold the conversation: the message is theirs to answer, and the assistant stays quiet. Nothing is queued
  // and nothing is pending, so the widget keeps its input usable (docs/product.md#chat-assistant).
  if (handledById != null) {
    await alerting;
    return success(visitorMessageAnswer(userMessage, null, "staff"));
  }

  let job: Job | undefined;
  try {
    job = await enqueue(services.queues, "chat-reply", { sessionId, userMessageId: userMessage.id, requestId });
  } catch (error) {
    if (!(error instanceof EnqueueError)) throw error;
    logger.warn(
      { err: error.message, chatRef: secretRef(sessionId) },
      "chat queue unavailable; answering with the built-in engine here",
    );
  }

  let assistantMessage: ReturnType<typeof serializeChatMessage> | null = null;
  let mode: ChatMode = "assistant";
  if (!job) {
    const { stored, reply } = await answerWithoutQueue(context, sessionId, userMessage);
    assistantMessage = serializeChatMessage(stored, {
      suggestsBooking: reply.suggestsBooking,
      openBookingForm: reply.openBookingForm,
      service: reply.service,
    });
  } else {
    // A job that was skipped (staff took the conversation over meanwhile) returns no reply.
    let result: (Partial<ChatReplyResult> & { skipped?: string }) | undefined;
    try {
      result = ((await job.waitUntilFinished(services.chatEvents, REPLY_WAIT_MS)) ?? undefined) as typeof result;
    } catch (error) {
      logger.warn({ err: (error as Error).message, chatRef: secretRef(sessionId) }, "chat reply not ready in time");
    }
    if (result?.skipped) mode = "staff";
    // The worker returns the stored reply; read it back only when it did not (a job that failed or was skipped).
    if (result?.message) {
      assistantMessage = result.message;
    } else {
      const refreshed = await services.db.chatMessage.findUnique({
        where: { id: userMessage.id },
        select: { replyToId: true },
      });
      const stored = refreshed?.replyToId
        ? await services.db.chatMessage.findUnique({ where: { id: refreshed.replyToId } })
        : null;
      if (stored)
        assistantMessage = serializeChatMessage(stored, {
          suggestsBooking: result?.suggestsBooking,
          openBookingForm: result?.openBookingForm,
          service: result?.service,
        });
    }
  }

  await alerting;
  const answer = visitorMessageAnswer(userMessage, assistantMessage, mode);
  // The reply is still on its way (it will arrive on the socket), or could not be produced: 202.
  return success(answer, answer.pending ? 202 : 200);
}

/**
 * A visitor's message that reads as an emergency: staff hear of it as of an emergency booking (the banner on
 * every open admin page and a push, with a link to the conversation to take it over). The message is stored
 * already; if the alert cannot be written it is logged, and the visitor still gets the reply with the phone number.
 */
async function alertStaffOfEmergency(context: AppLoadContext, sessionId: string, message: ChatMessage) {
  try {
    await raiseChatEmergency(context, sessionId, message.id);
  } catch (error) {
    context.logger.error({ err: error, chatRef: secretRef(sessionId) }, "chat emergency alert could not be stored");
  }
}

/** The answer to a posted message: pending only while the assistant is expected to reply and has not yet. */
function visitorMessageAnswer(
  userMessage: ChatMessage,
  assistantMessage: ReturnType<typeof serializeChatMessage> | null,
  mode: ChatMode,
): ChatMessageAnswer {
  return {
    userMessage: serializeChatMessage(userMessage),
    assistantMessage,
    message: assistantMessage?.message ?? null,
    intent: assistantMessage?.metadata.intent ?? null,
    suggestedActions: assistantMessage?.metadata.suggestedActions ?? [],
    pending: !assistantMessage && mode === "assistant",
    mode,
  };
}

/** How many of a conversation's latest messages the widget can read back. */
const TRANSCRIPT_LIMIT = 50;

/**
 * A conversation's latest messages, oldest first, for the widget to catch up
 * with what it missed while it was not connected (a reload mid-reply, a staff
 * message sent while the tab was away), and who answers the conversation now
 * (`mode`). The session id is the key, as for joining the conversation's room.
 */
export async function readChatTranscript(context: AppLoadContext, sessionId: string) {
  const { services, clientNetwork } = context;
  const retryAfter = await services.rateLimits.consume("chatReadPerIp", clientNetwork);
  if (retryAfter !== null) return throttled(retryAfter, "Too many requests. Please wait a moment.");
  const conversation = await loadConversation(services.db, sessionId, TRANSCRIPT_LIMIT);
  if (!conversation) return failure(404, SESSION_NOT_FOUND);
  const messages = conversation.latest
    .reverse()
    .map((m) => serializeChatMessage(m, m.sender === "assistant" ? { suggestsBooking: m.intent === "booking" } : {}));
  // Who answers now, so a page reloaded while staff hold the conversation does not wait for the assistant.
  return success({ sessionId, messages, mode: chatModeOf(conversation.handledById) });
}

/**
 * Redis (the queue and the sockets) is down: rather than leave the visitor
 * without an answer, the built-in engine (no network, a few microseconds)
 * answers here and the reply is stored as the worker would store it.
 * See docs/decisions/004-chat-replies.md.
 */
async function answerWithoutQueue(context: AppLoadContext, sessionId: string, userMessage: ChatMessage) {
  const { db } = context.services;
  const history = await db.chatMessage.findMany({
    where: { sessionId, createdAt: { lt: userMessage.createdAt } },
    orderBy: { createdAt: "desc" },
    take: 12,
  });
  const now = new Date();
  const reply = await answerWithWindows(
    db,
    composeReply(
      userMessage.message,
      history
        .reverse()
        .map((m) => ({ sender: m.sender, message: m.message, intent: m.intent, suggestedActions: m.suggestedActions })),
      { now },
    ),
    { now },
  );
  const stored = await storeAssistantReply(db, {
    id: randomUUID(),
    sessionId,
    replyTo: userMessage.id,
    message: reply.message,
    intent: reply.intent,
    suggestedActions: reply.suggestedActions.slice(0, MAX_SUGGESTED_ACTIONS),
  });
  return { stored, reply };
}

/**
 * A chat appointment request becomes a customer (matched by email) and a
 * pending booking in one transaction; staff are emailed, admins alerted live
 * for emergencies, and the visitor gets a confirmation email.
 */
export async function bookAppointment(
  context: AppLoadContext,
  sessionId: string,
  input: unknown,
): Promise<AppointmentResult> {
  return requestAppointment(context, input, { chatSessionId: sessionId, source: "chat" });
}

/** Where an appointment request came from: the chat (with its session), the customer portal or the Book online page (none). */
export interface AppointmentOrigin {
  chatSessionId: string | null;
  source: "chat" | "portal" | "online";
  /** A signed-in customer whose email is verified: the request joins their linked customer record and goes to their address. */
  account?: { userId: number; email: string };
}

/**
 * The core of an appointment request, shared by the chat, the customer
 * portal and Book online (features/book-online): validate → customer → pending booking → AppointmentRequest →
 * announce to staff → confirmation email job.
 *
 * An address typed by a visitor proves nothing (docs/security.md, "Verified
 * identities"): an anonymous request becomes a lead of its own (a new
 * customer record) that staff may merge with an existing customer, and is
 * never attached to one automatically. Only a verified account's request
 * joins the customer record linked to that account.
 */
export async function requestAppointment(
  context: AppLoadContext,
  input: unknown,
  origin: AppointmentOrigin,
): Promise<AppointmentResult> {
  const { services, clientNetwork, requestId, logger } = context;
  const parsed = appointmentRequestSchema.safeParse(input);
  if (!parsed.success) return refusedInput(parsed.error, input);
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

  const data = parsed.data;
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

/** A refused form: the form's own words when something required is missing; otherwise say what is wrong. */
function refusedInput(error: Parameters<typeof fieldErrors>[0], input: unknown): AppointmentResult {
  const errors = fieldErrors(error);
  const missing = missingAppointmentFields(input).length > 0;
  return failure(400, missing ? APPOINTMENT_REQUIRED_MESSAGE : (Object.values(errors)[0] ?? "Please check the form"), {
    errors,
  });
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
async function mayEmailVisitor(context: AppLoadContext, email: string): Promise<boolean> {
  const { rateLimits, env } = context.services;
  if (env.ANON_REQUESTS_PER_HOUR === 0) return false;
  return (await rateLimits.consume("visitorEmailPerRecipient", sha256(email))) === null;
}
