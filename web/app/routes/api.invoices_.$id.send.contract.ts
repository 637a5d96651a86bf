import { invoiceParamsSchema } from "@app/shared/api/invoices";
import { ok } from "@app/shared/api/json-shapes.server";
import { invoiceJsonSchema } from "@app/shared/invoices/invoices.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.invoices_.$id.send.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/invoices/{id}/send",
  summary:
    "Email the customer the invoice's PDF and a new link to view and pay it; reminders 7 and 14 days later while a balance is due (audited). Admins, or the technician of the invoice's visit (403 any other)",
  access: "staff",
  params: invoiceParamsSchema,
  success: { status: 200, description: "Sent", schema: ok({ invoice: invoiceJsonSchema }) },
  refusals: [401, 403, 404, 409],
  storesNothingWhenRefused: true,
});
