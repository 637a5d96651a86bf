import type { LoaderFunctionArgs } from "@remix-run/node";
import { search } from "~/features/search/search.server";
import { apiHandler, apiResult, methodNotAllowed } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/search?q= (admin): `{ success, customers: [{ id, name, email, phone, address, member }],
 * bookings: [{ id, summary, status, scheduledDate, customerName }], documents: [{ kind, id, number,
 * status, customerName, totalCents, maxTotalCents, href }] }`, ten of each at most: customers and
 * bookings best first, documents the one a number names (EST-2026-0007, inv 2026 42) or else the
 * estimates and invoices of the customers found, newest first; 400 `{ success: false, message, errors: { q } }` for a blank or too long `q`
 * (docs/product.md#search). `member`: a member's plans, `{ plans, priorityPlans }`, else null (docs/product.md#plans).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    return apiResult(await search(context, Object.fromEntries(new URL(request.url).searchParams)));
  });
}

export const action = () => methodNotAllowed(["GET"]);
