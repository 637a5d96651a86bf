import { contactMessageSchema } from "@app/shared/api/contact";
import { message, ok } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.contact.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "POST",
  path: "/api/contact",
  summary:
    "Send a contact message (stored before anything else; the office is emailed). An emergency (service emergency, or words that read as one) alerts staff at once, and the answer says to call the emergency line now",
  access: "public",
  body: contactMessageSchema,
  success: {
    status: 201,
    description: "Stored",
    schema: ok({
      message,
      id: z.number().int().nullable(),
      emergency: z.boolean(),
      emergencyPhone: z.string().optional(),
    }),
  },
  refusals: [429],
  storesNothingWhenRefused: true,
});
