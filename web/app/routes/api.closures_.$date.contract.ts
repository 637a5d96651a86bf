import { closureDateSchema } from "@app/shared/api/scheduling";
import { ok } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.closures_.$date.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "DELETE",
  path: "/api/closures/{date}",
  summary: "Open a closed day again (404 when it is not closed)",
  access: "admin",
  params: closureDateSchema,
  success: { status: 200, description: "Open again", schema: ok({}) },
  refusals: [401, 403, 404],
  storesNothingWhenRefused: true,
});
