import type { LoaderFunctionArgs } from "@remix-run/node";
import { moneyReportQuerySchema } from "@app/shared/api/reports";
import { businessMonth, parseMonth } from "@app/shared/time";
import { moneyReport } from "~/features/reports/money-report.server";
import { apiHandler, jsonResponse, methodNotAllowed, validate } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/reports/money?month=YYYY-MM (admin): the month's money figures, what is owed now by
 * age, and the oldest unpaid invoices, as the dashboard shows them (docs/product.md#money-on-the-dashboard).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(context, async () => {
    await requireAdmin(request, context);
    const query = validate(
      moneyReportQuerySchema,
      Object.fromEntries(new URL(request.url).searchParams),
      "Invalid query",
    );
    const now = new Date();
    const month = query.month ? parseMonth(query.month)! : businessMonth(now);
    return jsonResponse({ success: true, ...(await moneyReport(context, month, now)) });
  });
}

export const action = () => methodNotAllowed(["GET"]);
