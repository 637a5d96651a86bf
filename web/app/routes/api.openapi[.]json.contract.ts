import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.openapi[.]json.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/openapi.json",
  summary: "This document",
  access: "public",
  success: { status: 200, description: "The OpenAPI 3.1 document of the JSON API" },
  refusals: [],
});
