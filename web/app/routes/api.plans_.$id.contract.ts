import { planChangeSchema, planParamsSchema } from "@app/shared/api/plans";
import { ok } from "@app/shared/api/json-shapes.server";
import { planJson } from "@app/shared/plans/plans.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.plans_.$id.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "PATCH",
  path: "/api/plans/{id}",
  summary:
    "Change a maintenance plan, or take it off /plans with `active: false` (audited with from and to; 409 when another plan has the name)",
  access: "admin",
  params: planParamsSchema,
  body: planChangeSchema,
  success: { status: 200, description: "Changed", schema: ok({ plan: planJson }) },
  refusals: [401, 403, 404, 409],
  storesNothingWhenRefused: true,
});
