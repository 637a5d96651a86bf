import type { LoaderFunctionArgs } from "@remix-run/node";
import { recentAudit } from "./audit.server";
import { currentFeedUrl } from "~/features/calendar/public.server";
import { adminStats } from "./stats.server";
import { dashboardToday } from "./today.server";
import { requireAdmin } from "~/utils/auth.server";
import { fieldErrors } from "@app/shared/api/errors";
import { moneyReportQuerySchema } from "@app/shared/api/reports";
import { businessDate, businessMonth, formatLocalDate, monthKey, parseMonth } from "@app/shared/time";
import { moneyReport } from "~/features/reports/public.server";
import { planReport } from "@app/shared/plans/plan-reports.server";
import { data } from "~/utils/responses.server";

/** /dashboard's data: today, the statistics, the audit log, the admin's calendar feed, the plans' figures (as GET /api/reports/plans) and the money section's month (`?month=YYYY-MM`; one that is not valid shows this month and answers 400). */
export async function dashboardLoader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const now = new Date();
  // The money section's month (?month=YYYY-MM, else this month); one that is not valid shows this
  // month, says why, and answers 400.
  const query = moneyReportQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const monthError = query.success ? null : (fieldErrors(query.error).month ?? "Use a month as YYYY-MM");
  const thisMonth = businessMonth(now);
  const month = query.success && query.data.month ? parseMonth(query.data.month)! : thisMonth;
  const [today, stats, audit, feedUrl, money, plans] = await Promise.all([
    dashboardToday(context, now),
    adminStats(context, now),
    recentAudit(context, 10),
    currentFeedUrl(context, admin.id),
    moneyReport(context, month, now),
    planReport(context.services.db, now),
  ]);
  return data(
    {
      admin,
      today,
      day: formatLocalDate(businessDate(now)),
      stats,
      audit,
      feedUrl,
      money,
      plans,
      thisMonth: monthKey(thisMonth),
      monthError,
    },
    { status: monthError ? 400 : 200 },
  );
}
