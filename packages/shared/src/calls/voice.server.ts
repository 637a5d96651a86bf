import twilio from "twilio";
import {
  callOutcomeSchema,
  inboundCallSchema,
  pressedKeySchema,
  VOICE_KEY_PATH,
  VOICE_STATUS_PATH,
  VOICE_WEBHOOK_PATH,
} from "../api/calls";
import { fieldErrors } from "../api/errors";
import { createBooking } from "../booking/create-booking.server";
import { officeStatus } from "../chat/hours";
import type { PhoneCall, TextBackState } from "../db.server";
import { inTransaction } from "../outbox.server";
import { ADMIN_ROOM } from "../realtime";
import { failure, success, type Result } from "../result";
import { formatFullDateTime } from "../time";
import { customerOfNumber, recordForNumber } from "../texts/numbers.server";
import { formatPhone, textablePhone } from "../texts/phone";
import { refuseUnlessTwilio, type WebhookContext } from "../texts/webhooks.server";
import { onCallAt } from "./on-call.server";
import {
  CONNECTING_ON_CALL,
  GOODBYE,
  greeting,
  ON_CALL_CALLS_BACK,
  ONLY_ONE_FOR_EMERGENCIES,
  type GreetingReason,
} from "./spoken";

/**
 * Calls to the business's number through Twilio Voice (docs/product.md#calls, docs/decisions/027-calls.md): each
 * call stored once per Call SID; in office hours the office (OFFICE_PHONE and the staff who take calls) rings for
 * 20 seconds; after hours, or unanswered, the greeting plays, the caller is texted back at once (never twice in an
 * hour, never after STOP), and 1 puts them through to whoever is on call and makes an emergency booking. Every post
 * is Twilio's only when its signature verifies (refuseUnlessTwilio); otherwise nothing is read or stored.
 */
type CallContext = WebhookContext;

/** How long the office's phones ring before the greeting answers, and the on-call's before the call gives up. */
const RING_SECONDS = 20;
const ON_CALL_RING_SECONDS = 25;
/** How long the greeting waits for a key once it has been said. */
const KEY_WAIT_SECONDS = 5;
/** A number texted back is not texted back again within this time. */
export const TEXT_BACK_GAP_MS = 60 * 60 * 1000;
/** Twilio dials at most ten numbers at once. */
const MAX_DIALED = 10;

const { VoiceResponse } = twilio.twiml;
const SAY = { voice: "Polly.Joanna", language: "en-US" } as const;

const url = (context: CallContext, path: string) => `${context.services.env.APP_URL}${path}`;
const notACall = (error: Parameters<typeof fieldErrors>[0]) =>
  failure(400, "This is not a call's webhook", { errors: fieldErrors(error) });
/** The office's pages hear of it: the calls list and the inbox reload. */
const announce = (context: CallContext, call: Pick<PhoneCall, "id">) =>
  context.services.emitToRoom(ADMIN_ROOM, "chat:activity", { item: `call:${call.id}` });

/** A call to the business's number: the office rings in office hours (when anyone can), else the greeting answers. */
export async function answerCall(
  context: CallContext,
  params: Record<string, string>,
  signature: string | null,
): Promise<Result<{ twiml: string }>> {
  const refused = refuseUnlessTwilio(context, VOICE_WEBHOOK_PATH, params, signature);
  if (refused) return refused;
  const parsed = inboundCallSchema.safeParse(params);
  if (!parsed.success) return notACall(parsed.error);
  const { db } = context.services;
  const { CallSid: sid, From: from } = parsed.data;
  const afterHours = !officeStatus(new Date()).open;
  const phone = textablePhone(from);
  const customer = phone ? await customerOfNumber(db, phone) : null;
  // Twilio may post a call again when our answer was slow: the first post made its record.
  await db.phoneCall.createMany({
    data: [{ sid, phone: phone ?? from, afterHours, customerId: customer?.id ?? null }],
    skipDuplicates: true,
  });
  const call = await db.phoneCall.findUniqueOrThrow({ where: { sid } });
  if (!call.afterHours && call.outcome === "ringing") {
    const ring = await whoRings(context);
    if (ring.length) {
      announce(context, call);
      return success({ twiml: dialing(context, new VoiceResponse(), ring, RING_SECONDS) });
    }
  }
  return success({ twiml: await missed(context, call, call.afterHours ? "after-hours" : "no-answer") });
}

