import type { ActionFunctionArgs } from "@remix-run/node";
import { chatSessionIdSchema } from "@app/shared/api/chat";
import { bookAppointment } from "~/features/chat/chat.server";
import { apiError, apiHandler, apiResult, methodNotAllowed, readJsonObject } from "~/utils/api.server";
import { chatPath, message, ok } from "@app/shared/api/json-shapes.server";
import { appointmentRequestSchema } from "@app/shared/api/chat";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** POST /api/chat/:sessionId/book-appointment: the chat's appointment form (docs/product.md#contact-and-chat). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const sessionId = chatSessionIdSchema.safeParse(params.sessionId);
    if (!sessionId.success) return apiError(404, "Chat session not found");
    return apiResult(await bookAppointment(context, sessionId.data, await readJsonObject(request)));
  });
}

export const loader = () => methodNotAllowed(["POST"]);

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/chat/{sessionId}/book-appointment",
  summary: "The chat's appointment form: a request in an open arrival window (or a callback for an emergency)",
  access: "public",
  params: chatPath,
  body: appointmentRequestSchema,
  success: {
    status: 201,
    description: "Requested",
    schema: ok({ message, bookingId: z.number().int(), appointmentRequestId: z.number().int() }),
  },
  refusals: [404, 409, 429],
  storesNothingWhenRefused: true,
});
