import type { ActionFunctionArgs } from "@remix-run/node";
import { verifyEmail } from "~/features/auth/verification.server";
import { verifyEmailSchema } from "@app/shared/api/auth";
import { apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { okMessage } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** POST /api/auth/verify-email: `{ token }` from the emailed link → `{ success, message }`; 400 when invalid, used or expired. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const { token } = validate(verifyEmailSchema, await readJsonObject(request));
    return apiResult(await verifyEmail(context, token));
  });
}

export const loader = () => methodNotAllowed(["POST"]);

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/auth/verify-email",
  summary: "Confirm an email address with the emailed token",
  access: "public",
  body: verifyEmailSchema,
  success: { status: 200, description: "Confirmed", schema: okMessage },
  refusals: [429],
});