/** The office's phone and the phones of active staff who take calls. */
async function whoRings(context: CallContext): Promise<string[]> {
  const staff = await context.services.db.user.findMany({
    where: { takesCalls: true, isActive: true, role: { in: ["admin", "technician"] }, phone: { not: null } },
    select: { phone: true },
    orderBy: { id: "asc" },
  });
  return [context.services.env.TWILIO?.officePhone, ...staff.map((s) => s.phone)].filter((n): n is string =>
    Boolean(n),
  );
}

/** `response` then rings these phones at once (each once, at most ten) for `seconds`; its outcome is posted to /voice/status. */
function dialing(
  context: CallContext,
  response: InstanceType<typeof VoiceResponse>,
  numbers: string[],
  seconds: number,
) {
  const dial = response.dial({
    timeout: seconds,
    action: url(context, VOICE_STATUS_PATH),
    method: "POST",
    answerOnBridge: true,
  });
  for (const number of [...new Set(numbers)].slice(0, MAX_DIALED)) dial.number(number);
  return response.toString();
}

/** Says this, then hangs up. */
function sayAndHangUp(words: string) {
  const response = new VoiceResponse();
  response.say(SAY, words);
  response.hangup();
  return response.toString();
}

/**
 * What became of ringing the office (the `<Dial>`'s action: DialCallStatus), or of the call itself (the number's
 * status callback, when the call ended). Answered: the call ends there. Not answered: the greeting, and the
 * text-back. A call that ended while still ringing (the caller hung up first) is missed too.
 */
export async function recordCallOutcome(
  context: CallContext,
  params: Record<string, string>,
  signature: string | null,
): Promise<Result<{ twiml: string }>> {
  const refused = refuseUnlessTwilio(context, VOICE_STATUS_PATH, params, signature);
  if (refused) return refused;
  const parsed = callOutcomeSchema.safeParse(params);
  if (!parsed.success) return notACall(parsed.error);
  const { db } = context.services;
  const { CallSid: sid, CallStatus: status, DialCallStatus: dialStatus } = parsed.data;
  const call = await db.phoneCall.findUnique({ where: { sid } });
  if (!call) return success({ twiml: new VoiceResponse().toString() });
  const now = new Date();

  if (dialStatus) {
    const picked = dialStatus === "completed" || dialStatus === "answered";
    // After 1 was pressed, this was the dial to whoever is on call; before it, the office's phones.
    const onCallLeg = call.emergencyAt !== null;
    if (picked) {
      await db.phoneCall.updateMany({
        where: { id: call.id, answeredAt: null },
        data: { outcome: "answered", answeredAt: now, ...(onCallLeg ? {} : { dialStatus }) },
      });
      announce(context, call);
      const response = new VoiceResponse();
      response.hangup();
      return success({ twiml: response.toString() });
    }
    if (onCallLeg) return success({ twiml: sayAndHangUp(ON_CALL_CALLS_BACK) });
    await db.phoneCall.update({ where: { id: call.id }, data: { dialStatus } });
    return success({ twiml: await missed(context, call, "no-answer") });
  }

  if (["completed", "busy", "no-answer", "failed", "canceled"].includes(status)) {
    await db.phoneCall.updateMany({ where: { id: call.id, endedAt: null }, data: { endedAt: now } });
    // Hung up while the office's phones rang: nobody answered, so it is a missed call.
    if (call.outcome === "ringing") await markMissed(context, call);
    announce(context, call);
  }
  return success({ twiml: new VoiceResponse().toString() });
}

/** The greeting, with 1 for an emergency; the call is missed and its text-back owed before it plays. */
async function missed(context: CallContext, call: PhoneCall, reason: GreetingReason): Promise<string> {
  await markMissed(context, call);
  announce(context, call);
  const response = new VoiceResponse();
  const gather = response.gather({
    numDigits: 1,
    timeout: KEY_WAIT_SECONDS,
    action: url(context, VOICE_KEY_PATH),
    method: "POST",
    actionOnEmptyResult: false,
  });
  gather.say(SAY, greeting({ reason, textable: textablePhone(call.phone) !== null }));
  response.say(SAY, GOODBYE);
  response.hangup();
  return response.toString();
}

