import type { ActionFunctionArgs } from "@remix-run/node";
import { authFailureResponse } from "~/features/auth/outcome.server";
import { requestPasswordReset, RESET_REQUESTED_MESSAGE } from "~/features/auth/password-reset.server";
import { apiHandler, jsonResponse, methodNotAllowed, readJsonObject } from "~/utils/api.server";

/** POST /api/auth/request-reset: `{ email }` → `{ success, message }`, the same whether or not the account exists. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const outcome = await requestPasswordReset(context, await readJsonObject(request));
    if (!outcome.ok) return authFailureResponse(outcome);
    return jsonResponse({ success: true, message: RESET_REQUESTED_MESSAGE });
  });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
