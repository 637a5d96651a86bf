import { customerSearchQuerySchema } from "@app/shared/api/admin";
import { z } from "@app/shared/zod";
import { customerJson } from "@app/shared/booking/booking-json";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.customers_.search.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/customers/search",
  summary: "Customers by part of a name or email, or by ids",
  access: "admin",
  query: customerSearchQuerySchema,
  success: { status: 200, description: "An array of customers", schema: z.array(customerJson) },
  refusals: [401, 403],
});
