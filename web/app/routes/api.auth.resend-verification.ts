import type { ActionFunctionArgs } from "@remix-run/node";
import { resendVerificationLink } from "~/features/auth/verification.server";
import { apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/** POST /api/auth/resend-verification (signed in): a new verification link → `{ success, message }`; 409 when already verified, 429 when asked too often. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const user = await requireUser(request, context);
    return apiResult(await resendVerificationLink(context, user.id));
  });
}

export const loader = () => methodNotAllowed(["POST"]);
