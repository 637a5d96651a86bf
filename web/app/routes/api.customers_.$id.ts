import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { customerChangeSchema } from "@app/shared/api/customers";
import { idFrom } from "@app/shared/api/values";
import { customerWithBookings, updateCustomer } from "~/features/customers/customer-record.server";
import { apiError, apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/customers/:id (admin) → `{ success, customer, bookings, estimates, estimateCount,
 * invoices, invoiceCount, owedCents }`: the customer's details (with `accountLinked`, and
 * `mergedIntoId` when merged into another record), every visit, newest first, as booking JSON,
 * their newest 20 estimates and 20 invoices (with how many there are in all) and what they owe
 * (the balances of their sent and partially paid invoices). PATCH (admin) any of `{ name, email, phone, address }` (the
 * record page's rules; `address: null` or "" clears it) → `{ success, customer, message }`,
 * audited with from and to; 400 with field errors, 404 unknown, 409 for a merged-away record
 * (docs/product.md#customer-record).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    const id = idFrom(params.id);
    if (!id) return apiError(404, "Customer not found");
    return apiResult(await customerWithBookings(context, id));
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
    const admin = await requireAdmin(request, context);
    const id = idFrom(params.id);
    if (!id) return apiError(404, "Customer not found");
    const changes = validate(customerChangeSchema, await readJsonObject(request));
    return apiResult(await updateCustomer(context, admin, id, changes));
  });
}
