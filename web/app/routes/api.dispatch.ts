import type { LoaderFunctionArgs } from "@remix-run/node";
import { dispatchBoard } from "~/features/dispatch/board.server";
import { apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { dispatchQuerySchema } from "@app/shared/api/dispatch";
import { dispatchVisitJson, isoDateTime, ok } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/**
 * GET /api/dispatch?date=YYYY-MM-DD[&view=week] (admin): the dispatch board as the page renders it,
 * `{ success, date, view, timeZone, days, technicians: [{ id, name, workingHours, visits }],
 * unassigned }` (docs/product.md#dispatch-board). 400 for a date or view that is not one.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    return apiResult(await dispatchBoard(context, Object.fromEntries(new URL(request.url).searchParams)));
  });
}

export const action = () => methodNotAllowed(["GET"]);

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
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
