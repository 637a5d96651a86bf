import { chatPath, message, ok } from "@app/shared/api/json-shapes.server";
import { appointmentRequestSchema } from "@app/shared/api/chat";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.chat.$sessionId.book-appointment.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
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
