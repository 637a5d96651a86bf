import { bookingListQuerySchema, newBookingSchema } from "@app/shared/api/admin";
import { z } from "@app/shared/zod";
import { message, ok } from "@app/shared/api/json-shapes.server";
import { bookingJson } from "@app/shared/booking/booking-json";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.bookings.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints(
  {
    method: "GET",
    path: "/api/bookings",
    summary: "Bookings, newest first; the next page's cursor is in the X-Next-Cursor header",
    access: "admin",
    query: bookingListQuerySchema,
    success: { status: 200, description: "An array of bookings", schema: z.array(bookingJson) },
    refusals: [401, 403],
  },
  {
    method: "POST",
    path: "/api/bookings",
    summary: "A new booking for an existing customer",
    access: "admin",
    body: newBookingSchema,
    success: { status: 201, description: "Created", schema: ok({ booking: bookingJson, message }) },
    refusals: [401, 403, 404, 409],
    storesNothingWhenRefused: true,
  },
);
