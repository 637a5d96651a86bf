import type { LoaderFunctionArgs } from "@remix-run/node";
import { paymentsExportQuerySchema } from "@app/shared/api/reports";
import { businessMonth } from "@app/shared/time";
import { queuedMessage } from "~/features/bookings/bookings-csv.server";
import { exportDays } from "~/features/reports/money-report";
import { paymentsExport } from "~/features/reports/payments-csv.server";
import { apiHandler, jsonResponse, methodNotAllowed, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/payments/export.csv?from=YYYY-MM-DD&to=YYYY-MM-DD (admin): the payments received on
 * those Baton Rouge days (this month by default) as CSV for the bookkeeper, escaped and defused as
 * the bookings export is, and like it counted first: streamed up to 20,000 rows, past that 202 and
 * emailed (docs/product.md#money-on-the-dashboard, docs/decisions/022-exports-that-finish.md).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    const admin = await requireAdmin(request, context);
    const query = validate(
      paymentsExportQuerySchema,
      Object.fromEntries(new URL(request.url).searchParams),
      "Invalid dates",
    );
    const answer = await paymentsExport(context, admin, exportDays(query, businessMonth()));
    if ("streamed" in answer) return answer.streamed;
    return jsonResponse(
      { success: true, message: queuedMessage(answer.queued, "payments"), export: answer.queued },
      { status: 202 },
    );
  });
}

export const action = () => methodNotAllowed(["GET"]);
