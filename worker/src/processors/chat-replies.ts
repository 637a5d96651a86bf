import { randomUUID } from "node:crypto";
import { UnrecoverableError } from "bullmq";
import { composeReply, type ChatTurn } from "@app/shared/chat/engine";
import { answerWithWindows } from "@app/shared/chat/window-answers.server";
import { serializeChatMessage, type ChatReplyResult } from "@app/shared/chat/messages";
import { MAX_SUGGESTED_ACTIONS } from "@app/shared/chat/rules";
import { loadConversation, storeAssistantReply } from "@app/shared/chat/store.server";
import type { ChatMessage } from "@app/shared/db.server";
import type { JobData } from "@app/shared/jobs";
import { chatRoom } from "@app/shared/realtime";
import type { WorkerContext } from "../worker-context";
import { wordReply } from "../llm";

const HISTORY_TURNS = 12;

/**
 * Produces the assistant's reply to one visitor message: `chat:typing`, then
 * the text as `chat:delta` pieces, then the stored message as `chat:message`.
 * A retry after a crash finds the stored reply and re-announces it instead of
 * answering twice.
 *
 * The first text is on the critical path of every conversation, so before it
 * there is one query (the session and its latest messages); the reply is
 * stored, in one statement, after it has streamed.
 */
export async function replyToChatMessage(
  ctx: WorkerContext,
  data: JobData<"chat-reply">,
): Promise<ChatReplyResult | { skipped: "staff handling" }> {
  const room = ctx.emitter.to(chatRoom(data.sessionId));
  const conversation = await loadConversation(ctx.db, data.sessionId, HISTORY_TURNS + 1);
  const latest = conversation?.latest ?? [];
  // Usually the visitor's message is the newest one; a job run late (a retry) reads its own history.
  const index = latest.findIndex((m) => m.id === data.userMessageId);
  const userMessage =
    index >= 0 ? latest[index] : await ctx.db.chatMessage.findUnique({ where: { id: data.userMessageId } });
  if (!userMessage || userMessage.sessionId !== data.sessionId) throw new UnrecoverableError("chat message not found");

  // A staff member has taken the conversation over: the assistant stays quiet.
  if (conversation?.handledById != null) return { skipped: "staff handling" as const };

  if (userMessage.replyToId) {
    const existing = await ctx.db.chatMessage.findUnique({ where: { id: userMessage.replyToId } });
    if (existing) {
      const flags = { suggestsBooking: existing.intent === "booking", openBookingForm: false };
      const message = serializeChatMessage(existing, flags);
      room.emit("chat:message", { sessionId: data.sessionId, message });
      return { assistantMessageId: existing.id, message, ...flags };
    }
  }

  const history: ChatMessage[] =
    index >= 0
      ? latest.slice(index + 1, index + 1 + HISTORY_TURNS)
      : await ctx.db.chatMessage.findMany({
          where: { sessionId: data.sessionId, createdAt: { lt: userMessage.createdAt } },
          orderBy: { createdAt: "desc" },
          take: HISTORY_TURNS,
        });
  const turns: ChatTurn[] = history.reverse().map((m) => ({
    sender: m.sender,
    message: m.message,
    intent: m.intent,
    suggestedActions: m.suggestedActions,
  }));

  room.emit("chat:typing", { sessionId: data.sessionId });
  const now = new Date();
  const reply = await answerWithWindows(ctx.db, composeReply(userMessage.message, turns, { now }), { now });
  const messageId = randomUUID();

  const text = await wordReply(ctx, { reply, visitorMessage: userMessage.message, history: turns }, (delta, reset) =>
    room.emit("chat:delta", { sessionId: data.sessionId, messageId, delta, ...(reset ? { reset: true } : {}) }),
  );

  const stored = await storeAssistantReply(ctx.db, {
    id: messageId,
    sessionId: data.sessionId,
    replyTo: userMessage.id,
    message: text,
    intent: reply.intent,
    suggestedActions: reply.suggestedActions.slice(0, MAX_SUGGESTED_ACTIONS),
  });
  const flags = {
    suggestsBooking: reply.suggestsBooking,
    openBookingForm: reply.openBookingForm,
    service: reply.service,
  };
  const message = serializeChatMessage(stored, flags);
  room.emit("chat:message", { sessionId: data.sessionId, message });
  return { assistantMessageId: stored.id, message, ...flags };
}
