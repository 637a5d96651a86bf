import type { LoaderFunctionArgs } from "@remix-run/node";
import { listUsers } from "~/features/admin/users.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** GET /api/admin/users (admin): every user, newest first, without passwords. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    return jsonResponse({ success: true, users: await listUsers(context) });
  });
}

export const action = () => methodNotAllowed(["GET"]);
