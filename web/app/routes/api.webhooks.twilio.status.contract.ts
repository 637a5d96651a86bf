import { STATUS_WEBHOOK_PATH, textStatusSchema } from "@app/shared/api/texts";
import { okMessage } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.webhooks.twilio.status.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: STATUS_WEBHOOK_PATH,
  summary:
    "What became of a text we sent, from Twilio: verified by X-Twilio-Signature (403 otherwise, nothing changed); the text's state and error code recorded, never moving back; 404 when texts are not set up",
  access: "public",
  body: textStatusSchema,
  bodyContentType: "application/x-www-form-urlencoded",
  success: { status: 200, description: "Recorded, or nothing to change", schema: okMessage },
  refusals: [403, 404],
  storesNothingWhenRefused: true,
});
