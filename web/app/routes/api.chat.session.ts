import type { ActionFunctionArgs } from "@remix-run/node";
import { createChatSession } from "~/features/chat/chat.server";
import { apiError, apiHandler, jsonResponse, methodNotAllowed, readJsonObject, tooManyRequests } from "~/utils/api.server";

/** POST /api/chat/session: registers the widget's client-generated `chat_…` id. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const result = await createChatSession(context, await readJsonObject(request), request.headers.get("user-agent"));
    if (!result.ok) return result.status === 429 ? tooManyRequests(result.retryAfter ?? 60) : apiError(result.status, result.message, result.errors);
    return jsonResponse({ success: true, ...result.session }, { status: result.created ? 201 : 200 });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
