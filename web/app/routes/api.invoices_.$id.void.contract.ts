import { invoiceParamsSchema } from "@app/shared/api/invoices";
import { ok } from "@app/shared/api/json-shapes.server";
import { invoiceJsonSchema } from "@app/shared/invoices/invoices.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.invoices_.$id.void.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/invoices/{id}/void",
  summary: "Void an invoice with nothing paid; its reminders are cancelled (audited)",
  access: "admin",
  params: invoiceParamsSchema,
  success: { status: 200, description: "Voided", schema: ok({ invoice: invoiceJsonSchema }) },
  refusals: [401, 403, 404, 409],
  storesNothingWhenRefused: true,
});
