import type { LoaderFunctionArgs } from "@remix-run/node";
import { chatSessionIdSchema } from "@app/shared/api/chat";
import { readChatTranscript } from "~/features/chat/chat.server";
import { apiError, apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";

/**
 * GET /api/chat/:sessionId/messages: the conversation's latest 50 messages,
 * oldest first, as `{ success, sessionId, messages, mode }` (each message as the
 * socket sends it; `mode` "staff" while staff hold the conversation, else
 * "assistant"). The widget reads it after (re)joining, to show what it missed
 * while disconnected and who answers now. 404 for an unknown conversation.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    const sessionId = chatSessionIdSchema.safeParse(params.sessionId);
    if (!sessionId.success) return apiError(404, "Chat session not found");
    return apiResult(await readChatTranscript(context, sessionId.data));
  });
}

export const action = () => methodNotAllowed(["GET"]);
