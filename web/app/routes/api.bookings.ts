import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { bookingListQuerySchema, NEW_BOOKING_MISSING_MESSAGE, newBookingSchema } from "@app/shared/api/admin";
import { listBookings } from "~/features/bookings/bookings-list.server";
import { createBookingForCustomer } from "@app/shared/booking/create-booking.server";
import { apiHandler, apiResult, jsonResponse, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { z } from "@app/shared/zod";
import { bookingJson, message, ok } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/**
 * GET /api/bookings (admin): an array, newest first. Page with `limit` (≤ 500)
 * and `cursor` (the `X-Next-Cursor` header of the previous page); range with
 * `from`/`to` (scheduledDate, ISO 8601); filter with `status`, `priority`, `customerId`.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    const query = validate(
      bookingListQuerySchema,
      Object.fromEntries(new URL(request.url).searchParams),
      "Invalid query",
    );
    const { bookings, nextCursor } = await listBookings(context, query);
    return jsonResponse(bookings, { headers: nextCursor ? { "X-Next-Cursor": nextCursor } : {} });
  });
}

/** POST /api/bookings (admin): a new pending booking for an existing customer. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    await requireAdmin(request, context);
    const input = validate(newBookingSchema, await readJsonObject(request), NEW_BOOKING_MISSING_MESSAGE);
    return apiResult(await createBookingForCustomer(context, input, "api"));
  });
}

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
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
