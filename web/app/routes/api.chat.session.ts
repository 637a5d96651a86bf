import type { ActionFunctionArgs } from "@remix-run/node";
import { createChatSession } from "~/features/chat/chat.server";
import { apiHandler, apiResult, methodNotAllowed, readJsonObject } from "~/utils/api.server";

/** POST /api/chat/session: registers the widget's client-generated `chat_…` id. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    return apiResult(
      await createChatSession(context, await readJsonObject(request), request.headers.get("user-agent")),
    );
  });
}

export const loader = () => methodNotAllowed(["POST"]);
