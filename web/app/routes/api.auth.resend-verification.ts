import type { ActionFunctionArgs } from "@remix-run/node";
import { resendVerificationLink } from "~/features/auth/verification.server";
import { apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { okMessage } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** POST /api/auth/resend-verification (signed in): a new verification link → `{ success, message }`; 409 when already verified, 429 when asked too often. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const user = await requireUser(request, context);
    return apiResult(await resendVerificationLink(context, user.id));
  });
}

export const loader = () => methodNotAllowed(["POST"]);

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/auth/resend-verification",
  summary: "Email a new verification link",
  access: "signed-in",
  success: { status: 200, description: "Sent", schema: okMessage },
  refusals: [401, 409, 429],
});
