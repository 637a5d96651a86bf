import { resetPasswordSchema } from "@app/shared/api/auth";
import { okMessage } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.auth.reset-password.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/auth/reset-password",
  summary: "Set a new password with an emailed token; ends every session of the user",
  access: "public",
  body: resetPasswordSchema,
  success: { status: 200, description: "Changed", schema: okMessage },
  refusals: [429],
});
