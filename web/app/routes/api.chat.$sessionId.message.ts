import type { ActionFunctionArgs } from "@remix-run/node";
import { chatSessionIdSchema } from "@app/shared/api/chat";
import { postChatMessage } from "~/features/chat/chat.server";
import { apiError, apiHandler, apiResult, methodNotAllowed, readJsonObject } from "~/utils/api.server";
import { chatMessageJson, chatMode, chatPath } from "@app/shared/api/json-shapes.server";
import { sendChatMessageSchema } from "@app/shared/api/chat";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

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

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/chat/{sessionId}/message",
  summary: "A visitor's chat message; the reply comes in the answer (200) or on the socket (202)",
  access: "public",
  params: chatPath,
  body: sendChatMessageSchema,
  success: {
    status: 200,
    description:
      "Stored; the assistant's reply, or null with 202 while it is on its way or staff have the conversation",
    schema: z.looseObject({
      success: z.literal(true),
      userMessage: chatMessageJson,
      assistantMessage: chatMessageJson.nullable(),
      pending: z.boolean(),
      mode: chatMode,
    }),
  },
  refusals: [404, 429],
  storesNothingWhenRefused: true,
});
