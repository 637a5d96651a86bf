import type { LoaderFunctionArgs } from "@remix-run/node";
import { listUsers } from "~/features/users/users.server";
import { userListQuerySchema } from "@app/shared/api/admin";
import { apiHandler, jsonResponse, methodNotAllowed, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/users?q=&role= (admin): every user, newest first, without passwords; `q` keeps those
 * whose name or email holds each of its words, `role` one role. 400 with field errors for a bad query.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    const query = validate(userListQuerySchema, Object.fromEntries(new URL(request.url).searchParams), "Invalid query");
    return jsonResponse({ success: true, users: await listUsers(context, query) });
  });
}

export const action = () => methodNotAllowed(["GET"]);
