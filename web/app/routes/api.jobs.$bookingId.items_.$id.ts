import type { ActionFunctionArgs } from "@remix-run/node";
import { idFrom } from "@app/shared/api/values";
import { removeJobItem } from "@app/shared/job-record/job-record.server";
import { apiError, apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireRole } from "~/utils/auth.server";

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
