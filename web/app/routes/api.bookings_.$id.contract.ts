import { bookingChangeSchema, bookingIdParamsSchema } from "@app/shared/api/admin";
import { message, ok } from "@app/shared/api/json-shapes.server";
import { bookingJson } from "@app/shared/booking/booking-json";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.bookings_.$id.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "PATCH",
  path: "/api/bookings/{id}",
  summary: "Change a booking's status, technician or time",
  access: "admin",
  params: bookingIdParamsSchema,
  body: bookingChangeSchema,
  success: { status: 200, description: "Changed", schema: ok({ booking: bookingJson, message }) },
  refusals: [401, 403, 404, 409],
  storesNothingWhenRefused: true,
});
