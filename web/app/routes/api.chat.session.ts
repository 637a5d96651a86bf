import type { ActionFunctionArgs } from "@remix-run/node";
import { createChatSessionSchema } from "@app/shared/api/chat";
import { invalid } from "@app/shared/result";
import { createChatSession } from "~/features/chat/chat.server";
import { apiHandler, apiResult, methodNotAllowed, readJsonObject } from "~/utils/api.server";

/** POST /api/chat/session: registers the widget's client-generated `chat_…` id. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const input = createChatSessionSchema.safeParse(await readJsonObject(request));
    if (!input.success) return apiResult(invalid(input.error, "Invalid chat session"));
    return apiResult(await createChatSession(context, input.data, request.headers.get("user-agent")));
  });
}

export const loader = () => methodNotAllowed(["POST"]);
