import { registerSchema } from "@app/shared/api/auth";
import { signedIn } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.auth.register.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/auth/register",
  summary: "Create a customer account (a verification link is emailed)",
  access: "public",
  body: registerSchema,
  success: { status: 201, description: "Created and signed in", schema: signedIn },
  refusals: [409, 429],
});
