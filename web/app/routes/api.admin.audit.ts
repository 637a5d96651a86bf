import type { LoaderFunctionArgs } from "@remix-run/node";
import { recentAudit } from "~/features/dashboard/audit.server";
import { auditQuerySchema } from "@app/shared/api/admin";
import { apiHandler, jsonResponse, validate, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** GET /api/admin/audit?limit= (admin): the newest staff changes (role and status changes: who, what, when). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    const { limit } = validate(
      auditQuerySchema,
      Object.fromEntries(new URL(request.url).searchParams),
      "Invalid query",
    );
    return jsonResponse({ success: true, entries: await recentAudit(context, limit) });
  });
}

export const action = () => methodNotAllowed(["GET"]);
