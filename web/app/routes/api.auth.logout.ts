import type { ActionFunctionArgs } from "@remix-run/node";
import { endSession } from "~/utils/auth.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";

/**
 * POST /api/auth/logout: ends the session of the bearer token (or cookie) sent.
 * Always 200, as there is nothing a client could do about a failure.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const clearCookie = await endSession(request, context);
    return jsonResponse(
      { success: true, message: "You have been logged out." },
      { headers: { "Set-Cookie": clearCookie } },
    );
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
