import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { newEstimateSchema } from "@app/shared/api/estimates";
import { createEstimate } from "@app/shared/estimates/estimates.server";
import { listEstimates } from "~/features/estimates/estimates-list.server";
import { apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { estimateListQuerySchema } from "@app/shared/api/estimates";
import { estimateJson, estimateListRow, nextCursor, ok } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

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

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints(
  {
    method: "GET",
    path: "/api/estimates",
    summary:
      "Estimates, newest first, 25 a page: by status, and by q (a customer as the staff search finds one, or an estimate's number); the next page's cursor in nextCursor",
    access: "admin",
    query: estimateListQuerySchema,
    success: {
      status: 200,
      description: "A page of estimates",
      schema: ok({ estimates: z.array(estimateListRow), nextCursor }),
    },
    refusals: [401, 403],
  },
  {
    method: "POST",
    path: "/api/estimates",
    summary:
      "A draft estimate of a visit (bookingId), or of a customer without a visit (customerId): 1–3 options of 1–30 items (from the price book or written in); totals computed and stored (audited)",
    access: "admin",
    body: newEstimateSchema,
    success: { status: 201, description: "Made", schema: ok({ estimate: estimateJson }) },
    refusals: [401, 403],
    storesNothingWhenRefused: true,
  },
);
