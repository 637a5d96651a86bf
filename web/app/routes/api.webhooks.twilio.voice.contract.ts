import { inboundCallSchema, VOICE_WEBHOOK_PATH } from "@app/shared/api/calls";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.webhooks.twilio.voice.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: VOICE_WEBHOOK_PATH,
  summary:
    "A call to the business's number, from Twilio: stored once per Call SID; in office hours the office's phones ring for 20 seconds, else the greeting answers (1 for an emergency) and the caller is texted back. Verified by X-Twilio-Signature over APP_URL's address and the posted fields (403 otherwise, nothing stored); 404 when Twilio is not set up",
  access: "public",
  body: inboundCallSchema,
  bodyContentType: "application/x-www-form-urlencoded",
  success: { status: 200, description: "TwiML: what the caller hears next", contentType: "text/xml" },
  refusals: [403, 404],
  storesNothingWhenRefused: true,
});