/**
 * The call is missed: once, its text-back is decided in one transaction, under a lock on the number, so two calls at
 * once from one number owe one text: owed (the outbox's `missed-call-text`), or why not (texted back within the
 * hour, replied STOP, not a number that takes texts).
 */
async function markMissed(context: CallContext, call: PhoneCall): Promise<void> {
  const now = new Date();
  const phone = textablePhone(call.phone);
  await inTransaction(context, async (tx, outbox) => {
    const marked = await tx.phoneCall.updateMany({
      where: { id: call.id, outcome: { not: "answered" }, textBack: null },
      data: { outcome: "missed" },
    });
    if (!marked.count) return;
    let state: TextBackState;
    if (!phone) state = "not_textable";
    else {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`text-back:${phone}`}))`;
      const consent = await tx.textConsent.findUnique({ where: { phone }, select: { status: true } });
      const landline = await tx.textMessage.count({ where: { phone, direction: "outbound", errorCode: 30006 } });
      const recent = await tx.phoneCall.count({
        where: {
          phone,
          id: { not: call.id },
          textBack: { in: ["owed", "sent"] },
          textBackAt: { gte: new Date(now.getTime() - TEXT_BACK_GAP_MS) },
        },
      });
      state = consent?.status === "opted_out" ? "opted_out" : landline ? "not_textable" : recent ? "recent" : "owed";
    }
    await tx.phoneCall.update({
      where: { id: call.id },
      data: { textBack: state, textBackAt: state === "owed" ? now : null },
    });
    if (state === "owed") outbox.add("missed-call-text", { callId: call.id, requestId: context.requestId });
  });
}

/**
 * A key pressed during the greeting. 1: an emergency booking is made (once; the office's live alert, staff devices
 * and the on-call's phone are paged, as for every emergency booking) and the caller is put through to whoever is
 * on call. Any other key: how to reach us.
 */
export async function pressedKey(
  context: CallContext,
  params: Record<string, string>,
  signature: string | null,
): Promise<Result<{ twiml: string }>> {
  const refused = refuseUnlessTwilio(context, VOICE_KEY_PATH, params, signature);
  if (refused) return refused;
  const parsed = pressedKeySchema.safeParse(params);
  if (!parsed.success) return notACall(parsed.error);
  const { db } = context.services;
  const call = await db.phoneCall.findUnique({ where: { sid: parsed.data.CallSid } });
  if (!call || parsed.data.Digits !== "1") return success({ twiml: sayAndHangUp(ONLY_ONE_FOR_EMERGENCIES) });
  await raiseCallEmergency(context, call);
  announce(context, call);
  const onCall = await onCallAt(db, new Date());
  const numbers = [onCall.first, ...onCall.then].flatMap((p) => (p ? [p.phone] : []));
  if (!numbers.length) return success({ twiml: sayAndHangUp(ON_CALL_CALLS_BACK) });
  const response = new VoiceResponse();
  response.say(SAY, CONNECTING_ON_CALL);
  return success({ twiml: dialing(context, response, numbers, ON_CALL_RING_SECONDS) });
}

/**
 * The caller's emergency (1 pressed): an emergency booking for their record (a new one, named by the number, when
 * the number matched none), made once per call, in the transaction that marks the call.
 */
async function raiseCallEmergency(context: CallContext, call: PhoneCall): Promise<void> {
  const now = new Date();
  await inTransaction(context, async (tx, outbox) => {
    const marked = await tx.phoneCall.updateMany({
      where: { id: call.id, emergencyAt: null },
      data: { emergencyAt: now },
    });
    if (!marked.count) return;
    const shown = formatPhone(call.phone);
    const customerId = await recordForNumber(tx, call.phone, call.customerId ? { id: call.customerId } : null);
    const booking = await createBooking(
      tx,
      outbox,
      {
        customerId,
        summary: "Emergency call",
        details: [
          `Called the business's number and pressed 1 for an emergency, ${formatFullDateTime(now)}.`,
          `Phone: ${shown}`,
        ].join("\n"),
        priority: "emergency",
        scheduledDate: now,
        source: "phone",
        needsPlacing: true,
        emailCustomer: false,
      },
      { requestId: context.requestId, timing: context.services.env },
    );
    await tx.phoneCall.update({ where: { id: call.id }, data: { bookingId: booking.id, customerId } });
  });
}
