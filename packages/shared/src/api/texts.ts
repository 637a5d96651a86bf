import { z } from "../zod";
import { E164_PATTERN } from "../texts/phone";

/**
 * What Twilio posts to the texts' webhooks (docs/product.md#texts), form-encoded and signed in
 * `X-Twilio-Signature`: the fields the app reads, the rest (FromCity, NumMedia…) allowed and ignored.
 */
const messageSid = z.string().regex(/^(SM|MM)[0-9a-fA-F]{32}$/, "must be a Message SID");
const phone = z.string().regex(E164_PATTERN, "must be a number in E.164");

/** Where Twilio posts a text to the business's number, and what became of a text we sent (APP_URL's paths). */
export const SMS_WEBHOOK_PATH = "/api/webhooks/twilio/sms";
export const STATUS_WEBHOOK_PATH = "/api/webhooks/twilio/status";

/** POST /api/webhooks/twilio/sms: a text to the business's number. */
export const inboundTextSchema = z.looseObject({
  MessageSid: messageSid,
  From: phone,
  To: phone,
  Body: z.string().max(1_600, "must be at most 1600 characters"),
});

/** POST /api/webhooks/twilio/status: what became of a text we sent. */
export const textStatusSchema = z.looseObject({
  MessageSid: messageSid,
  MessageStatus: z.enum([
    "accepted",
    "scheduled",
    "queued",
    "sending",
    "sent",
    "delivered",
    "undelivered",
    "failed",
    "receiving",
    "received",
    "read",
    "canceled",
  ]),
  ErrorCode: z
    .string()
    .regex(/^\d{1,6}$/)
    .optional(),
});
