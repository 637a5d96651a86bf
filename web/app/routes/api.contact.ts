import type { ActionFunctionArgs } from "@remix-run/node";
import { submitContactMessage } from "~/features/contact/contact.server";
import { apiError, apiHandler, jsonResponse, methodNotAllowed, readJsonObject, tooManyRequests } from "~/utils/api.server";

/** POST /api/contact: a contact message from an API client (docs/product.md#contact-and-chat). */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const body = await readJsonObject(request);
    const result = await submitContactMessage(context, body, request.headers.get("user-agent"));
    if (result.ok) {
      return jsonResponse(
        { success: true, message: "Thank you for your message! We'll get back to you within 24 hours.", id: result.id },
        { status: 201 },
      );
    }
    if (result.status === 429) return tooManyRequests(result.retryAfter ?? 60);
    return apiError(result.status, result.message, result.errors);
  });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
