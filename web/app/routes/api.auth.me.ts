import type { LoaderFunctionArgs } from "@remix-run/node";
import { getAuthSession, toApiUser } from "~/utils/auth.server";
import { apiError, apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { apiUser, ok } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

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

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/auth/me",
  summary: "The signed-in user",
  access: "signed-in",
  success: { status: 200, description: "The user", schema: ok({ user: apiUser }) },
  refusals: [401],
});
