import type { ActionFunctionArgs } from "@remix-run/node";
import { priceBookItemChangeSchema } from "@app/shared/api/price-book";
import { idFrom } from "@app/shared/api/values";
import { updatePriceBookItem } from "@app/shared/pricing/price-book.server";
import { apiError, apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * PATCH /api/price-book/{id} (admin) any of `{ name, description, unitPriceCents, unit, taxable,
 * active }` → `{ success, item }`, audited with from and to; 404 for an unknown item
 * (docs/product.md#price-book). An item is never deleted: `active: false` takes it off the list
 * estimates choose from.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    const admin = await requireAdmin(request, context);
    const id = idFrom(params.id);
    if (!id) return apiError(404, "No such item in the price book");
    const changes = validate(priceBookItemChangeSchema, await readJsonObject(request));
    return apiResult(await updatePriceBookItem(context.services.db, admin, id, changes));
  });
}

export const loader = () => methodNotAllowed(["PATCH"]);
