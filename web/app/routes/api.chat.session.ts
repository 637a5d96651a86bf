import type { ActionFunctionArgs } from "@remix-run/node";
import { createChatSession } from "~/features/chat/chat.server";
import { apiHandler, apiResult, methodNotAllowed, readJsonObject } from "~/utils/api.server";
import { createChatSessionSchema } from "@app/shared/api/chat";
import { ok } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

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

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
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
