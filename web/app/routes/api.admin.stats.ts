import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminStats } from "~/features/dashboard/stats.server";
import { apiHandler, jsonResponse, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { ok } from "@app/shared/api/json-shapes.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** GET /api/admin/stats (admin): the dashboard figures (docs/product.md#dashboard). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    return jsonResponse({ success: true, stats: await adminStats(context) });
  });
}

export const action = () => methodNotAllowed(["GET"]);

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
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
