import { estimateChangesSchema, estimateParamsSchema } from "@app/shared/api/estimates";
import { ok } from "@app/shared/api/json-shapes.server";
import { estimateJsonSchema } from "@app/shared/estimates/estimates.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.estimates_.$id.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints(
  {
    method: "GET",
    path: "/api/estimates/{id}",
    summary: "An estimate with every option's lines and totals",
    access: "admin",
    params: estimateParamsSchema,
    success: { status: 200, description: "The estimate", schema: ok({ estimate: estimateJsonSchema }) },
    refusals: [401, 403, 404],
  },
  {
    method: "PUT",
    path: "/api/estimates/{id}",
    summary:
      "A draft's options (1–3 of 1–30 items) and deposit written anew, priced at the rate in force (audited); what it is for stays; 409 once sent, approved, declined or withdrawn",
    access: "admin",
    params: estimateParamsSchema,
    body: estimateChangesSchema,
    success: { status: 200, description: "Updated", schema: ok({ estimate: estimateJsonSchema }) },
    refusals: [401, 403, 404, 409],
    storesNothingWhenRefused: true,
  },
);
