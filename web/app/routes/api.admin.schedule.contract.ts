import { dayScheduleQuerySchema } from "@app/shared/api/scheduling";
import { closureJson, ok, technicianChoice, windowJson } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.admin.schedule.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/admin/schedule",
  summary: "A day's arrival windows with the technicians free in each (none on a closed day, which is named)",
  access: "admin",
  query: dayScheduleQuerySchema,
  success: {
    status: 200,
    description: "The day",
    schema: ok({
      date: z.string(),
      closure: closureJson.nullable(),
      technicians: z.array(technicianChoice),
      windows: z.array(windowJson.extend({ freeTechnicians: z.array(technicianChoice) })),
    }),
  },
  refusals: [401, 403],
});
