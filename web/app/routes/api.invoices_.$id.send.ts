import type { ActionFunctionArgs } from "@remix-run/node";
import { idFrom } from "@app/shared/api/values";
import { sendInvoice } from "@app/shared/invoices/invoices.server";
import { purposeKeys } from "@app/shared/keys.server";
import { apiError, apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireRole } from "~/utils/auth.server";

/**
 * POST /api/invoices/{id}/send (admin, or the technician of the invoice's visit; 403 otherwise): emails the customer a new link and the PDF, and owes reminders
 * 7 and 14 days later while a balance is due (through the outbox) → `{ success, invoice }`; 409 when void.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    // An admin, or the technician of the invoice's visit (the service checks which visit).
    const staff = await requireRole(request, context, ["admin", "technician"]);
    const id = idFrom(params.id);
    if (!id) return apiError(404, "No such invoice");
    const key = purposeKeys(context.services.env.SESSION_SECRETS, "token-seal")[0]!;
    return apiResult(await sendInvoice(context, staff, id, key));
  });
}

export const loader = () => methodNotAllowed(["POST"]);
