import type { ActionFunctionArgs } from "@remix-run/node";
import { authFailureResponse } from "~/features/auth/outcome.server";
import { RESET_DONE_MESSAGE, resetPassword } from "~/features/auth/password-reset.server";
import { apiHandler, jsonResponse, methodNotAllowed, readJsonObject } from "~/utils/api.server";

/** POST /api/auth/reset-password: `{ token, password }` → `{ success, message }`; ends every session of the user. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const outcome = await resetPassword(context, await readJsonObject(request));
    if (!outcome.ok) return authFailureResponse(outcome);
    return jsonResponse({ success: true, message: RESET_DONE_MESSAGE });
  });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
