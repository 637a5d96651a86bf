import type { ActionFunctionArgs } from "@remix-run/node";
import { idFrom } from "@app/shared/api/values";
import { voidEstimate } from "@app/shared/estimates/estimates.server";
import { apiError, apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * POST /api/estimates/{id}/void (admin): withdraws a draft or sent estimate; its link says so and the
 * email still owed is dropped → `{ success, estimate }`; 409 when approved, declined or void already.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const admin = await requireAdmin(request, context);
    const id = idFrom(params.id);
    if (!id) return apiError(404, "No such estimate");
    return apiResult(await voidEstimate(context, admin, id));
  });
}

export const loader = () => methodNotAllowed(["POST"]);
