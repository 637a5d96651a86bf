import type { ActionFunctionArgs } from "@remix-run/node";
import { resetPassword } from "~/features/auth/password-reset.server";
import { apiHandler, apiResult, methodNotAllowed, readJsonObject } from "~/utils/api.server";
import { resetPasswordSchema } from "@app/shared/api/auth";
import { okMessage } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** POST /api/auth/reset-password: `{ token, password }` → `{ success, message }`; ends every session of the user. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    return apiResult(await resetPassword(context, await readJsonObject(request)));
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/auth/reset-password",
  summary: "Set a new password with an emailed token; ends every session of the user",
  access: "public",
  body: resetPasswordSchema,
  success: { status: 200, description: "Changed", schema: okMessage },
  refusals: [429],
});
