import { dispatchQuerySchema } from "@app/shared/api/dispatch";
import { dispatchVisitJson, ok } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints, isoDateTime } from "@app/shared/api/endpoint";

/** What ./api.dispatch.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/dispatch",
  summary: "The dispatch board of a day or its week: a lane per active technician, and the visits nobody has",
  access: "admin",
  query: dispatchQuerySchema,
  success: {
    status: 200,
    description: "The board",
    schema: ok({
      date: z.string(),
      view: z.enum(["day", "week"]),
      timeZone: z.string(),
      days: z.array(z.looseObject({ date: z.string(), label: z.string() })),
      technicians: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          workingHours: z.array(
            z.object({
              date: z.string(),
              start: isoDateTime.nullable(),
              end: isoDateTime.nullable(),
              label: z.string(),
            }),
          ),
          visits: z.array(dispatchVisitJson),
        }),
      ),
      unassigned: z.array(dispatchVisitJson),
    }),
  },
  refusals: [401, 403],
});
