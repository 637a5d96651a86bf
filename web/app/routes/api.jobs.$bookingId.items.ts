import type { ActionFunctionArgs } from "@remix-run/node";
import { newJobItemSchema } from "@app/shared/api/job-record";
import { idFrom } from "@app/shared/api/values";
import { addJobItem } from "@app/shared/job-record/job-record.server";
import { apiError, apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireRole } from "~/utils/auth.server";

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
