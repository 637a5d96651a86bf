import { randomUUID } from "node:crypto";
import { UnrecoverableError } from "bullmq";
import { composeReply, type ChatTurn } from "@app/shared/chat/engine";
import { serializeChatMessage } from "@app/shared/chat/messages";
import type { JobData } from "@app/shared/jobs";
import { chatRoom } from "@app/shared/realtime";
import type { WorkerContext } from "../context";
import { wordReply } from "../llm";

const HISTORY_TURNS = 12;

/**
 * Produces the assistant's reply to one visitor message: `chat:typing`, then
 * the text as `chat:delta` pieces, then the stored message as `chat:message`.
 * A retry after a crash finds the stored reply and re-announces it instead of
 * answering twice.
 */
export async function replyToChatMessage(ctx: WorkerContext, data: JobData<"chat", "chat-reply">) {
  const room = ctx.emitter.to(chatRoom(data.sessionId));
  const userMessage = await ctx.db.chatMessage.findUnique({ where: { id: data.userMessageId } });
  if (!userMessage || userMessage.sessionId !== data.sessionId) throw new UnrecoverableError("chat message not found");

  // A staff member has taken the conversation over: the assistant stays quiet.
  const session = await ctx.db.chatSession.findUnique({ where: { id: data.sessionId }, select: { handledById: true } });
  if (session?.handledById != null) return { skipped: "staff handling" as const };

  if (userMessage.replyToId) {
    const existing = await ctx.db.chatMessage.findUnique({ where: { id: userMessage.replyToId } });
    if (existing) {
      const flags = { suggestsBooking: existing.intent === "booking", openBookingForm: false };
      room.emit("chat:message", { sessionId: data.sessionId, message: serializeChatMessage(existing, flags) });
      return { assistantMessageId: existing.id, ...flags };
    }
  }

  room.emit("chat:typing", { sessionId: data.sessionId });
  const history = await ctx.db.chatMessage.findMany({
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
  const reply = composeReply(userMessage.message, turns, { now: new Date() });
  const messageId = randomUUID();

  const text = await wordReply(ctx, { reply, visitorMessage: userMessage.message, history: turns }, (delta, reset) =>
    room.emit("chat:delta", { sessionId: data.sessionId, messageId, delta, ...(reset ? { reset: true } : {}) }),
  );

  const stored = await ctx.db.$transaction(async (tx) => {
    const assistant = await tx.chatMessage.create({
      data: {
        id: messageId,
        sessionId: data.sessionId,
        sender: "assistant",
        message: text,
        intent: reply.intent,
        suggestedActions: reply.suggestedActions.slice(0, 3),
      },
    });
    await tx.chatMessage.update({ where: { id: userMessage.id }, data: { replyToId: assistant.id } });
    return assistant;
  });
  const message = serializeChatMessage(stored, { suggestsBooking: reply.suggestsBooking, openBookingForm: reply.openBookingForm });
  room.emit("chat:message", { sessionId: data.sessionId, message });
  return { assistantMessageId: stored.id, suggestsBooking: reply.suggestsBooking, openBookingForm: reply.openBookingForm };
}
