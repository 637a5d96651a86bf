import { chatMessageJson, chatMode, chatPath } from "@app/shared/api/json-shapes.server";
import { sendChatMessageSchema } from "@app/shared/api/chat";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.chat.$sessionId.message.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
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
