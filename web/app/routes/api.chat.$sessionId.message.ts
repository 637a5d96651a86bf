import type { ActionFunctionArgs } from "@remix-run/node";
import { chatSessionIdSchema } from "@app/shared/api/chat";
import { postChatMessage } from "~/features/chat/chat.server";
import { apiError, apiHandler, apiResult, methodNotAllowed, readJsonObject } from "~/utils/api.server";

/** POST /api/chat/:sessionId/message: the visitor's message; answers with the assistant's reply (docs/product.md#contact-and-chat). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const sessionId = chatSessionIdSchema.safeParse(params.sessionId);
    if (!sessionId.success) return apiError(404, "Chat session not found");
    return apiResult(await postChatMessage(context, sessionId.data, await readJsonObject(request)));
  });
}

export const loader = () => methodNotAllowed(["POST"]);
