import { ok } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.admin.stats.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/admin/stats",
  summary: "The dashboard's figures",
  access: "admin",
  success: {
    status: 200,
    description: "Figures",
    schema: ok({ stats: z.looseObject({ users: z.looseObject({}), bookings: z.looseObject({}) }) }),
  },
  refusals: [401, 403],
});
