import { pressedKeySchema, VOICE_KEY_PATH } from "@app/shared/api/calls";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.webhooks.twilio.voice_.key.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: VOICE_KEY_PATH,
  summary:
    "The key the caller pressed during the greeting: 1 makes an emergency booking and puts them through to whoever is on call. Verified by X-Twilio-Signature over APP_URL's address and the posted fields (403 otherwise, nothing stored); 404 when Twilio is not set up",
  access: "public",
  body: pressedKeySchema,
  bodyContentType: "application/x-www-form-urlencoded",
  success: { status: 200, description: "TwiML: what the caller hears next", contentType: "text/xml" },
  refusals: [403, 404],
  storesNothingWhenRefused: true,
});
