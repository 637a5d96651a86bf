import type { ActionFunctionArgs } from "@remix-run/node";
import { login } from "~/features/auth/login.server";
import { signedInResponse } from "~/features/auth/outcome.server";
import { apiHandler, methodNotAllowed, readJsonObject } from "~/utils/api.server";

/**
 * POST /api/auth/login: `{ email, password }` → `{ success, token, user, message }`
 * (docs/product.md#accounts-and-sessions); the token is a bearer token.
 * Also sets the device cookie (features/auth/devices.server.ts), which clients may send back on later logins or ignore.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const meta = { userAgent: request.headers.get("user-agent"), cookie: request.headers.get("cookie") };
    return signedInResponse(
      await login(context, await readJsonObject(request), meta),
      "You have been successfully logged in.",
    );
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
