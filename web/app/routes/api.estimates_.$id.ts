import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { estimateChangesSchema } from "@app/shared/api/estimates";
import { idFrom } from "@app/shared/api/values";
import { readEstimate, updateEstimate } from "@app/shared/estimates/estimates.server";
import { apiError, apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
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

/**
 * PUT /api/estimates/{id} (admin) `{ options: [...], depositPercent? }` (as POST /api/estimates, without
 * bookingId or customerId) → `{ success, estimate }`: a draft's options and deposit written anew; 409 once
 * it is sent, approved, declined or withdrawn (docs/product.md#estimates).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
    const admin = await requireAdmin(request, context);
    const id = idFrom(params.id);
    if (!id) return apiError(404, "No such estimate");
    const input = validate(estimateChangesSchema, await readJsonObject(request));
    return apiResult(await updateEstimate(context, admin, id, input));
  });
}
