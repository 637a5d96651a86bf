import { business } from "../business";
import { createBooking } from "../booking/create-booking.server";
import { visitManageUrl } from "../booking/visit-link.server";
import { composeReply, type ChatTurn } from "../chat/engine";
import { officeStatus } from "../chat/hours";
import { afterHoursNotice } from "../chat/rules";
import { inTransaction } from "../outbox.server";
import { holdWindow } from "../scheduling/schedule-lock.server";
import { nextOpenWindows } from "../scheduling/schedule.server";
import { windowStartingAt } from "../scheduling/windows";
import { requireBusinessInstant } from "../time";
import { customerOfNumber, recordForNumber } from "./numbers.server";
import { formatPhone } from "./phone";
import type { WebhookContext } from "./webhooks.server";
import {
  assistantText,
  emergencyTextReply,
  noWindowsText,
  textBookedReply,
  visitTextInput,
  WINDOW_TAKEN_TEXT,
  windowsOfferText,
} from "./wording";

/**
 * The assistant answering texts (docs/product.md#texts, "The assistant over text"; docs/decisions/028-assistant-over-text.md):
 * the web chat's engine (../chat/engine.ts), one engine for two channels, answering a customer's text in a
 * conversation no person has taken over. It answers facts, pages whoever is on call for an emergency (an
 * emergency booking, once in 12 hours per number), and books: three open arrival windows offered as "Reply 1, 2
 * or 3", the one chosen held and booked as a visit with its number and manage link. It never cancels, moves,
 * prices or promises anything beyond what the chat may; anything else is for the office, who see every text.
 */
type AssistantContext = WebhookContext;

/** How many windows a text offers, and how long an offer stands. */
const OFFERED = 3;
const OFFER_STANDS_MS = 24 * 60 * 60 * 1000;
/** A second emergency text within this time is the same emergency: no second booking. */
const SAME_EMERGENCY_MS = 12 * 60 * 60 * 1000;
/** How many earlier texts of the conversation the engine reads (what was offered, what was asked). */
const HISTORY = 6;

