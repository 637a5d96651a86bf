import type { ActionFunctionArgs } from "@remix-run/node";
import { contactPostSchema, submitContactMessage } from "~/features/contact/contact.server";
import { invalid } from "@app/shared/result";
import { apiHandler, apiResult, methodNotAllowed, readJsonObject } from "~/utils/api.server";

/** POST /api/contact: a contact message from an API client (docs/product.md#contact-and-chat) → 201 `{ success, message, id }`. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const parsed = contactPostSchema.safeParse(await readJsonObject(request));
    if (!parsed.success) return apiResult(invalid(parsed.error));
    return apiResult(await submitContactMessage(context, parsed.data, request.headers.get("user-agent")));
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
