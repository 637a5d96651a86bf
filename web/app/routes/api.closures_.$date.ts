import type { ActionFunctionArgs } from "@remix-run/node";
import { closureDateSchema } from "@app/shared/api/scheduling";
import { removeClosure } from "@app/shared/scheduling/closures.server";
import { apiError, apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * DELETE /api/closures/{date} (admin): the day is open again, `{ success }`; 404 when it is not
 * closed (docs/product.md#closed-days). A holiday removed stays removed: next year's holidays are
 * added, never this one again.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    const admin = await requireAdmin(request, context);
    const parsed = closureDateSchema.safeParse({ date: params.date });
    if (!parsed.success) return apiError(404, "No closure on that day");
    return apiResult(await removeClosure(context.services.db, admin, parsed.data.date), () => ({}));
  });
}

export const loader = () => methodNotAllowed(["DELETE"]);
