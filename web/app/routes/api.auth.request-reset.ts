import type { ActionFunctionArgs } from "@remix-run/node";
import { requestPasswordReset } from "~/features/auth/password-reset.server";
import { apiHandler, apiResult, methodNotAllowed, readJsonObject } from "~/utils/api.server";
import { requestResetSchema } from "@app/shared/api/auth";
import { okMessage } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** POST /api/auth/request-reset: `{ email }` → `{ success, message }`, the same whether or not the account exists. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    return apiResult(await requestPasswordReset(context, await readJsonObject(request)));
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/auth/request-reset",
  summary: "Email a password reset link (the same answer whether or not the account exists)",
  access: "public",
  body: requestResetSchema,
  success: { status: 200, description: "Requested", schema: okMessage },
  refusals: [429],
});
