import { apiUser, ok } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.auth.me.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/auth/me",
  summary: "The signed-in user",
  access: "signed-in",
  success: { status: 200, description: "The user", schema: ok({ user: apiUser }) },
  refusals: [401],
});
