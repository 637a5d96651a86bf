import type { ActionFunctionArgs } from "@remix-run/node";
import { bookingChangeSchema } from "@app/shared/api/admin";
import { serializeBooking } from "@app/shared/booking/booking-json";
import { moveVisit } from "@app/shared/booking/move-visit.server";
import { apiError, apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { idFrom } from "@app/shared/api/values";

/**
 * PATCH /api/bookings/:id (admin) {status?, technicianId?, scheduledDate?}:
 * the status follows the visit's state machine for staff
 * (packages/shared/src/booking/visit-status.ts; a refused change answers 409 with why);
 * a technician who already has a visit at that time answers 409 with which visit, the
 * technicians free then and the technician's nearest open windows (`moveVisit`,
 * docs/product.md#moving-a-visit).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    const admin = await requireAdmin(request, context);
    const id = idFrom(params.id);
    if (!id) return apiError(404, "Booking not found");
    const changes = validate(bookingChangeSchema, await readJsonObject(request));
    return apiResult(await moveVisit(context, id, changes, admin), ({ booking }) => ({
      booking: serializeBooking(booking),
      message:
        changes.status && Object.keys(changes).length === 1
          ? "Booking status updated successfully"
          : "Booking updated successfully",
    }));
  });
}

export const loader = () => methodNotAllowed(["PATCH"]);
