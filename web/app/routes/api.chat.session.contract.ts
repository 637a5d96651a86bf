import { createChatSessionSchema } from "@app/shared/api/chat";
import { ok } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.chat.session.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/chat/session",
  summary: "Register the chat widget's conversation id",
  access: "public",
  body: createChatSessionSchema,
  success: {
    status: 201,
    description: "Registered (200 when it was already)",
    schema: ok({ sessionId: z.string(), status: z.string() }),
  },
  refusals: [429],
  storesNothingWhenRefused: true,
});
