import { invoiceListQuerySchema, newInvoiceSchema } from "@app/shared/api/invoices";
import { invoiceListRow, nextCursor, ok } from "@app/shared/api/json-shapes.server";
import { invoiceJsonSchema } from "@app/shared/invoices/invoices.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.invoices.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints(
  {
    method: "GET",
    path: "/api/invoices",
    summary:
      "Invoices, newest first, 25 a page: by status or unpaid (sent or partially paid), and by q (a customer as the staff search finds one, or an invoice's number); the next page's cursor in nextCursor",
    access: "admin",
    query: invoiceListQuerySchema,
    success: {
      status: 200,
      description: "A page of invoices",
      schema: ok({ invoices: z.array(invoiceListRow), nextCursor }),
    },
    refusals: [401, 403],
  },
  {
    method: "POST",
    path: "/api/invoices",
    summary:
      "A draft invoice of a visit (its newest approved estimate and its job-record items) or of an approved estimate; totals computed and stored, the estimate's deposit credited (audited)",
    access: "admin",
    body: newInvoiceSchema,
    success: { status: 201, description: "Made", schema: ok({ invoice: invoiceJsonSchema }) },
    refusals: [401, 403, 409],
    storesNothingWhenRefused: true,
  },
);
