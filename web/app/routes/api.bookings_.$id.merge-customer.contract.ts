import { bookingIdParamsSchema } from "@app/shared/api/admin";
import { message, ok } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.bookings_.$id.merge-customer.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/bookings/{id}/merge-customer",
  summary:
    "Join the booking's customer record to the oldest other record with the same email (audited; the call is the confirmation; undone from the audit entry for 7 days)",
  access: "admin",
  params: bookingIdParamsSchema,
  success: {
    status: 200,
    description: "Merged",
    schema: ok({
      customerId: z.number().int(),
      mergedCustomerId: z.number().int(),
      auditId: z.number().int(),
      message,
    }),
  },
  refusals: [401, 403, 404, 409],
  storesNothingWhenRefused: true,
});
