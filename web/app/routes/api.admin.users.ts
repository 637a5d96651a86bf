import type { LoaderFunctionArgs } from "@remix-run/node";
import { listUsers } from "~/features/users/users.server";
import { apiHandler, apiResult, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/users?q=&role= (admin): every user, newest first, without passwords; `q` keeps those
 * whose name or email holds each of its words, `role` one role. With `limit` (1 to 500) or `cursor`,
 * a page of them and `nextCursor` (the next page's `cursor`, null on the last). 400 with field errors
 * for a bad query.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    const listed = await listUsers(context, Object.fromEntries(new URL(request.url).searchParams));
    if (!listed.ok) return apiResult(listed);
    const { users, paged, nextCursor } = listed.value;
    return jsonResponse({ success: true, users, ...(paged ? { nextCursor } : {}) });
  });
}

export const action = () => methodNotAllowed(["GET"]);
