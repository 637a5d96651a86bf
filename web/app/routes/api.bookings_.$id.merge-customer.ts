import type { ActionFunctionArgs } from "@remix-run/node";
import { mergeBookingCustomer } from "@app/shared/booking/merge-customer.server";
import { apiError, apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { idFrom } from "@app/shared/api/values";

/**
 * POST /api/bookings/:id/merge-customer (admin): the booking's customer record
 * (a lead from the chat or an unverified account) joins the oldest other
 * record with the same email → `{ success, customerId, mergedCustomerId, message }`;
 * 409 when there is none to join. Audited.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const admin = await requireAdmin(request, context);
    const id = idFrom(params.id);
    if (!id) return apiError(404, "Booking not found");
    return apiResult(await mergeBookingCustomer(context, admin, id));
  });
}

export const loader = () => methodNotAllowed(["POST"]);
