import type { LoaderFunctionArgs } from "@remix-run/node";
import { search } from "~/features/search/search.server";
import { apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/search?q= (admin): `{ success, customers: [{ id, name, email, phone, address }],
 * bookings: [{ id, summary, status, scheduledDate, customerName }] }`, ten of each at most, best
 * first; 400 `{ success: false, message, errors: { q } }` for a blank or too long `q`
 * (docs/product.md#search).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    return apiResult(await search(context, Object.fromEntries(new URL(request.url).searchParams)));
  });
}

export const action = () => methodNotAllowed(["GET"]);
