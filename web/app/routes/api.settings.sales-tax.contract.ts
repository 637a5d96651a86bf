import { salesTaxSchema } from "@app/shared/api/price-book";
import { ok, salesTaxRatePpm } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** What ./api.settings.sales-tax.ts answers: its contract, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "PUT",
  path: "/api/settings/sales-tax",
  summary: "Set the sales-tax rate in parts per million (9.45 % is 94,500); documents made afterwards use it (audited)",
  access: "admin",
  body: salesTaxSchema,
  success: { status: 200, description: "Set", schema: ok({ salesTaxRatePpm }) },
  refusals: [401, 403],
  storesNothingWhenRefused: true,
});
