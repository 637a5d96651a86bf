import type { ActionFunctionArgs } from "@remix-run/node";
import { newJobItemSchema } from "@app/shared/api/job-record";
import { idFrom } from "@app/shared/api/values";
import { addJobItem } from "@app/shared/job-record/job-record.server";
import { apiError, apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireRole } from "~/utils/auth.server";
import { jobParamsSchema } from "@app/shared/api/job-record";
import { jobItemJson, message, ok } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/**
 * POST /api/jobs/{bookingId}/items (the visit's technician, or an admin) `{ priceBookItemId?,
 * description?, unitPriceCents?, quantityHundredths, taxable? }`: 201 `{ success, item, message }`
 * with its line total in cents, audited (docs/product.md#job-record).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const viewer = await requireRole(request, context, ["technician", "admin"]);
    const bookingId = idFrom(params.bookingId);
    if (!bookingId) return apiError(404, "Visit not found");
    const input = validate(newJobItemSchema, await readJsonObject(request));
    return apiResult(await addJobItem(context.services.db, viewer, bookingId, input));
  });
}

export const loader = () => methodNotAllowed(["POST"]);

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/jobs/{bookingId}/items",
  summary: "Add an item on site: from the price book, or written in with its price in cents (audited)",
  access: "staff",
  params: jobParamsSchema,
  body: newJobItemSchema,
  success: { status: 201, description: "Added", schema: ok({ item: jobItemJson, message }) },
  refusals: [401, 403, 404],
  storesNothingWhenRefused: true,
});
