import { z } from "../zod";

/**
 * What Twilio posts to the calls' webhooks (docs/product.md#calls), form-encoded and signed in
 * `X-Twilio-Signature`: the fields the app reads, the rest (Called, CallerCity, ApiVersion…) allowed and ignored.
 */
const callSid = z.string().regex(/^CA[0-9a-fA-F]{32}$/, "must be a Call SID");
/** The caller as Twilio gives it: E.164 mostly, but "anonymous", "+266696687" (withheld) or a client name too. */
const caller = z.string().min(1).max(64);
const callStatus = z.enum([
  "queued",
  "initiated",
  "ringing",
  "in-progress",
  "completed",
  "busy",
  "no-answer",
  "failed",
  "canceled",
]);

/** Where Twilio posts a call to the business's number, the outcome of ringing the office (and the call's end), and a key pressed. */
export const VOICE_WEBHOOK_PATH = "/api/webhooks/twilio/voice";
export const VOICE_STATUS_PATH = "/api/webhooks/twilio/voice/status";
export const VOICE_KEY_PATH = "/api/webhooks/twilio/voice/key";

/** POST /api/webhooks/twilio/voice: a call to the business's number. */
export const inboundCallSchema = z.looseObject({
  CallSid: callSid,
  From: caller,
  To: caller,
  CallStatus: callStatus,
});

/**
 * POST /api/webhooks/twilio/voice/status: the `<Dial>`'s action when ringing the office ended (DialCallStatus), or
 * the call's own status callback when it ended (CallStatus completed, busy, no-answer, failed, canceled).
 */
export const callOutcomeSchema = z.looseObject({
  CallSid: callSid,
  CallStatus: callStatus,
  DialCallStatus: z.enum(["completed", "answered", "busy", "no-answer", "failed", "canceled"]).optional(),
});

/** POST /api/webhooks/twilio/voice/key: the key the caller pressed during the greeting (1: an emergency). */
export const pressedKeySchema = z.looseObject({
  CallSid: callSid,
  Digits: z
    .string()
    .regex(/^[0-9*#]{0,10}$/, "must be the keys pressed")
    .optional(),
});

/** /admin/calls' form: staff called a missed caller back (docs/product.md#calls). */
export const calledBackFormSchema = z.object({
  intent: z.literal("called-back", { error: "Unknown action." }),
  callId: z.coerce.number({ error: "Unknown call." }).int("Unknown call.").positive("Unknown call."),
});
