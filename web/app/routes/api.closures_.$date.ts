import type { ActionFunctionArgs } from "@remix-run/node";
import { closureDateSchema } from "@app/shared/api/scheduling";
import { removeClosure } from "@app/shared/scheduling/closures.server";
import { apiError, apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { ok } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/**
 * DELETE /api/closures/{date} (admin): the day is open again, `{ success }`; 404 when it is not
 * closed (docs/product.md#closed-days). A holiday removed stays removed: next year's holidays are
 * added, never this one again.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    const admin = await requireAdmin(request, context);
    const parsed = closureDateSchema.safeParse({ date: params.date });
    if (!parsed.success) return apiError(404, "No closure on that day");
    return apiResult(await removeClosure(context.services.db, admin, parsed.data.date), () => ({}));
  });
}

export const loader = () => methodNotAllowed(["DELETE"]);

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "DELETE",
  path: "/api/closures/{date}",
  summary: "Open a closed day again (404 when it is not closed)",
  access: "admin",
  params: closureDateSchema,
  success: { status: 200, description: "Open again", schema: ok({}) },
  refusals: [401, 403, 404],
  storesNothingWhenRefused: true,
});
