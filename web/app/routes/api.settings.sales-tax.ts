import type { ActionFunctionArgs } from "@remix-run/node";
import { salesTaxSchema } from "@app/shared/api/price-book";
import { setSalesTaxRate } from "@app/shared/pricing/price-book.server";
import { apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * PUT /api/settings/sales-tax (admin) `{ salesTaxRatePpm }` (parts per million: 9.45 % is 94,500)
 * → `{ success, salesTaxRatePpm }`, audited when it changes. Estimates and invoices made after it
 * use the new rate; those made before keep theirs (docs/decisions/020-money-and-payments.md).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
    const admin = await requireAdmin(request, context);
    const { salesTaxRatePpm } = validate(salesTaxSchema, await readJsonObject(request));
    return apiResult(await setSalesTaxRate(context.services.db, admin, salesTaxRatePpm));
  });
}

export const loader = () => methodNotAllowed(["PUT"]);
