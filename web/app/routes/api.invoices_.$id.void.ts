import type { ActionFunctionArgs } from "@remix-run/node";
import { idFrom } from "@app/shared/api/values";
import { voidInvoice } from "@app/shared/invoices/invoices.server";
import { apiError, apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * POST /api/invoices/{id}/void (admin): an invoice with nothing paid becomes void, its reminders
 * cancelled → `{ success, invoice }`; 409 when it has payments or is void already.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const admin = await requireAdmin(request, context);
    const id = idFrom(params.id);
    if (!id) return apiError(404, "No such invoice");
    return apiResult(await voidInvoice(context, admin, id));
  });
}

export const loader = () => methodNotAllowed(["POST"]);
