import type { ActionFunctionArgs } from "@remix-run/node";
import { submitContactMessage } from "~/features/contact/contact.server";
import { apiHandler, apiResult, methodNotAllowed, readJsonObject } from "~/utils/api.server";

/** POST /api/contact: a contact message from an API client (docs/product.md#contact-and-chat) → 201 `{ success, message, id }`. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    return apiResult(
      await submitContactMessage(context, await readJsonObject(request), request.headers.get("user-agent")),
    );
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
