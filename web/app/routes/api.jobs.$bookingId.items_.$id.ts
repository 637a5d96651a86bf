import type { ActionFunctionArgs } from "@remix-run/node";
import { idFrom } from "@app/shared/api/values";
import { removeJobItem } from "@app/shared/job-record/job-record.server";
import { apiError, apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireRole } from "~/utils/auth.server";
import { jobItemParamsSchema } from "@app/shared/api/job-record";
import { message, ok } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** DELETE /api/jobs/{bookingId}/items/{id} (the visit's technician, or an admin): `{ success, removed, message }`, audited. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    const viewer = await requireRole(request, context, ["technician", "admin"]);
    const bookingId = idFrom(params.bookingId);
    const id = idFrom(params.id);
    if (!bookingId) return apiError(404, "Visit not found");
    if (!id) return apiError(404, "No such item on this visit");
    return apiResult(await removeJobItem(context.services.db, viewer, bookingId, id));
  });
}

export const loader = () => methodNotAllowed(["DELETE"]);

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "DELETE",
  path: "/api/jobs/{bookingId}/items/{id}",
  summary: "Remove an item added on site (audited)",
  access: "staff",
  params: jobItemParamsSchema,
  success: { status: 200, description: "Removed", schema: ok({ removed: z.literal(true), message }) },
  refusals: [401, 403, 404],
  storesNothingWhenRefused: true,
});
