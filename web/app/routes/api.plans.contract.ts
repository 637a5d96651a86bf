import { newPlanSchema, planQuerySchema } from "@app/shared/api/plans";
import { ok } from "@app/shared/api/json-shapes.server";
import { planJson } from "@app/shared/plans/plans.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.plans.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints(
  {
    method: "GET",
    path: "/api/plans",
    summary: "The maintenance plans (active first, then by yearly price; `active` filters)",
    access: "admin",
    query: planQuerySchema,
    success: { status: 200, description: "The plans", schema: ok({ plans: z.array(planJson) }) },
    refusals: [401, 403],
  },
  {
    method: "POST",
    path: "/api/plans",
    summary: "Add a maintenance plan (prices in whole cents; audited; 409 when another plan has the name)",
    access: "admin",
    body: newPlanSchema,
    success: { status: 201, description: "Added", schema: ok({ plan: planJson }) },
    refusals: [401, 403, 409],
    storesNothingWhenRefused: true,
  },
);
