import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { newEstimateSchema } from "@app/shared/api/estimates";
import { createEstimate } from "@app/shared/estimates/estimates.server";
import { listEstimates } from "~/features/estimates/estimates-list.server";
import { apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/estimates?status=&q=&cursor=&limit= (admin) → `{ success, estimates: [{ id, number, status,
 * customer: { id, name }, bookingId, totalCents, maxTotalCents, createdAt, sentAt, approvedAt }], nextCursor }`,
 * newest first, 25 a page (limit 1–100); `q` finds a customer as the staff search does, or an estimate's
 * number; 400 naming the field for a bad status, cursor or limit (docs/product.md#estimates).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    return apiResult(await listEstimates(context, Object.fromEntries(new URL(request.url).searchParams)));
  });
}

/**
 * POST /api/estimates (admin) `{ bookingId, options: [{ name, discountCents?, items: [{ priceBookItemId?,
 * description?, quantity, unitPriceCents? }] }], depositPercent? }` → 201 `{ success, estimate }` with each
 * option's stored totals (docs/product.md#estimates).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const admin = await requireAdmin(request, context);
    const input = validate(newEstimateSchema, await readJsonObject(request));
    return apiResult(await createEstimate(context.services.db, admin, input));
  });
}
