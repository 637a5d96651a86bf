import type { ActionFunctionArgs } from "@remix-run/node";
import { idFrom } from "@app/shared/api/values";
import { voidEstimate } from "@app/shared/estimates/estimates.server";
import { apiError, apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { estimateParamsSchema } from "@app/shared/api/estimates";
import { estimateJson, ok } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/**
 * POST /api/estimates/{id}/void (admin): withdraws a draft or sent estimate; its link says so and the
 * email still owed is dropped → `{ success, estimate }`; 409 when approved, declined or void already.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const admin = await requireAdmin(request, context);
    const id = idFrom(params.id);
    if (!id) return apiError(404, "No such estimate");
    return apiResult(await voidEstimate(context, admin, id));
  });
}

export const loader = () => methodNotAllowed(["POST"]);

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/estimates/{id}/void",
  summary:
    "Withdraw a draft or sent estimate: its link says it was withdrawn and the email still owed is dropped (audited)",
  access: "admin",
  params: estimateParamsSchema,
  success: { status: 200, description: "Withdrawn", schema: ok({ estimate: estimateJson }) },
  refusals: [401, 403, 404, 409],
  storesNothingWhenRefused: true,
});
