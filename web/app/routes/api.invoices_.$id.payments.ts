import type { ActionFunctionArgs } from "@remix-run/node";
import { recordPaymentSchema } from "@app/shared/api/payments";
import { idFrom } from "@app/shared/api/values";
import { recordInvoicePayment } from "@app/shared/payments/payments.server";
import { apiError, apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireRole } from "~/utils/auth.server";
import { invoiceParamsSchema } from "@app/shared/api/invoices";
import { invoicePaymentJson, ok, paymentJson } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

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

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/invoices/{id}/payments",
  summary:
    "Record a payment received by hand (cash, check, other) of up to the balance due; the invoice becomes partially paid or paid, the customer is emailed a receipt (audited). Admins, or the technician of the invoice's visit collecting on site (403 any other)",
  access: "staff",
  params: invoiceParamsSchema,
  body: recordPaymentSchema,
  success: {
    status: 201,
    description: "Recorded",
    schema: ok({ payment: paymentJson, invoice: invoicePaymentJson }),
  },
  refusals: [401, 403, 404, 409],
  storesNothingWhenRefused: true,
});
