import type { ActionFunctionArgs } from "@remix-run/node";
import { mergeBookingCustomer } from "@app/shared/booking/merge-customer.server";
import { apiError, apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { idFrom } from "@app/shared/api/values";
import { bookingIdParamsSchema } from "@app/shared/api/admin";
import { message, ok } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

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

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
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
