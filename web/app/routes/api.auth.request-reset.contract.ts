import { requestResetSchema } from "@app/shared/api/auth";
import { okMessage } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.auth.request-reset.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/auth/request-reset",
  summary: "Email a password reset link (the same answer whether or not the account exists)",
  access: "public",
  body: requestResetSchema,
  success: { status: 200, description: "Requested", schema: okMessage },
  refusals: [429],
});
