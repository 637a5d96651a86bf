import { inTransaction, type ChangeContext } from "../outbox.server";
import type { Env } from "../env.server";
import { fieldErrors } from "../api/errors";
import { ADMIN_ROOM } from "../realtime";
import { inboundTextSchema, SMS_WEBHOOK_PATH, STATUS_WEBHOOK_PATH, textStatusSchema } from "../api/texts";
import type { Logger } from "../logger.server";
import { failure, success, type Result } from "../result";
import { textKeyword } from "./keywords";
import { grantTextConsent, markOptedOut } from "./consent.server";
import { statusOf } from "./text-sender.server";
import { isTwilioSigned, messagingReply } from "./twilio.server";
import {
  helpReply,
  manageLinkReply,
  noVisitReply,
  startReply,
  stopReply,
  visitConfirmedReply,
  visitTextInput,
  welcomeReply,
} from "./wording";
import { visitManageUrl } from "../booking/visit-link.server";
import { customerOfNumber, nextVisitOf } from "./numbers.server";
import { answerText } from "./assistant.server";
import type { VisitTiming } from "../booking/visit-notifications.server";

/**
 * Twilio's posts (docs/product.md#texts, docs/decisions/026-text-messages.md): a text to the business's number,
 * and what became of a text we sent. Each is Twilio's only when `X-Twilio-Signature` verifies over the URL
 * Twilio was given (APP_URL's) and the posted parameters: otherwise 403 and nothing is read or stored.
 */
export interface WebhookContext extends ChangeContext {
  services: ChangeContext["services"] & {
    env: Pick<Env, "TWILIO" | "APP_URL" | "SESSION_SECRETS"> & VisitTiming;
    /** Open staff pages hear of a customer's text (the inbox reloads). */
    emitToRoom: (room: string, event: string, payload: unknown) => void;
  };
  logger: Pick<Logger, "info" | "warn">;
}

/** The inbox's key of a number's texts (web/app/features/inbox/inbox.ts reads it back). */
export const textThreadKey = (phone: string) => `text:${phone}`;

const NOT_SIGNED = "This request is not signed by Twilio";
const NOT_SET_UP = "Text messages are not set up";

/**
 * Null when the post is Twilio's (its signature verifies over APP_URL's address of `path` and the parameters);
 * otherwise the refusal: 404 with Twilio off, 403 unsigned or forged. Every Twilio webhook (texts and calls) asks this first.
 */
export function refuseUnlessTwilio(
  context: WebhookContext,
  path: string,
  params: Record<string, string>,
  signature: string | null,
) {
  const settings = context.services.env.TWILIO;
  if (!settings) return failure(404, NOT_SET_UP);
  if (!isTwilioSigned(settings, signature, `${context.services.env.APP_URL}${path}`, params))
    return failure(403, NOT_SIGNED, { errors: { "x-twilio-signature": "Missing or does not match" } });
  return null;
}

/**
 * A text to the business's number: stored once per Message SID, then STOP, START and HELP (and their synonyms)
 * are answered as carriers require, in TwiML; any other text is kept for the office (the inbox) and, in a
 * conversation no person has taken over, answered by the assistant (./assistant.server.ts).
 */
export async function receiveText(
  context: WebhookContext,
  params: Record<string, string>,
  signature: string | null,
): Promise<Result<{ twiml: string }>> {
  const refused = refuseUnlessTwilio(context, SMS_WEBHOOK_PATH, params, signature);
  if (refused) return refused;
  const parsed = inboundTextSchema.safeParse(params);
  if (!parsed.success)
    return failure(400, "This is not a text message's webhook", { errors: fieldErrors(parsed.error) });
  const text = parsed.data;
  const { db } = context.services;
  const stored = await db.textMessage.createMany({
    data: [{ sid: text.MessageSid, direction: "inbound", phone: text.From, body: text.Body, status: "received" }],
    skipDuplicates: true,
  });
  // Twilio posts again when our answer was slow or lost: the text and its reply were handled the first time.
  if (stored.count === 0) return success({ twiml: messagingReply(null) });
  // The customer's texts are one conversation in the staff inbox, made by the first that came in.
  await db.textThread.createMany({ data: [{ phone: text.From }], skipDuplicates: true });
  context.services.emitToRoom(ADMIN_ROOM, "chat:activity", { item: textThreadKey(text.From) });

  const keyword = textKeyword(text.Body);
  const reply = keyword ? await answerKeyword(context, text.From, keyword) : await assistantAnswer(context, text);
  if (reply)
    await db.textMessage.create({
      data: {
        direction: "outbound",
        phone: text.From,
        body: reply,
        kind: keyword ? "keyword-reply" : "assistant-reply",
        status: "queued",
      },
    });
  if (reply && !keyword) context.services.emitToRoom(ADMIN_ROOM, "chat:activity", { item: textThreadKey(text.From) });
  return success({ twiml: messagingReply(reply) });
}

