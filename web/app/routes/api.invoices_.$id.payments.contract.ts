import { invoiceParamsSchema } from "@app/shared/api/invoices";
import { recordPaymentSchema } from "@app/shared/api/payments";
import { ok } from "@app/shared/api/json-shapes.server";
import { invoicePaymentJson, paymentJsonSchema } from "@app/shared/payments/apply-payment.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.invoices_.$id.payments.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
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
    schema: ok({ payment: paymentJsonSchema, invoice: invoicePaymentJson }),
  },
  refusals: [401, 403, 404, 409],
  storesNothingWhenRefused: true,
});
