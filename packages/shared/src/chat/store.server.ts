/**
 * The chat's hot path in PostgreSQL: one statement per step, so a visitor's
 * message costs one round trip to store and one to answer.
 *
 * Every chat message goes through these three statements, and each round trip
 * to the database is a system call pair on both sides; written with Prisma's
 * query builder they take three to four round trips each (a lookup, then the
 * write, or BEGIN … COMMIT around two writes). Everything else about chat
 * messages uses the Prisma client; `tests/integration/chat-store.test.ts` checks
 * that these rows read back through it exactly as Prisma writes them.
 */
import { randomUUID } from "node:crypto";
import type { ChatMessage, Db } from "../db.server";

/** The columns of ChatMessage, as Prisma's `ChatMessage` type names them. */
const MESSAGE_COLUMNS = `"id", "sessionId", "sender"::text AS "sender", "message", "intent", "suggestedActions", "createdAt", "replyToId"`;

type ChatMessageRow = Omit<ChatMessage, "sender" | "createdAt"> & { sender: string; createdAt: Date | string };

/** Timestamps are stored in UTC without a zone (as Prisma stores them); JSON carries them without one. */
function utc(value: Date | string): Date {
  if (value instanceof Date) return value;
  return new Date(/(Z|[+-]\d\d:?\d\d)$/.test(value) ? value : `${value}Z`);
}

function toMessage(row: ChatMessageRow): ChatMessage {
  return { ...row, sender: row.sender as ChatMessage["sender"], createdAt: utc(row.createdAt) };
}

/**
 * Stores a visitor's message and marks the conversation active now, in one
 * statement. Null when the conversation does not exist. Also says whether
 * staff have taken the conversation over (then the assistant stays quiet).
 */
export async function storeVisitorMessage(
  db: Db,
  sessionId: string,
  text: string,
): Promise<{ message: ChatMessage; handledById: number | null } | null> {
  const now = new Date();
  const rows = await db.$queryRawUnsafe<Array<ChatMessageRow & { handledById: number | null }>>(
    `WITH s AS (
       UPDATE "ChatSession" SET "updatedAt" = $4 WHERE "id" = $1 RETURNING "id", "handledById"
     ), m AS (
       INSERT INTO "ChatMessage" ("id", "sessionId", "sender", "message", "suggestedActions", "createdAt")
       SELECT $2, s."id", 'user'::"ChatSender", $3, ARRAY[]::text[], $4 FROM s
       RETURNING ${MESSAGE_COLUMNS}
     )
     SELECT m.*, s."handledById" FROM m CROSS JOIN s`,
    sessionId,
    randomUUID(),
    text,
    now,
  );
  const row = rows[0];
  if (!row) return null;
  const { handledById, ...message } = row;
  return { message: toMessage(message), handledById };
}

/**
 * A conversation as the assistant needs it: whether staff have taken it over,
 * and its latest `limit` messages, newest first. Null when it does not exist.
 */
export async function loadConversation(
  db: Db,
  sessionId: string,
  limit: number,
): Promise<{ handledById: number | null; latest: ChatMessage[] } | null> {
  const rows = await db.$queryRawUnsafe<Array<{ handledById: number | null; messages: ChatMessageRow[] | null }>>(
    `SELECT s."handledById",
            (SELECT json_agg(m ORDER BY m."createdAt" DESC)
               FROM (SELECT ${MESSAGE_COLUMNS} FROM "ChatMessage" WHERE "sessionId" = s."id" ORDER BY "createdAt" DESC LIMIT $2) m) AS "messages"
       FROM "ChatSession" s WHERE s."id" = $1`,
    sessionId,
    limit,
  );
  const row = rows[0];
  if (!row) return null;
  return { handledById: row.handledById, latest: (row.messages ?? []).map(toMessage) };
}

export interface AssistantReply {
  id: string;
  sessionId: string;
  /** The visitor's message this answers; linked to the reply in the same statement. */
  replyTo: string;
  message: string;
  intent: string;
  suggestedActions: string[];
}

/**
 * Stores the assistant's reply and links the visitor's message to it, in one
 * statement (so together or not at all). A message that is answered already
 * gets no second reply: this throws, and the retried job finds the first one.
 */
export async function storeAssistantReply(db: Db, reply: AssistantReply): Promise<ChatMessage> {
  const rows = await db.$queryRawUnsafe<ChatMessageRow[]>(
    `WITH link AS (
       UPDATE "ChatMessage" SET "replyToId" = $1 WHERE "id" = $7 AND "sessionId" = $2 AND "replyToId" IS NULL RETURNING "id"
     ), a AS (
       INSERT INTO "ChatMessage" ("id", "sessionId", "sender", "message", "intent", "suggestedActions", "createdAt")
       SELECT $1, $2, 'assistant'::"ChatSender", $3, $4, $5::text[], $6 FROM link
       RETURNING ${MESSAGE_COLUMNS}
     )
     SELECT * FROM a`,
    reply.id,
    reply.sessionId,
    reply.message,
    reply.intent,
    reply.suggestedActions,
    new Date(),
    reply.replyTo,
  );
  const row = rows[0];
  if (!row) throw new Error("the visitor's message to link the reply to was not found, or is answered already");
  return toMessage(row);
}
