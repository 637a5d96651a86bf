import { availabilityQuerySchema } from "@app/shared/api/scheduling";
import { ok, windowJson } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.availability.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/availability",
  summary: "Open arrival windows (Baton Rouge time)",
  access: "public",
  query: availabilityQuerySchema,
  success: {
    status: 200,
    description: "Windows",
    schema: ok({
      timeZone: z.string(),
      from: z.string(),
      days: z.number(),
      windows: z.array(windowJson),
      closures: z.array(z.object({ date: z.string(), reason: z.string() })),
    }),
  },
  refusals: [429],
});
