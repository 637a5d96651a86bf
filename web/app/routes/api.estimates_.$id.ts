import type { LoaderFunctionArgs } from "@remix-run/node";
import { idFrom } from "@app/shared/api/values";
import { readEstimate } from "@app/shared/estimates/estimates.server";
import { apiError, apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** GET /api/estimates/{id} (admin): `{ success, estimate }`, every option with its lines and totals; 404 for none. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    const id = idFrom(params.id);
    if (!id) return apiError(404, "No such estimate");
    return apiResult(await readEstimate(context.services.db, id));
  });
}

export const action = () => methodNotAllowed(["GET"]);
