import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { newPriceBookItemSchema, priceBookQuerySchema } from "@app/shared/api/price-book";
import { createPriceBookItem, listPriceBook, readSalesTaxRate } from "@app/shared/pricing/price-book.server";
import { apiHandler, apiResult, jsonResponse, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/price-book?active=true|false (admin): `{ success, items, salesTaxRatePpm }`, the items
 * active first, then by name, each `{ id, name, description, unitPriceCents, unit, taxable,
 * active }`, and the sales-tax rate in parts per million (docs/product.md#price-book).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    const query = validate(
      priceBookQuerySchema,
      Object.fromEntries(new URL(request.url).searchParams),
      "Invalid query",
    );
    const { db } = context.services;
    const filter = query.active === undefined ? {} : { active: query.active === "true" };
    const [items, salesTaxRatePpm] = await Promise.all([listPriceBook(db, filter), readSalesTaxRate(db)]);
    return jsonResponse({ success: true, items, salesTaxRatePpm });
  });
}

/** POST /api/price-book (admin) `{ name, description?, unitPriceCents, unit, taxable?, active? }`: 201 `{ success, item }`. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const admin = await requireAdmin(request, context);
    const input = validate(newPriceBookItemSchema, await readJsonObject(request));
    return apiResult(await createPriceBookItem(context.services.db, admin, input));
  });
}
