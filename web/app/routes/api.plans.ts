import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { newPlanSchema, planQuerySchema } from "@app/shared/api/plans";
import { createPlan, listPlans } from "@app/shared/plans/plans.server";
import { apiHandler, apiResult, jsonResponse, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/plans?active=true|false (admin): `{ success, plans }`, active first, then by yearly
 * price, each `{ id, name, slug, yearlyPriceCents, monthlyPriceCents, visitsPerYear, serviceType,
 * discountPercent, emergencyPriority, terms, active }` (docs/product.md#plans).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    const query = validate(planQuerySchema, Object.fromEntries(new URL(request.url).searchParams), "Invalid query");
    const filter = query.active === undefined ? {} : { active: query.active === "true" };
    return jsonResponse({ success: true, plans: await listPlans(context.services.db, filter) });
  });
}

/**
 * POST /api/plans (admin) `{ name, yearlyPriceCents, monthlyPriceCents?, visitsPerYear, serviceType,
 * discountPercent, emergencyPriority?, terms, active? }`: 201 `{ success, plan }`, audited; 409 when
 * another plan has the name.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const admin = await requireAdmin(request, context);
    const input = validate(newPlanSchema, await readJsonObject(request));
    return apiResult(await createPlan(context, admin, input));
  });
}
