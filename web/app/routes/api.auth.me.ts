import type { LoaderFunctionArgs } from "@remix-run/node";
import { getAuthSession, toApiUser } from "~/utils/auth.server";
import { apiError, apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";

/** GET /api/auth/me: `{ success, user }` for the session's user; 401 means signed out (docs/product.md#accounts-and-sessions). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    const session = await getAuthSession(request, context);
    if (session) return jsonResponse({ success: true, user: toApiUser(session.user) });
    return apiError(401, "Not signed in, or the session has expired. Please log in.");
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
