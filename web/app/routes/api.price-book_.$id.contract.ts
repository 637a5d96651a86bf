import { priceBookItemChangeSchema, priceBookItemParamsSchema } from "@app/shared/api/price-book";
import { ok } from "@app/shared/api/json-shapes.server";
import { priceBookItemJson } from "@app/shared/pricing/price-book.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.price-book_.$id.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "PATCH",
  path: "/api/price-book/{id}",
  summary: "Change a price book item, or deactivate it with `active: false` (audited with from and to)",
  access: "admin",
  params: priceBookItemParamsSchema,
  body: priceBookItemChangeSchema,
  success: { status: 200, description: "Changed", schema: ok({ item: priceBookItemJson }) },
  refusals: [401, 403, 404],
  storesNothingWhenRefused: true,
});
