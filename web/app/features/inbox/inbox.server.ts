/**
 * The staff inbox: contact messages and chat conversations in one list,
 * newest activity first, with read / handled state; staff replies into a live
 * chat and take a conversation over from the assistant.
 */
import type { AppLoadContext } from "@remix-run/node";
import { serializeChatMessage, type ChatMode } from "@app/shared/chat/messages";
import { ADMIN_ROOM } from "@app/shared/realtime";
import type { SessionUser } from "~/utils/auth.server";
import {
  escapeLike,
  MAX_PAGE,
  PAGE_SIZE,
  parseItemKey,
  REPLY_MAX,
  type InboxActionResult,
  type InboxKind,
} from "./inbox";

export interface InboxRow {
  kind: InboxKind;
  id: string;
  name: string | null;
  email: string | null;
  preview: string;
  lastActivity: Date;
  unread: boolean;
  handled: boolean;
  takenOver: boolean;
}

interface RawRow {
  kind: InboxKind;
  id: string;
  name: string | null;
  email: string | null;
  preview: string | null;
  lastActivity: Date;
  unread: boolean;
  handled: boolean;
  takenOver: boolean;
  total: bigint;
}

/** One page of the inbox. `q` matches name, email or text, case-insensitively. */
export async function listInbox(context: AppLoadContext, { q, page }: { q: string; page: number }) {
  const { db } = context.services;
  const pattern = q ? `%${escapeLike(q)}%` : null;
  const current = Math.min(Math.max(1, page), MAX_PAGE);
  const offset = (current - 1) * PAGE_SIZE;
  // A chat's activity is its newest message (staff opening it changes nothing); its
  // name and email come from an appointment request made in it, if any.
  const rows = await db.$queryRaw<RawRow[]>`
    WITH items AS (
      SELECT 'contact' AS kind, c."id"::text AS id, (c."firstName" || ' ' || c."lastName") AS name, c."email" AS email,
             c."message" AS preview, c."createdAt" AS "lastActivity",
             (c."readAt" IS NULL) AS unread, (c."handledAt" IS NOT NULL) AS handled, false AS "takenOver"
        FROM "ContactMessage" c
       WHERE ${pattern}::text IS NULL
          OR (c."firstName" || ' ' || c."lastName") ILIKE ${pattern} OR c."email" ILIKE ${pattern} OR c."message" ILIKE ${pattern}
      UNION ALL
      SELECT 'chat', s."id", ar.name, ar.email, last."message", last."createdAt",
             (lastuser.at IS NOT NULL AND (s."readAt" IS NULL OR lastuser.at > s."readAt")), (s."handledAt" IS NOT NULL), (s."handledById" IS NOT NULL)
        FROM "ChatSession" s
        JOIN LATERAL (SELECT m."message", m."createdAt" FROM "ChatMessage" m WHERE m."sessionId" = s."id" ORDER BY m."createdAt" DESC LIMIT 1) last ON true
        LEFT JOIN LATERAL (SELECT max(m."createdAt") AS at FROM "ChatMessage" m WHERE m."sessionId" = s."id" AND m."sender" = 'user') lastuser ON true
        LEFT JOIN LATERAL (SELECT a."customerName" AS name, a."customerEmail" AS email FROM "AppointmentRequest" a WHERE a."chatSessionId" = s."id" ORDER BY a."id" DESC LIMIT 1) ar ON true
       WHERE ${pattern}::text IS NULL
          OR ar.name ILIKE ${pattern} OR ar.email ILIKE ${pattern}
          OR EXISTS (SELECT 1 FROM "ChatMessage" m WHERE m."sessionId" = s."id" AND m."message" ILIKE ${pattern})
    )
    SELECT *, count(*) OVER () AS total FROM items ORDER BY "lastActivity" DESC, id DESC LIMIT ${PAGE_SIZE} OFFSET ${offset}`;
  const total = rows.length ? Number(rows[0]!.total) : 0;
  const items: InboxRow[] = rows.map(({ total: _total, preview, ...row }) => ({
    ...row,
    preview: (preview ?? "").slice(0, 160),
  }));
  return { items, page: current, total, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

/** The full item, marked read because a staff member is looking at it. */
export async function openInboxItem(context: AppLoadContext, key: string) {
  const { db } = context.services;
  const parsed = parseItemKey(key);
  if (!parsed) return null;
  const now = new Date();
  if (parsed.kind === "contact") {
    const contact = await db.contactMessage.findUnique({ where: { id: Number(parsed.id) } });
    if (!contact) return null;
    if (!contact.readAt) await db.contactMessage.update({ where: { id: contact.id }, data: { readAt: now } });
    const { ip: _ip, userAgent: _ua, requestId: _r, ...shown } = contact;
    return { kind: "contact" as const, contact: { ...shown, readAt: contact.readAt ?? now } };
  }
  const session = await db.chatSession.findUnique({
    where: { id: parsed.id },
    include: {
      messages: { orderBy: { createdAt: "asc" } },
      handledBy: { select: { id: true, firstName: true, lastName: true } },
      appointmentRequests: {
        orderBy: { id: "desc" },
        take: 1,
        select: { customerName: true, customerEmail: true, customerPhone: true, serviceType: true },
      },
    },
  });
  if (!session) return null;
  await db.chatSession.update({ where: { id: session.id }, data: { readAt: now } });
  return {
    kind: "chat" as const,
    chat: {
      id: session.id,
      status: session.status,
      createdAt: session.createdAt,
      handledAt: session.handledAt,
      handledBy: session.handledBy,
      request: session.appointmentRequests[0] ?? null,
      messages: session.messages.map((m) => ({
        id: m.id,
        sender: m.sender,
        message: m.message,
        createdAt: m.createdAt,
      })),
    },
  };
}

const fail = (message: string): InboxActionResult => ({ ok: false, message });

/** The inbox page's form posts: reply, take-over, hand-back, handled. */
export async function inboxAction(
  context: AppLoadContext,
  admin: SessionUser,
  form: FormData,
): Promise<InboxActionResult> {
  const { db, emitToChat, emitToRoom } = context.services;
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = field("intent");
  const parsed = parseItemKey(field("item"));
  if (!parsed) return fail("Unknown conversation or message.");

  if (intent === "handled") {
    const handled = form.get("handled") === "1";
    const handledAt = handled ? new Date() : null;
    const done =
      parsed.kind === "contact"
        ? await db.contactMessage.updateMany({ where: { id: Number(parsed.id) }, data: { handledAt } })
        : await db.chatSession.updateMany({ where: { id: parsed.id }, data: { handledAt } });
    if (!done.count) return fail("That item no longer exists.");
    emitToRoom(ADMIN_ROOM, "chat:activity", { item: `${parsed.kind}:${parsed.id}` });
    return { ok: true, message: handled ? "Marked handled." : "Marked not handled." };
  }

  if (parsed.kind !== "chat") return fail("Only chat conversations can be replied to or taken over.");
  const sessionId = parsed.id;

  if (intent === "take-over" || intent === "hand-back") {
    const done = await db.chatSession.updateMany({
      where: { id: sessionId },
      data: intent === "take-over" ? { handledById: admin.id } : { handledById: null },
    });
    if (!done.count) return fail("That conversation no longer exists.");
    // The visitor's widget learns who answers now: no assistant reply to wait for while staff hold it.
    const mode: ChatMode = intent === "take-over" ? "staff" : "assistant";
    emitToChat(sessionId, "chat:mode", { sessionId, mode });
    emitToRoom(ADMIN_ROOM, "chat:activity", { sessionId });
    return {
      ok: true,
      message:
        intent === "take-over"
          ? "You are handling this conversation; the assistant will stay quiet."
          : "Handed back to the assistant.",
    };
  }

  if (intent === "reply") {
    const text = field("message").trim();
    if (!text) return fail("Write a reply first.");
    if (text.length > REPLY_MAX) return fail(`Replies are limited to ${REPLY_MAX} characters.`);
    const session = await db.chatSession.findUnique({
      where: { id: sessionId },
      select: { id: true, handledById: true },
    });
    if (!session) return fail("That conversation no longer exists.");
    const stored = await db.$transaction(async (tx) => {
      // A person replying is handling the conversation: the assistant stops answering.
      if (session.handledById == null)
        await tx.chatSession.update({ where: { id: sessionId }, data: { handledById: admin.id } });
      return tx.chatMessage.create({ data: { sessionId, sender: "staff", message: text } });
    });
    if (session.handledById == null)
      emitToChat(sessionId, "chat:mode", { sessionId, mode: "staff" satisfies ChatMode });
    emitToChat(sessionId, "chat:message", { sessionId, message: serializeChatMessage(stored) });
    emitToRoom(ADMIN_ROOM, "chat:activity", { sessionId });
    return { ok: true, message: "Reply sent.", replied: true };
  }

  return fail("Unknown action.");
}
