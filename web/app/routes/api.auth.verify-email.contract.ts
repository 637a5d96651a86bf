import { verifyEmailSchema } from "@app/shared/api/auth";
import { okMessage } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.auth.verify-email.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/auth/verify-email",
  summary: "Confirm an email address with the emailed token",
  access: "public",
  body: verifyEmailSchema,
  success: { status: 200, description: "Confirmed", schema: okMessage },
  refusals: [429],
});
