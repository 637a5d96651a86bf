import { invoiceParamsSchema } from "@app/shared/api/invoices";
import { ok } from "@app/shared/api/json-shapes.server";
import { invoiceJsonSchema } from "@app/shared/invoices/invoices.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.invoices_.$id.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/invoices/{id}",
  summary: "An invoice with its lines, payments, totals and balance due",
  access: "admin",
  params: invoiceParamsSchema,
  success: { status: 200, description: "The invoice", schema: ok({ invoice: invoiceJsonSchema }) },
  refusals: [401, 403, 404],
});
