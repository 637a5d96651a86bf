import { paymentsExportQuerySchema } from "@app/shared/api/reports";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.payments_.export[.]csv.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/payments/export.csv",
  summary:
    "The payments received from one Baton Rouge day to another (this month by default) as CSV: date, invoice or estimate number, customer, method, amount in dollars, reference; streamed up to 20,000 rows, past that 202 and emailed as a link",
  access: "admin",
  query: paymentsExportQuerySchema,
  success: { status: 200, description: "CSV, every cell quoted", contentType: "text/csv" },
  refusals: [401, 403],
});
