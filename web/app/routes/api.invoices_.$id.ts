import type { LoaderFunctionArgs } from "@remix-run/node";
import { idFrom } from "@app/shared/api/values";
import { readInvoice } from "@app/shared/invoices/invoices.server";
import { apiError, apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { invoiceParamsSchema } from "@app/shared/api/invoices";
import { invoiceJson, ok } from "@app/shared/api/json-shapes.server";
import { defineEndpoints } from "@app/shared/api/endpoint";

/** GET /api/invoices/{id} (admin): `{ success, invoice }` with its lines, payments, totals and balance; 404 for none. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    const id = idFrom(params.id);
    if (!id) return apiError(404, "No such invoice");
    return apiResult(await readInvoice(context.services.db, id));
  });
}

export const action = () => methodNotAllowed(["GET"]);

/** What this route answers, for GET /api/openapi.json and the fuzz test (web/app/utils/api-catalogue.server.ts). */
export const contract = defineEndpoints({
  method: "GET",
  path: "/api/invoices/{id}",
  summary: "An invoice with its lines, payments, totals and balance due",
  access: "admin",
  params: invoiceParamsSchema,
  success: { status: 200, description: "The invoice", schema: ok({ invoice: invoiceJson }) },
  refusals: [401, 403, 404],
});
