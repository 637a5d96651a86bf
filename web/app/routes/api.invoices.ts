import type { ActionFunctionArgs } from "@remix-run/node";
import { newInvoiceSchema } from "@app/shared/api/invoices";
import { createInvoice } from "@app/shared/invoices/invoices.server";
import { apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * POST /api/invoices (admin) `{ bookingId }` or `{ estimateId }` → 201 `{ success, invoice }`: a draft
 * of the approved option and the visit's job-record items, totals stored; 409 when there is nothing to
 * bill, the estimate is not approved, or a live invoice bills it already (docs/product.md#invoices).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const admin = await requireAdmin(request, context);
    const input = validate(newInvoiceSchema, await readJsonObject(request));
    return apiResult(await createInvoice(context, admin, input));
  });
}

export const loader = () => methodNotAllowed(["POST"]);
