import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { Job } from "bullmq";
import type { createChatSessionSchema, sendChatMessageSchema } from "@app/shared/api/chat";
import type { z } from "@app/shared/zod";
import { composeReply } from "@app/shared/chat/engine";
import { answerWithWindows } from "@app/shared/chat/window-answers.server";
import { chatModeOf, serializeChatMessage, type ChatMode, type ChatReplyResult } from "@app/shared/chat/messages";
import { MAX_SUGGESTED_ACTIONS } from "@app/shared/chat/rules";
import { loadConversation, storeAssistantReply, storeVisitorMessage } from "@app/shared/chat/store.server";
import type { ChatMessage } from "@app/shared/db.server";
import { enqueue, EnqueueError } from "@app/shared/queues.server";
import { ADMIN_ROOM } from "@app/shared/realtime";
import { secretRef } from "@app/shared/redact.server";
import { failure, success, throttled, type Result } from "@app/shared/result";
import { readsAsEmergency } from "@app/shared/emergency-leads";
import { raiseChatEmergency } from "@app/shared/emergency-leads.server";

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

/** How long the HTTP call waits for the worker's reply before answering without it. */
const REPLY_WAIT_MS = 10_000;

const SESSION_NOT_FOUND = "Chat session not found";

/** Registers the widget's session id: 201 when new, 200 when it was known already. */
export async function createChatSession(
  context: AppLoadContext,
  input: z.output<typeof createChatSessionSchema>,
  userAgent: string | null,
): Promise<Result<{ sessionId: string; status: string }>> {
  const { services, clientIp, clientNetwork } = context;
  const existing = await services.db.chatSession.findUnique({ where: { id: input.sessionId } });
  if (existing) return success({ sessionId: existing.id, status: existing.status });
  const retryAfter = await services.rateLimits.consume("chatSessionPerIp", clientNetwork);
  if (retryAfter !== null) return throttled(retryAfter, "Too many chats started. Please wait a little.");
  const session = await services.db.chatSession.upsert({
    where: { id: input.sessionId },
    create: { id: input.sessionId, status: "active", ip: clientIp, userAgent: userAgent?.slice(0, 500) ?? null },
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
  input: z.output<typeof sendChatMessageSchema>,
): Promise<Result<ChatMessageAnswer>> {
  const { services, clientNetwork, requestId, logger } = context;
  // Both limits at once (one wait for Redis), then one statement checks the conversation, stores the message and marks it active.
  const [perSession, perIp] = await Promise.all([
    services.rateLimits.consume("chatPerSession", sessionId),
    services.rateLimits.consume("chatPerIp", clientNetwork),
  ]);
  const retryAfter = perSession ?? perIp;
  if (retryAfter !== null) return throttled(retryAfter, "You're sending messages very quickly. Please wait a moment.");
  const stored = await storeVisitorMessage(services.db, sessionId, input.message);
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
