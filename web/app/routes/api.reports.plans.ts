import type { LoaderFunctionArgs } from "@remix-run/node";
import { planReport } from "@app/shared/plans/plan-reports.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/reports/plans (admin) → `{ success, plans: { activeMembers, monthlyRecurringCents, renewalsDue30Days,
 * pastDue, cancelledThisMonth } }`: the maintenance plans' figures now, as the dashboard shows them; what each one
 * counts is written on `planReport` (packages/shared/src/plans/plan-reports.server.ts, docs/product.md#plans).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    return jsonResponse({ success: true, plans: await planReport(context.services.db) });
  });
}

export const action = () => methodNotAllowed(["GET"]);
