import type { LoaderFunctionArgs } from "@remix-run/node";
import { paymentsExportQuerySchema } from "@app/shared/api/reports";
import { businessMonth } from "@app/shared/time";
import { exportDays } from "~/features/reports/money-report";
import { paymentsCsv } from "~/features/reports/payments-csv.server";
import { apiHandler, apiResult, methodNotAllowed, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { csvResponse } from "~/utils/csv.server";

/**
 * GET /api/payments/export.csv?from=YYYY-MM-DD&to=YYYY-MM-DD (admin): the payments received on
 * those Baton Rouge days (this month by default) as CSV for the bookkeeper, escaped and defused as
 * the bookings export is (docs/product.md#money-on-the-dashboard).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    const query = validate(
      paymentsExportQuerySchema,
      Object.fromEntries(new URL(request.url).searchParams),
      "Invalid dates",
    );
    const days = exportDays(query, businessMonth());
    const csv = await paymentsCsv(context, days);
    if (!csv.ok) return apiResult(csv);
    return csvResponse(csv.value.chunks, `payments-${days.from}-to-${days.to}.csv`);
  });
}

export const action = () => methodNotAllowed(["GET"]);
