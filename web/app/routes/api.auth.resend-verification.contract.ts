import { okMessage } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.auth.resend-verification.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/auth/resend-verification",
  summary: "Email a new verification link",
  access: "signed-in",
  success: { status: 200, description: "Sent", schema: okMessage },
  refusals: [401, 409, 429],
});