/** Any other text: the assistant answers, unless the number replied STOP (the office still sees the text). */
async function assistantAnswer(context: WebhookContext, text: { From: string; Body: string }) {
  const consent = await context.services.db.textConsent.findUnique({
    where: { phone: text.From },
    select: { status: true },
  });
  if (consent?.status === "opted_out") return null;
  return answerText(context, text.From, text.Body);
}

/**
 * STOP, START and HELP (docs/product.md#texts): what changes, and the one reply (none for a STOP already
 * recorded); "C" and "R", the business's own, about the number's next visit.
 */
async function answerKeyword(
  context: WebhookContext,
  phone: string,
  keyword: ReturnType<typeof textKeyword>,
): Promise<string | null> {
  const { db } = context.services;
  switch (keyword) {
    case "stop": {
      const before = await db.textConsent.findUnique({ where: { phone }, select: { status: true } });
      if (before?.status === "opted_out") return null;
      await markOptedOut(db, phone);
      return stopReply();
    }
    case "start": {
      const before = await db.textConsent.findUnique({ where: { phone }, select: { status: true } });
      await grantTextConsent(db, phone, { source: "reply", network: null, wording: "Replied START or YES" });
      return before?.status === "opted_out" ? startReply() : welcomeReply();
    }
    case "help":
      return helpReply();
    case "confirm":
    case "link":
      return answerAboutNextVisit(context, phone, keyword);
    default:
      return null;
  }
}

/**
 * "C" confirms the number's next visit (recorded once, shown to the office) and "R" sends its manage link; both
 * answer with the visit's time and link. A number that replied STOP gets no answer (the office still sees the
 * text); one with no visit to come is told so, with the phone.
 */
async function answerAboutNextVisit(context: WebhookContext, phone: string, keyword: "confirm" | "link") {
  const { db, env } = context.services;
  const consent = await db.textConsent.findUnique({ where: { phone }, select: { status: true } });
  if (consent?.status === "opted_out") return null;
  const now = new Date();
  const customer = await customerOfNumber(db, phone);
  const visit = customer ? await nextVisitOf(db, customer.id, now) : null;
  const link = visit ? await visitManageUrl(db, env, visit.id) : null;
  if (!visit || !link) return noVisitReply();
  if (keyword === "link") return manageLinkReply(visitTextInput(visit.scheduledDate, link));
  await inTransaction(context, async (tx, outbox) => {
    const confirmed = await tx.booking.updateMany({
      where: { id: visit.id, customerConfirmedAt: null },
      data: { customerConfirmedAt: now },
    });
    // Open staff pages show it (the board, the bookings list, the visit).
    if (confirmed.count)
      outbox.add("booking-event", {
        bookingId: visit.id,
        event: "updated",
        version: `confirmed-${now.getTime()}`,
        requestId: context.requestId,
      });
  });
  return visitConfirmedReply(visitTextInput(visit.scheduledDate, link));
}

/** How long a report on a text whose id is not stored yet waits for it (its sender is storing it). */
const UNKNOWN_SID_WAIT_MS = 5_000;

/** The order of a text's states: a callback that comes late never takes one back (delivered stays delivered). */
const PROGRESS = { sending: 0, queued: 1, sent: 2, delivered: 3, undelivered: 3, failed: 3 } as const;

/** What became of a text we sent: its state (and error code) on its record, moving forward only. */
export async function recordTextStatus(
  context: WebhookContext,
  params: Record<string, string>,
  signature: string | null,
): Promise<Result<{ message: string }>> {
  const refused = refuseUnlessTwilio(context, STATUS_WEBHOOK_PATH, params, signature);
  if (refused) return refused;
  const parsed = textStatusSchema.safeParse(params);
  if (!parsed.success) return failure(400, "This is not a status callback", { errors: fieldErrors(parsed.error) });
  const { MessageSid, MessageStatus, ErrorCode } = parsed.data;
  const { db } = context.services;
  const status = statusOf(MessageStatus);
  const earlier = (Object.keys(PROGRESS) as Array<keyof typeof PROGRESS>).filter((s) => PROGRESS[s] < PROGRESS[status]);
  // Twilio may report on a text before its sender has stored Twilio's id (the report can follow the send's answer
  // by milliseconds): wait a little for the id rather than lose the report.
  let known = await db.textMessage.findUnique({ where: { sid: MessageSid }, select: { id: true } });
  for (let waited = 0; !known && waited < UNKNOWN_SID_WAIT_MS; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    known = await db.textMessage.findUnique({ where: { sid: MessageSid }, select: { id: true } });
  }
  if (!known) return success({ message: "Not a text of ours" });
  const { count } = await db.textMessage.updateMany({
    where: { sid: MessageSid, status: { in: earlier } },
    data: { status, ...(ErrorCode ? { errorCode: Number(ErrorCode) } : {}) },
  });
  return success({ message: count ? `Recorded: ${status}` : "Nothing to change" });
}
