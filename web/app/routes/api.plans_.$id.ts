import type { ActionFunctionArgs } from "@remix-run/node";
import { planChangeSchema } from "@app/shared/api/plans";
import { idFrom } from "@app/shared/api/values";
import { updatePlan } from "@app/shared/plans/plans.server";
import { apiError, apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * PATCH /api/plans/{id} (admin) any of `{ name, yearlyPriceCents, monthlyPriceCents, visitsPerYear,
 * serviceType, discountPercent, emergencyPriority, terms, active }` → `{ success, plan }`, audited
 * with from and to; 404 for an unknown plan, 409 for another plan's name (docs/product.md#plans). A
 * plan is never deleted: `active: false` takes it off /plans; its members keep it.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    const admin = await requireAdmin(request, context);
    const id = idFrom(params.id);
    if (!id) return apiError(404, "No such plan");
    const changes = validate(planChangeSchema, await readJsonObject(request));
    return apiResult(await updatePlan(context, admin, id, changes));
  });
}

export const loader = () => methodNotAllowed(["PATCH"]);
