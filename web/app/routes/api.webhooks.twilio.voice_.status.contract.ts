import { callOutcomeSchema, VOICE_STATUS_PATH } from "@app/shared/api/calls";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.webhooks.twilio.voice_.status.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: VOICE_STATUS_PATH,
  summary:
    "What became of ringing the office (the Dial's action, DialCallStatus) or of the call (its status callback): answered ends the call, otherwise the greeting and the text-back. Verified by X-Twilio-Signature over APP_URL's address and the posted fields (403 otherwise, nothing stored); 404 when Twilio is not set up",
  access: "public",
  body: callOutcomeSchema,
  bodyContentType: "application/x-www-form-urlencoded",
  success: { status: 200, description: "TwiML: what the caller hears next", contentType: "text/xml" },
  refusals: [403, 404],
  storesNothingWhenRefused: true,
});
