import { okMessage } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.auth.logout.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/auth/logout",
  summary: "End the session of the bearer token or cookie sent",
  access: "public",
  success: { status: 200, description: "Signed out (also when there was no session)", schema: okMessage },
  refusals: [],
});
