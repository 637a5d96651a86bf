import type { ActionFunctionArgs } from "@remix-run/node";
import { recordPaymentSchema } from "@app/shared/api/payments";
import { idFrom } from "@app/shared/api/values";
import { recordInvoicePayment } from "@app/shared/payments/payments.server";
import { apiError, apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * POST /api/invoices/{id}/payments (admin) `{ method: "cash" | "check" | "other", amountCents, reference? }`
 * → 201 `{ success, payment, invoice: { id, number, status, paidCents, balanceCents, totalCents } }`; 400 over
 * the balance due, 409 on a draft, void or paid invoice (docs/product.md#payments). Audited; the receipt
 * is emailed through the outbox.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const admin = await requireAdmin(request, context);
    const id = idFrom(params.id);
    if (!id) return apiError(404, "No such invoice");
    const input = validate(recordPaymentSchema, await readJsonObject(request));
    return apiResult(await recordInvoicePayment(context, admin, id, input), ({ payment, invoice }) => ({
      payment,
      invoice,
    }));
  });
}

export const loader = () => methodNotAllowed(["POST"]);
