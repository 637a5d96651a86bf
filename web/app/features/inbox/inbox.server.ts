/**
 * The staff inbox: contact messages and chat conversations in one list,
 * newest activity first, with read / handled state; staff replies into a live
 * chat and take a conversation over from the assistant.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { InboxForm } from "@app/shared/api/inbox-forms";
import { serializeChatMessage, type ChatMode } from "@app/shared/chat/messages";
import { ADMIN_ROOM } from "@app/shared/realtime";
import type { SessionUser } from "~/utils/auth.server";
import { failure, success, type Result } from "@app/shared/result";
import { escapeLike } from "@app/shared/search/search-terms";
import { Prisma } from "@app/shared/db.server";
import { inTransaction } from "@app/shared/outbox.server";
import { gsm7Safe } from "@app/shared/texts/gsm7";
import { personAnsweringText } from "@app/shared/texts/wording";
import { customerOfNumber, customerOfNumberSql, nextVisitOf } from "@app/shared/texts/numbers.server";
import { MAX_PAGE, PAGE_SIZE, itemKey, parseItemKey, type InboxKind } from "./inbox";

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
  /** An emergency lead (docs/product.md#inbox): flagged red. */
  emergency: boolean;
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
  emergency: boolean;
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
             (c."readAt" IS NULL) AS unread, (c."handledAt" IS NOT NULL) AS handled, false AS "takenOver",
             c."emergency" AS emergency
        FROM "ContactMessage" c
       WHERE ${pattern}::text IS NULL
          OR (c."firstName" || ' ' || c."lastName") ILIKE ${pattern} OR c."email" ILIKE ${pattern} OR c."message" ILIKE ${pattern}
      UNION ALL
      SELECT 'chat', s."id", ar.name, ar.email, last."message", last."createdAt",
             (lastuser.at IS NOT NULL AND (s."readAt" IS NULL OR lastuser.at > s."readAt")), (s."handledAt" IS NOT NULL), (s."handledById" IS NOT NULL),
             (s."emergencyAt" IS NOT NULL)
        FROM "ChatSession" s
        JOIN LATERAL (SELECT m."message", m."createdAt" FROM "ChatMessage" m WHERE m."sessionId" = s."id" ORDER BY m."createdAt" DESC LIMIT 1) last ON true
        LEFT JOIN LATERAL (SELECT max(m."createdAt") AS at FROM "ChatMessage" m WHERE m."sessionId" = s."id" AND m."sender" = 'user') lastuser ON true
        LEFT JOIN LATERAL (SELECT a."customerName" AS name, a."customerEmail" AS email FROM "AppointmentRequest" a WHERE a."chatSessionId" = s."id" ORDER BY a."id" DESC LIMIT 1) ar ON true
       WHERE ${pattern}::text IS NULL
          OR ar.name ILIKE ${pattern} OR ar.email ILIKE ${pattern}
          OR EXISTS (SELECT 1 FROM "ChatMessage" m WHERE m."sessionId" = s."id" AND m."message" ILIKE ${pattern})
      UNION ALL
      SELECT 'text', t."phone", cu.name, cu.email, last."body", last."createdAt",
             (lastin.at IS NOT NULL AND (t."readAt" IS NULL OR lastin.at > t."readAt")), (t."handledAt" IS NOT NULL), (t."takenOverById" IS NOT NULL),
             false
        FROM "TextThread" t
        JOIN LATERAL (SELECT m."body", m."createdAt" FROM "TextMessage" m WHERE m."phone" = t."phone" ORDER BY m."createdAt" DESC LIMIT 1) last ON true
        LEFT JOIN LATERAL (SELECT max(m."createdAt") AS at FROM "TextMessage" m WHERE m."phone" = t."phone" AND m."direction" = 'inbound') lastin ON true
        LEFT JOIN LATERAL (${customerOfNumberSql(Prisma.raw('t."phone"'))}) cu ON true
       WHERE ${pattern}::text IS NULL
          OR cu.name ILIKE ${pattern} OR cu.email ILIKE ${pattern} OR t."phone" ILIKE ${pattern}
          OR EXISTS (SELECT 1 FROM "TextMessage" m WHERE m."phone" = t."phone" AND m."body" ILIKE ${pattern})
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
  if (parsed.kind === "text") return openTextThread(context, parsed.id, now);
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
      emergencyAt: session.emergencyAt,
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

const TEXTS_SHOWN = 50;

/** A number's texts, oldest first (the newest 50), with its customer and their next visit; marked read. */
async function openTextThread(context: AppLoadContext, phone: string, now: Date) {
  const { db } = context.services;
  const thread = await db.textThread.findUnique({
    where: { phone },
    include: { takenOverBy: { select: { id: true, firstName: true, lastName: true } } },
  });
  if (!thread) return null;
  const [messages, customer, consent] = await Promise.all([
    db.textMessage.findMany({
      where: { phone },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: TEXTS_SHOWN,
      select: { id: true, direction: true, body: true, kind: true, status: true, errorCode: true, createdAt: true },
    }),
    customerOfNumber(db, phone),
    db.textConsent.findUnique({ where: { phone }, select: { status: true } }),
  ]);
  const nextVisit = customer ? await nextVisitOf(db, customer.id, now) : null;
  await db.textThread.update({ where: { phone }, data: { readAt: now } });
  return {
    kind: "text" as const,
    thread: {
      phone,
      handledAt: thread.handledAt,
      takenOverBy: thread.takenOverBy,
      optedOut: consent?.status === "opted_out",
      customer,
      nextVisit,
      messages: messages.reverse(),
    },
  };
}

/** What an inbox change did: its notice (after a reply, `replied`). */
type InboxChange = Result<{ message: string; replied?: boolean }>;

