import { newCustomerSchema } from "@app/shared/api/admin";
import { message, ok } from "@app/shared/api/json-shapes.server";
import { customerJson } from "@app/shared/booking/booking-json";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.customers.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/customers",
  summary: "A new customer",
  access: "admin",
  body: newCustomerSchema,
  success: { status: 201, description: "Created", schema: ok({ customer: customerJson, message }) },
  refusals: [401, 403],
  storesNothingWhenRefused: true,
});
