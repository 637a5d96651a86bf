import type { ActionFunctionArgs } from "@remix-run/node";
import { VERIFIED_MESSAGE, verifyEmail } from "~/features/auth/verification.server";
import { apiError, apiHandler, jsonResponse, methodNotAllowed, readJsonObject } from "~/utils/api.server";

/** POST /api/auth/verify-email: `{ token }` from the emailed link → `{ success, message }`; 400 when invalid, used or expired. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const { token } = await readJsonObject(request);
    const outcome = await verifyEmail(context, token);
    if (!outcome.ok) return apiError(outcome.status, outcome.message, { token: outcome.message });
    return jsonResponse({ success: true, message: VERIFIED_MESSAGE });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
