import type { LoaderFunctionArgs } from "@remix-run/node";
import { readDaySchedule } from "~/features/scheduling/availability.server";
import { apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { dayScheduleQuerySchema } from "@app/shared/api/scheduling";
import { closureJson, ok, technicianChoice, windowJson } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** GET /api/admin/schedule?date=YYYY-MM-DD (admin): a day's windows and the technicians free in each. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    return apiResult(await readDaySchedule(context, Object.fromEntries(new URL(request.url).searchParams)));
  });
}

export const action = () => methodNotAllowed(["GET"]);

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
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
