import type { Db } from "../db.server";
import type { Env } from "../env.server";
import type { Logger } from "../logger.server";
import { STATUS_WEBHOOK_PATH } from "../api/texts";
import { markOptedOut } from "./consent.server";
import { twilioClient, twilioErrorCode, type TwilioSettings } from "./twilio.server";

/**
 * Sending one text (docs/product.md#texts, docs/decisions/026-text-messages.md): the consent check, the
 * record of it (TextMessage), and the SDK's call. Every text goes through here, from the worker only (a
 * notice's twin through the outbox); the webhook's answers to STOP, START and HELP are TwiML instead.
 */

/**
 * What a text is, for the consent it needs: a notice needs the number's consent; a request for it needs none
 * yet; the office's reply in a conversation the customer started by texting us (or by calling us: the missed-call
 * text-back) needs only that they have not opted out; a page to our own staff's phone (whoever is on call) is no
 * customer's. After STOP, none of them is sent.
 */
export type TextPurpose = "notice" | "consent-request" | "reply" | "staff";

export interface TextToSend {
  /** E.164. */
  phone: string;
  body: string;
  /** What it is: the notice's kind (visit-confirmation…), staff-reply, consent-request. */
  kind: string;
  purpose: TextPurpose;
  /** What it is about, e.g. `booking:12`. */
  relatedKey?: string;
  /** The outbox row that owes it: one text per row, however often its job runs. */
  outboxKey?: string;
}

export type TextOutcome =
  | { sent: true; sid: string }
  | { sent: false; reason: "texts off" | "no consent" | "opted out" | "already sent" | "refused"; errorCode?: number };

/** Twilio's refusals that retrying cannot change: the number is invalid, unsubscribed, or cannot take texts. */
const PERMANENT_REFUSALS = new Set([21211, 21408, 21610, 21612, 21614, 21606, 21603]);
/** Twilio's code for a number that replied STOP to the sender (carrier-level opt-out). */
const UNSUBSCRIBED = 21610;

export interface TextSender {
  send(text: TextToSend): Promise<TextOutcome>;
}

/** The sender for this environment; with texts off (no TWILIO_*) every send answers `texts off`. */
export function createTextSender(deps: { env: Pick<Env, "TWILIO" | "APP_URL">; db: Db; logger: Logger }): TextSender {
  const settings = deps.env.TWILIO;
  if (!settings) return { send: () => Promise.resolve({ sent: false, reason: "texts off" }) };
  const client = twilioClient(settings);
  return {
    send: (text) => sendText({ ...deps, settings, client }, text),
  };
}

async function sendText(
  deps: {
    env: Pick<Env, "APP_URL">;
    db: Db;
    logger: Logger;
    settings: TwilioSettings;
    client: ReturnType<typeof twilioClient>;
  },
  text: TextToSend,
): Promise<TextOutcome> {
  const { db } = deps;
  // The row first: a job run again after it was sent finds it and sends nothing. A row still `sending` without
  // Twilio's id is one the office's reply wrote with its outbox row, or one whose send failed before Twilio took it.
  const existing = text.outboxKey
    ? await db.textMessage.findUnique({
        where: { outboxKey: text.outboxKey },
        select: { id: true, sid: true, status: true },
      })
    : null;
  if (existing && (existing.sid || existing.status !== "sending")) return { sent: false, reason: "already sent" };

  const consent = await db.textConsent.findUnique({ where: { phone: text.phone }, select: { status: true } });
  if (consent?.status === "opted_out") {
    if (existing) await db.textMessage.update({ where: { id: existing.id }, data: { status: "dropped" } });
    else await record(db, text, "dropped");
    return { sent: false, reason: "opted out" };
  }
  const allowed =
    text.purpose === "reply" ||
    text.purpose === "staff" ||
    (text.purpose === "consent-request" ? consent?.status !== "granted" : consent?.status === "granted");
  if (!allowed) return { sent: false, reason: "no consent" };

  const row = existing ?? (await record(db, text, "sending"));
  try {
    const message = await deps.client.messages.create({
      to: text.phone,
      body: text.body,
      ...(deps.settings.messagingServiceSid
        ? { messagingServiceSid: deps.settings.messagingServiceSid }
        : { from: deps.settings.from! }),
      statusCallback: `${deps.env.APP_URL}${STATUS_WEBHOOK_PATH}`,
    });
    await db.textMessage.update({
      where: { id: row.id },
      data: { sid: message.sid, status: statusOf(message.status) },
    });
    return { sent: true, sid: message.sid };
  } catch (error) {
    const code = twilioErrorCode(error);
    if (code !== null && PERMANENT_REFUSALS.has(code)) {
      await db.textMessage.update({ where: { id: row.id }, data: { status: "failed", errorCode: code } });
      if (code === UNSUBSCRIBED) await markOptedOut(db, text.phone);
      deps.logger.warn({ code, kind: text.kind }, "text refused by Twilio");
      return { sent: false, reason: "refused", errorCode: code };
    }
    // Not sent (Twilio down, a timeout): the job is run again, and may send it then (the row stays `sending`).
    if (!existing) await db.textMessage.delete({ where: { id: row.id } });
    throw error;
  }
}

function record(db: Db, text: TextToSend, status: "sending" | "dropped") {
  return db.textMessage.create({
    data: {
      direction: "outbound",
      phone: text.phone,
      body: text.body,
      kind: text.kind,
      status,
      relatedKey: text.relatedKey ?? null,
      // A dropped text keeps no key: START and a later run may owe it anew.
      outboxKey: status === "sending" ? (text.outboxKey ?? null) : null,
    },
    select: { id: true },
  });
}

/** Twilio's states as stored; anything unknown (accepted, scheduled…) reads as queued. */
export function statusOf(status: string): "queued" | "sent" | "delivered" | "undelivered" | "failed" {
  switch (status) {
    case "sent":
    case "delivered":
    case "undelivered":
    case "failed":
      return status;
    default:
      return "queued";
  }
}
