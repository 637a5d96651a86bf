import { customerChangeSchema, customerIdParamsSchema } from "@app/shared/api/customers";
import { customerMoneyJson, customerRecordJson, message, ok } from "@app/shared/api/json-shapes.server";
import { bookingJson } from "@app/shared/booking/booking-json";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.customers_.$id.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints(
  {
    method: "GET",
    path: "/api/customers/{id}",
    summary:
      "A customer's record: their details, every visit, newest first, their newest 20 estimates and 20 invoices, and what they owe",
    access: "admin",
    params: customerIdParamsSchema,
    success: {
      status: 200,
      description: "The customer",
      schema: ok({ customer: customerRecordJson, bookings: z.array(bookingJson), ...customerMoneyJson }),
    },
    refusals: [401, 403, 404],
  },
  {
    method: "PATCH",
    path: "/api/customers/{id}",
    summary: "Change a customer's name, email, phone or address (audited with from and to)",
    access: "admin",
    params: customerIdParamsSchema,
    body: customerChangeSchema,
    success: { status: 200, description: "Changed", schema: ok({ customer: customerRecordJson, message }) },
    refusals: [401, 403, 404, 409],
    storesNothingWhenRefused: true,
  },
);
