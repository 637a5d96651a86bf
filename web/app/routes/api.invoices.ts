import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { newInvoiceSchema } from "@app/shared/api/invoices";
import { createInvoice } from "@app/shared/invoices/invoices.server";
import { listInvoices } from "~/features/invoices/invoices-list.server";
import { apiHandler, apiResult, methodNotAllowed, readJsonObject, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/invoices?status=&q=&cursor=&limit= (admin) → `{ success, invoices: [{ id, number, status,
 * customer: { id, name }, bookingId, estimateId, totalCents, paidCents, balanceCents, createdAt, sentAt,
 * paidAt, daysOutstanding }], nextCursor }`, newest first, 25 a page (limit 1–100); `status` is a status
 * or `unpaid` (sent or partially paid); `q` finds a customer as the staff search does, or an invoice's
 * number; 400 naming the field for a bad status, cursor or limit (docs/product.md#invoices).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    return apiResult(await listInvoices(context, Object.fromEntries(new URL(request.url).searchParams)));
  });
}

/**
 * POST /api/invoices (admin) `{ bookingId }` or `{ estimateId }` → 201 `{ success, invoice }`: a draft
 * of the approved option and the visit's job-record items, totals stored; 409 when there is nothing to
 * bill, the estimate is not approved, or a live invoice bills it already (docs/product.md#invoices).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(context, async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const admin = await requireAdmin(request, context);
    const input = validate(newInvoiceSchema, await readJsonObject(request));
    return apiResult(await createInvoice(context, admin, input));
  });
}
