import type { ActionFunctionArgs } from "@remix-run/node";
import { statusChangeSchema } from "@app/shared/api/admin";
import { serializeBooking, updateBookingStatus } from "~/features/bookings/bookings.server";
import {
  apiError,
  apiHandler,
  jsonResponse,
  methodNotAllowed,
  positiveId,
  readJsonObject,
  validate,
} from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** PATCH /api/bookings/:id (admin) {status}: any status may follow any status. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    const admin = await requireAdmin(request, context);
    const id = positiveId(params.id);
    if (!id) return apiError(404, "Booking not found");
    const { status } = validate(statusChangeSchema, await readJsonObject(request));
    const updated = await updateBookingStatus(context, id, status, admin);
    if (!updated) return apiError(404, "Booking not found");
    return jsonResponse({
      success: true,
      booking: serializeBooking(updated.booking),
      message: "Booking status updated successfully",
    });
  });
}

export const loader = () => methodNotAllowed(["PATCH"]);
