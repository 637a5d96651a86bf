import { loginSchema } from "@app/shared/api/auth";
import { signedIn } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.auth.login.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/auth/login",
  summary: "Sign in; answers a bearer token",
  access: "public",
  body: loginSchema,
  success: { status: 200, description: "Signed in", schema: signedIn },
  refusals: [401, 403, 429],
});
