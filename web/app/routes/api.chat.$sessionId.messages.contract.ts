import { chatMessageJson, chatMode, chatPath } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.chat.$sessionId.messages.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/chat/{sessionId}/messages",
  summary: "The conversation's latest 50 messages, oldest first",
  access: "public",
  params: chatPath,
  success: {
    status: 200,
    description: "Messages",
    schema: z.looseObject({
      success: z.literal(true),
      sessionId: z.string(),
      mode: chatMode,
      messages: z.array(chatMessageJson),
    }),
  },
  refusals: [404, 429],
});
