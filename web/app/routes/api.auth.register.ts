import type { ActionFunctionArgs } from "@remix-run/node";
import { business } from "@app/shared/business";
import { signedInResponse } from "~/features/auth/outcome.server";
import { register } from "~/features/auth/register.server";
import { apiHandler, methodNotAllowed, readJsonObject } from "~/utils/api.server";

/**
 * POST /api/auth/register: `{ firstName, lastName, email, password }` → 201
 * `{ success, token, user, message }` (docs/product.md#accounts-and-sessions); 409 when the email is taken.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const outcome = await register(context, await readJsonObject(request), {
      userAgent: request.headers.get("user-agent"),
    });
    return signedInResponse(
      outcome,
      `Welcome to ${business.name}! Your account has been created and you are now logged in.`,
    );
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
