import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminStats } from "~/features/dashboard/stats.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** GET /api/admin/stats (admin): the dashboard figures (docs/product.md#dashboard). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    return jsonResponse({ success: true, stats: await adminStats(context) });
  });
}

export const action = () => methodNotAllowed(["GET"]);
