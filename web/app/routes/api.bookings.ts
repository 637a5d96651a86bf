import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { bookingListQuerySchema, NEW_BOOKING_MISSING_MESSAGE, newBookingSchema } from "@app/shared/api/admin";
import { listBookings } from "~/features/bookings/bookings-list.server";
import { createBookingForCustomer } from "@app/shared/booking/create-booking.server";
import { apiHandler, apiResult, jsonResponse, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

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
