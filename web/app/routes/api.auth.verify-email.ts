import type { ActionFunctionArgs } from "@remix-run/node";
import { verifyEmail } from "~/features/auth/verification.server";
import { verifyEmailSchema } from "@app/shared/api/auth";
import { apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";

/** POST /api/auth/verify-email: `{ token }` from the emailed link → `{ success, message }`; 400 when invalid, used or expired. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const { token } = validate(verifyEmailSchema, await readJsonObject(request));
    return apiResult(await verifyEmail(context, token));
  });
}

export const loader = () => methodNotAllowed(["POST"]);
