import type { ActionFunctionArgs } from "@remix-run/node";
import { resetPassword } from "~/features/auth/password-reset.server";
import { apiHandler, apiResult, methodNotAllowed, readJsonObject } from "~/utils/api.server";

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
