import type { ActionFunctionArgs } from "@remix-run/node";
import { newEstimateSchema } from "@app/shared/api/estimates";
import { createEstimate } from "@app/shared/estimates/estimates.server";
import { apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * POST /api/estimates (admin) `{ bookingId, options: [{ name, discountCents?, items: [{ priceBookItemId?,
 * description?, quantity, unitPriceCents? }] }], depositPercent? }` → 201 `{ success, estimate }` with each
 * option's stored totals (docs/product.md#estimates).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const admin = await requireAdmin(request, context);
    const input = validate(newEstimateSchema, await readJsonObject(request));
    return apiResult(await createEstimate(context.services.db, admin, input));
  });
}

export const loader = () => methodNotAllowed(["POST"]);
