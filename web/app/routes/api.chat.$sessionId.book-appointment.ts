import type { ActionFunctionArgs } from "@remix-run/node";
import { chatSessionIdSchema, readAppointmentRequest } from "@app/shared/api/chat";
import { requestAppointment } from "@app/shared/booking/request-appointment.server";
import { apiError, apiHandler, apiResult, methodNotAllowed, readJsonObject } from "~/utils/api.server";

/** POST /api/chat/:sessionId/book-appointment: the chat's appointment form (docs/product.md#contact-and-chat). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const sessionId = chatSessionIdSchema.safeParse(params.sessionId);
    if (!sessionId.success) return apiError(404, "Chat session not found");
    const input = readAppointmentRequest(await readJsonObject(request));
    if (!input.ok) return apiResult(input);
    return apiResult(
      await requestAppointment(context, input.value, {
        chatSessionId: sessionId.data,
        source: "chat",
        ...(input.value.textConsent && context.services.env.TWILIO ? { textConsent: "chat" as const } : {}),
      }),
    );
  });
}

export const loader = () => methodNotAllowed(["POST"]);
