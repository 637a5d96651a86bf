import { inboundTextSchema, SMS_WEBHOOK_PATH } from "@app/shared/api/texts";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.webhooks.twilio.sms.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: SMS_WEBHOOK_PATH,
  summary:
    "A text to the business's number, from Twilio: verified by X-Twilio-Signature over APP_URL's address and the posted fields (403 otherwise, nothing stored), stored once per MessageSid; STOP, START and HELP (and their synonyms) answered in TwiML; 404 when texts are not set up",
  access: "public",
  body: inboundTextSchema,
  bodyContentType: "application/x-www-form-urlencoded",
  success: { status: 200, description: "TwiML: the reply, or none", contentType: "text/xml" },
  refusals: [403, 404],
  storesNothingWhenRefused: true,
});
