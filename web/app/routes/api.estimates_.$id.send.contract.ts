import { estimateParamsSchema } from "@app/shared/api/estimates";
import { ok } from "@app/shared/api/json-shapes.server";
import { estimateJsonSchema } from "@app/shared/estimates/estimates.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.estimates_.$id.send.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/estimates/{id}/send",
  summary:
    "Email the customer the estimate's PDF and a new link to approve it (valid 30 days); a draft becomes sent (audited)",
  access: "admin",
  params: estimateParamsSchema,
  success: { status: 200, description: "Sent", schema: ok({ estimate: estimateJsonSchema }) },
  refusals: [401, 403, 404, 409],
  storesNothingWhenRefused: true,
});
