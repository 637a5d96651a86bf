import type { ActionFunctionArgs } from "@remix-run/node";
import { requestPasswordReset } from "~/features/auth/password-reset.server";
import { apiHandler, apiResult, methodNotAllowed, readJsonObject } from "~/utils/api.server";

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
