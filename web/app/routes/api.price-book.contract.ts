import { newPriceBookItemSchema, priceBookQuerySchema } from "@app/shared/api/price-book";
import { ok, salesTaxRatePpm } from "@app/shared/api/json-shapes.server";
import { priceBookItemJson } from "@app/shared/pricing/price-book.server";
import { z } from "@app/shared/zod";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.price-book.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints(
  {
    method: "GET",
    path: "/api/price-book",
    summary:
      "The price book (active items first, then by name; `active` filters) and the sales-tax rate in parts per million",
    access: "admin",
    query: priceBookQuerySchema,
    success: {
      status: 200,
      description: "The items and the rate",
      schema: ok({ items: z.array(priceBookItemJson), salesTaxRatePpm }),
    },
    refusals: [401, 403],
  },
  {
    method: "POST",
    path: "/api/price-book",
    summary: "Add an item to the price book (its price in whole cents; audited)",
    access: "admin",
    body: newPriceBookItemSchema,
    success: { status: 201, description: "Added", schema: ok({ item: priceBookItemJson }) },
    refusals: [401, 403],
    storesNothingWhenRefused: true,
  },
);
