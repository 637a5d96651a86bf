import type { ActionFunctionArgs } from "@remix-run/node";
import { business } from "@app/shared/business";
import { signedInResponse } from "~/features/auth/outcome.server";
import { register } from "~/features/auth/register.server";
import { apiHandler, methodNotAllowed, readJsonObject } from "~/utils/api.server";
import { registerSchema } from "@app/shared/api/auth";
import { signedIn } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

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

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/auth/register",
  summary: "Create a customer account (a verification link is emailed)",
  access: "public",
  body: registerSchema,
  success: { status: 201, description: "Created and signed in", schema: signedIn },
  refusals: [409, 429],
});
