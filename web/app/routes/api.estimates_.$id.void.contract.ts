import { estimateParamsSchema } from "@app/shared/api/estimates";
import { ok } from "@app/shared/api/json-shapes.server";
import { estimateJsonSchema } from "@app/shared/estimates/estimates.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.estimates_.$id.void.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/estimates/{id}/void",
  summary:
    "Withdraw a draft or sent estimate: its link says it was withdrawn and the email still owed is dropped (audited)",
  access: "admin",
  params: estimateParamsSchema,
  success: { status: 200, description: "Withdrawn", schema: ok({ estimate: estimateJsonSchema }) },
  refusals: [401, 403, 404, 409],
  storesNothingWhenRefused: true,
});
