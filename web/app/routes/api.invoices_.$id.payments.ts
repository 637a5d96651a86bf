import type { ActionFunctionArgs } from "@remix-run/node";
import { recordPaymentSchema } from "@app/shared/api/payments";
import { idFrom } from "@app/shared/api/values";
import { recordInvoicePayment } from "@app/shared/payments/payments.server";
import { apiError, apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireRole } from "~/utils/auth.server";

/**
 * POST /api/invoices/{id}/payments (admin, or the technician of the invoice's visit; 403 otherwise) `{ method: "cash" | "check" | "other", amountCents, reference? }`
 * → 201 `{ success, payment, invoice: { id, number, status, paidCents, balanceCents, totalCents } }`; 400 over
 * the balance due, 409 on a draft, void or paid invoice (docs/product.md#payments). Audited; the receipt
 * is emailed through the outbox.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    // An admin, or the technician of the invoice's visit (the service checks which visit).
    const staff = await requireRole(request, context, ["admin", "technician"]);
    const id = idFrom(params.id);
    if (!id) return apiError(404, "No such invoice");
    const input = validate(recordPaymentSchema, await readJsonObject(request));
    return apiResult(await recordInvoicePayment(context, staff, id, input), ({ payment, invoice }) => ({
      payment,
      invoice,
    }));
  });
}

export const loader = () => methodNotAllowed(["POST"]);