/** The inbox page's form posts (inboxFormSchema): reply, take-over, hand-back, handled. */
export async function inboxAction(context: AppLoadContext, admin: SessionUser, form: InboxForm): Promise<InboxChange> {
  const { db, emitToChat, emitToRoom } = context.services;
  const parsed = parseItemKey(form.item);
  if (!parsed) return failure(404, "Unknown conversation or message.");

  if (form.intent === "handled") {
    const handled = form.handled === "1";
    const handledAt = handled ? new Date() : null;
    const done =
      parsed.kind === "contact"
        ? await db.contactMessage.updateMany({ where: { id: Number(parsed.id) }, data: { handledAt } })
        : parsed.kind === "text"
          ? await db.textThread.updateMany({ where: { phone: parsed.id }, data: { handledAt } })
          : await db.chatSession.updateMany({ where: { id: parsed.id }, data: { handledAt } });
    if (!done.count) return failure(404, "That item no longer exists.");
    emitToRoom(ADMIN_ROOM, "chat:activity", { item: `${parsed.kind}:${parsed.id}` });
    return success({ message: handled ? "Marked handled." : "Marked not handled." });
  }

  if (parsed.kind === "text") {
    if (form.intent === "reply") return replyByText(context, admin, parsed.id, form.message);
    return takeOverText(context, admin, parsed.id, form.intent === "take-over");
  }
  if (parsed.kind !== "chat") return failure(400, "Only chat conversations can be replied to or taken over.");
  const sessionId = parsed.id;

  if (form.intent === "take-over" || form.intent === "hand-back") {
    const done = await db.chatSession.updateMany({
      where: { id: sessionId },
      data: form.intent === "take-over" ? { handledById: admin.id } : { handledById: null },
    });
    if (!done.count) return failure(404, "That conversation no longer exists.");
    // The visitor's widget learns who answers now: no assistant reply to wait for while staff hold it.
    const mode: ChatMode = form.intent === "take-over" ? "staff" : "assistant";
    emitToChat(sessionId, "chat:mode", { sessionId, mode });
    emitToRoom(ADMIN_ROOM, "chat:activity", { sessionId });
    return success({
      message:
        form.intent === "take-over"
          ? "You are handling this conversation; the assistant will stay quiet."
          : "Handed back to the assistant.",
    });
  }

  const session = await db.chatSession.findUnique({
    where: { id: sessionId },
    select: { id: true, handledById: true },
  });
  if (!session) return failure(404, "That conversation no longer exists.");
  const stored = await db.$transaction(async (tx) => {
    // A person replying is handling the conversation: the assistant stops answering.
    if (session.handledById == null)
      await tx.chatSession.update({ where: { id: sessionId }, data: { handledById: admin.id } });
    return tx.chatMessage.create({ data: { sessionId, sender: "staff", message: form.message } });
  });
  if (session.handledById == null) emitToChat(sessionId, "chat:mode", { sessionId, mode: "staff" satisfies ChatMode });
  emitToChat(sessionId, "chat:message", { sessionId, message: serializeChatMessage(stored) });
  emitToRoom(ADMIN_ROOM, "chat:activity", { sessionId });
  return success({ message: "Reply sent.", replied: true });
}

/**
 * The office's answer in a customer's text conversation: its text written with the outbox row that owes it, in
 * one transaction, so the thread shows it at once (sending) and the worker texts it (docs/product.md#texts).
 * Never to a number that replied STOP.
 */
/**
 * Staff take a text conversation over from the assistant (it stays quiet; the customer is told a person is
 * answering) or hand it back to it.
 */
async function takeOverText(context: AppLoadContext, admin: SessionUser, phone: string, takeOver: boolean) {
  const { db, emitToRoom } = context.services;
  const done = await db.textThread.updateMany({
    where: { phone, takenOverById: takeOver ? null : { not: null } },
    data: { takenOverById: takeOver ? admin.id : null },
  });
  if (!(await db.textThread.count({ where: { phone } }))) return failure(404, "That conversation no longer exists.");
  emitToRoom(ADMIN_ROOM, "chat:activity", { item: itemKey("text", phone) });
  if (!takeOver) return success({ message: "Handed back to the assistant." });
  if (done.count) await replyByText(context, admin, phone, personAnsweringText());
  return success({ message: "You are handling this conversation; the assistant will stay quiet." });
}

async function replyByText(context: AppLoadContext, admin: SessionUser, phone: string, message: string) {
  const { db, emitToRoom } = context.services;
  if (!context.services.env.TWILIO) return failure(409, "Texts are not set up: call the customer instead.");
  const [thread, consent] = await Promise.all([
    db.textThread.findUnique({ where: { phone }, select: { phone: true } }),
    db.textConsent.findUnique({ where: { phone }, select: { status: true } }),
  ]);
  if (!thread) return failure(404, "That conversation no longer exists.");
  if (consent?.status === "opted_out")
    return failure(409, "This number replied STOP: nothing can be texted to it until they reply START.");
  const body = gsm7Safe(message);
  await inTransaction(context, async (tx, outbox) => {
    // A person replying is handling the conversation: the assistant stops answering.
    await tx.textThread.updateMany({ where: { phone, takenOverById: null }, data: { takenOverById: admin.id } });
    const row = await tx.textMessage.create({
      data: { direction: "outbound", phone, body, kind: "staff-reply", status: "sending" },
      select: { id: true },
    });
    const key = outbox.add("staff-text", { textMessageId: row.id, requestId: context.requestId });
    await tx.textMessage.update({ where: { id: row.id }, data: { outboxKey: key } });
  });
  emitToRoom(ADMIN_ROOM, "chat:activity", { item: itemKey("text", phone) });
  return success({ message: "Reply sent by text.", replied: true });
}
