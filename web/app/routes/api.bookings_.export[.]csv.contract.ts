import { bookingsExportSchema } from "@app/shared/api/exports";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.bookings_.export[.]csv.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/bookings/export.csv",
  summary:
    "The bookings list as CSV, newest first, with the list's search, status, priority, customer and scheduled days; streamed up to 20,000 rows, past that 202 and emailed to the asker as a link (docs/decisions/022-exports-that-finish.md)",
  access: "admin",
  query: bookingsExportSchema,
  success: { status: 200, description: "CSV, every cell quoted, streamed", contentType: "text/csv" },
  refusals: [401, 403],
});
