import type { LoaderFunctionArgs } from "@remix-run/node";
import { idFrom } from "@app/shared/api/values";
import { readInvoice } from "@app/shared/invoices/invoices.server";
import { apiError, apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

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
