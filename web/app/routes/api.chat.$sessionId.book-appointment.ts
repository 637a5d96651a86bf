import type { ActionFunctionArgs } from "@remix-run/node";
import { chatSessionIdSchema } from "@app/shared/api/chat";
import { bookAppointment } from "~/features/chat/chat.server";
import { apiError, apiHandler, jsonResponse, methodNotAllowed, readJsonObject, tooManyRequests } from "~/utils/api.server";

/** POST /api/chat/:sessionId/book-appointment: the chat's appointment form (docs/product.md#contact-and-chat). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const sessionId = chatSessionIdSchema.safeParse(params.sessionId);
    if (!sessionId.success) return apiError(404, "Chat session not found");
    const result = await bookAppointment(context, sessionId.data, await readJsonObject(request));
    if (!result.ok) return result.status === 429 ? tooManyRequests(result.retryAfter ?? 60) : apiError(result.status, result.message, result.errors);
    return jsonResponse(result.body, { status: 201 });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
