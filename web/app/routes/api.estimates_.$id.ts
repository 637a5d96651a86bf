import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { estimateChangesSchema } from "@app/shared/api/estimates";
import { idFrom } from "@app/shared/api/values";
import { readEstimate, updateEstimate } from "@app/shared/estimates/estimates.server";
import { apiError, apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { estimateParamsSchema } from "@app/shared/api/estimates";
import { estimateJson, ok } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** GET /api/estimates/{id} (admin): `{ success, estimate }`, every option with its lines and totals; 404 for none. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    const id = idFrom(params.id);
    if (!id) return apiError(404, "No such estimate");
    return apiResult(await readEstimate(context.services.db, id));
  });
}

/**
 * PUT /api/estimates/{id} (admin) `{ options: [...], depositPercent? }` (as POST /api/estimates, without
 * bookingId or customerId) → `{ success, estimate }`: a draft's options and deposit written anew; 409 once
 * it is sent, approved, declined or withdrawn (docs/product.md#estimates).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
    const admin = await requireAdmin(request, context);
    const id = idFrom(params.id);
    if (!id) return apiError(404, "No such estimate");
    const input = validate(estimateChangesSchema, await readJsonObject(request));
    return apiResult(await updateEstimate(context, admin, id, input));
  });
}

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints(
  {
    method: "GET",
    path: "/api/estimates/{id}",
    summary: "An estimate with every option's lines and totals",
    access: "admin",
    params: estimateParamsSchema,
    success: { status: 200, description: "The estimate", schema: ok({ estimate: estimateJson }) },
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
    success: { status: 200, description: "Updated", schema: ok({ estimate: estimateJson }) },
    refusals: [401, 403, 404, 409],
    storesNothingWhenRefused: true,
  },
);