/** "2", "#2", "2.", "option 2", "number 2": the choice of an offered window. */
const CHOICE = /^\s*(?:#|no\.?\s*|number\s*|option\s*)?([1-9])\s*[.!)]?\s*$/i;

/** The assistant's answer to a customer's text, or null when it stays quiet (a person has the conversation). */
export async function answerText(context: AssistantContext, phone: string, body: string): Promise<string | null> {
  const { db } = context.services;
  const thread = await db.textThread.findUnique({ where: { phone } });
  if (!thread || thread.takenOverById !== null) return null;
  const now = new Date();

  const choice = CHOICE.exec(body)?.[1];
  const offerStands = thread.offeredAt && now.getTime() - thread.offeredAt.getTime() < OFFER_STANDS_MS;
  if (choice && offerStands) {
    const start = thread.offeredWindows[Number(choice) - 1];
    if (start) return bookOffered(context, phone, new Date(start), now);
  }

  const history = await conversation(context, phone);
  const reply = composeReply(body, history, { now });
  if (reply.intent === "emergency") return raiseTextEmergency(context, phone, body, now);
  if (reply.intent === "booking" || reply.windowDay) {
    const from = reply.windowDay ? requireBusinessInstant(reply.windowDay, 0) : now;
    return offerWindows(context, phone, from.getTime() > now.getTime() ? from : now, "");
  }
  const message = afterHours(now, reply.message);
  // A chat's offer is a button; a text's is a word to reply.
  return assistantText(message, reply.suggestsBooking ? BOOK_OFFER : "");
}

/**
 * After office hours a text says so first, and when the office opens again: "Our office is closed now and opens
 * Monday at 7:00 AM. For an electrical emergency call …, 24/7." (the chat's notice, which names no time, is replaced).
 */
function afterHours(now: Date, message: string): string {
  const status = officeStatus(now);
  if (status.open) return message;
  const opens = status.label.replace(/^Closed now\s*\W*\s*/, "");
  const notice = `Our office is closed now${opens ? ` and ${opens}` : ""}. For an electrical emergency call ${business.phone}, 24/7.`;
  return `${notice} ${message.replace(afterHoursNotice(), "").trim()}`;
}

/** How a text offers to book: a reply of BOOK (or yes) gets three open windows. */
const BOOK_OFFER = "Reply BOOK and we'll text you open times.";

/** The conversation so far, oldest first, as the engine reads a chat's. */
async function conversation(context: AssistantContext, phone: string): Promise<ChatTurn[]> {
  const rows = await context.services.db.textMessage.findMany({
    where: { phone },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: HISTORY + 1,
    select: { direction: true, body: true, kind: true },
  });
  return rows
    .slice(1)
    .reverse()
    .map((r) => ({
      sender: r.direction === "inbound" ? "user" : r.kind === "staff-reply" ? "staff" : "assistant",
      message: r.body,
      // What a yes answers: the assistant's offer to book.
      intent: r.kind === "assistant-reply" && r.body.includes(BOOK_OFFER) ? "booking" : null,
    }));
}

/** The next open windows from `from`, offered and remembered on the conversation ("Reply 1, 2 or 3"). */
async function offerWindows(context: AssistantContext, phone: string, from: Date, before: string): Promise<string> {
  const { db } = context.services;
  const windows = await nextOpenWindows(db, OFFERED, from);
  await db.textThread.update({
    where: { phone },
    data: { offeredWindows: windows.map((w) => w.start), offeredAt: windows.length ? new Date() : null },
  });
  if (!windows.length) return noWindowsText();
  const offer = windowsOfferText(
    windows.map((w) => ({
      start: new Date(w.start),
      minutes: (new Date(w.end).getTime() - new Date(w.start).getTime()) / 60_000,
    })),
  );
  return before ? `${before} ${offer}` : offer;
}

/**
 * The window chosen, held and booked for the number's customer record (a new one named by the number when it
 * matched none), in one transaction; taken meanwhile, the next ones are offered. The reply is the confirmation,
 * with the visit's number and manage link (a reply in their conversation: no other consent asked).
 */
async function bookOffered(context: AssistantContext, phone: string, start: Date, now: Date): Promise<string> {
  const { db, env } = context.services;
  const known = await customerOfNumber(db, phone);
  const booked = await inTransaction(context, async (tx, outbox) => {
    const window = await holdWindow(tx, start, now);
    if (!window) return null;
    const customerId = await recordForNumber(tx, phone, known);
    const booking = await createBooking(
      tx,
      outbox,
      {
        customerId,
        summary: "Visit booked by text",
        details: `Booked by text to the business's number, choosing an arrival window the assistant offered.\nPhone: ${formatPhone(phone)}`,
        priority: "medium",
        scheduledDate: window.start,
        source: "text",
        emailCustomer: false,
      },
      { requestId: context.requestId, timing: env },
    );
    await tx.textThread.update({ where: { phone }, data: { offeredWindows: [], offeredAt: null } });
    return booking;
  });
  if (!booked) return offerWindows(context, phone, now, WINDOW_TAKEN_TEXT);
  const link = await visitManageUrl(db, env, booked.id);
  const window = windowStartingAt(booked.scheduledDate);
  const input = visitTextInput(booked.scheduledDate, link ?? `${env.APP_URL}/account`);
  return textBookedReply({ ...input, windowMinutes: window ? input.windowMinutes : 0, visitId: booked.id });
}

/**
 * An emergency by text: an emergency booking for the number (once in 12 hours: a second text is the same
 * emergency), which alerts the office live, staff devices and whoever is on call, as every emergency booking does.
 */
async function raiseTextEmergency(context: AssistantContext, phone: string, body: string, now: Date): Promise<string> {
  const { db, env } = context.services;
  const known = await customerOfNumber(db, phone);
  await inTransaction(context, async (tx, outbox) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`text-emergency:${phone}`}))`;
    const recent = await tx.booking.count({
      where: {
        priority: "emergency",
        source: "text",
        createdAt: { gte: new Date(now.getTime() - SAME_EMERGENCY_MS) },
        OR: [{ customerId: known?.id ?? -1 }, { customer: { phone: formatPhone(phone) } }],
      },
    });
    if (recent) return;
    const customerId = await recordForNumber(tx, phone, known);
    await createBooking(
      tx,
      outbox,
      {
        customerId,
        summary: "Emergency by text",
        details: `Texted the business's number: "${body.slice(0, 500)}"\nPhone: ${formatPhone(phone)}`,
        priority: "emergency",
        scheduledDate: now,
        source: "text",
        needsPlacing: true,
        emailCustomer: false,
      },
      { requestId: context.requestId, timing: env },
    );
  });
  return emergencyTextReply();
}
