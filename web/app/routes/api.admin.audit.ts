import type { LoaderFunctionArgs } from "@remix-run/node";
import { recentAudit } from "~/features/admin/audit.server";
import { apiHandler, jsonResponse } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** GET /api/admin/audit?limit= (admin): the newest staff changes (role and status changes: who, what, when). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    const limit = Math.min(200, Math.max(1, Number(new URL(request.url).searchParams.get("limit")) || 50));
    return jsonResponse({ success: true, entries: await recentAudit(context, limit) });
  });
}
