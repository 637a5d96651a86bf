import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { calendarDayQuerySchema } from "@app/shared/api/admin";
import { loadTechnicians } from "@app/shared/scheduling/schedule.server";
import { technicianChoices } from "@app/shared/scheduling/technicians";
import {
  addLocalDays,
  businessDate,
  businessMonth,
  endOfBusinessDay,
  localDateKey,
  monthKey,
  monthRange,
  parseMonth,
  startOfBusinessDay,
} from "@app/shared/time";
import { invalid, success } from "@app/shared/result";
import { bookingsBetween } from "~/features/bookings/public.server";
import { MAX_PER_DAY, type CalendarDay } from "./calendar-grid";
import { requireAdmin } from "~/utils/auth.server";

interface CellRow {
  day: string;
  total: number;
  id: number;
  summary: string;
  priority: CalendarDay["bookings"][number]["priority"];
  status: CalendarDay["bookings"][number]["status"];
}

/**
 * The calendar's visible month (`?month=YYYY-MM`, else this month), in the
 * business's zone (docs/product.md#calendar): for each day with bookings, how
 * many it has and the first MAX_PER_DAY of them by time (then id), with only
 * what a day cell shows. PostgreSQL counts and picks per day (a lateral count
 * and a lateral LIMIT over the scheduledDate index), so neither this answer nor
 * the page grows with the month's bookings. The day dialog reads a whole day
 * when it opens (`calendarDay`).
 */
async function calendarMonth(context: AppLoadContext, search: URLSearchParams, now = new Date()) {
  const month = parseMonth(search.get("month")) ?? businessMonth(now);
  // Each Baton Rouge day of the month as an instant range (a day is 23 or 25 hours when the clocks change).
  const { to } = monthRange(month);
  const bounds: Array<{ day: string; from: string; to: string }> = [];
  for (
    let day = localDateKey({ ...month, day: 1 });
    startOfBusinessDay(day).getTime() < to.getTime();
    day = addLocalDays(day, 1)
  )
    bounds.push({ day, from: startOfBusinessDay(day).toISOString(), to: endOfBusinessDay(day).toISOString() });
  // "scheduledDate" is a timestamp without zone holding UTC, as Prisma writes it.
  const rows = await context.services.db.$queryRaw<CellRow[]>`
    SELECT d.day, c.total, b.id, b.summary, b.priority::text AS priority, b.status::text AS status
      FROM jsonb_to_recordset(${JSON.stringify(bounds)}::jsonb) AS d(day text, "from" timestamptz, "to" timestamptz)
     CROSS JOIN LATERAL (
           SELECT count(*)::int AS total FROM "Booking" x
            WHERE x."scheduledDate" >= d."from" AT TIME ZONE 'UTC' AND x."scheduledDate" < d."to" AT TIME ZONE 'UTC'
           ) c
     CROSS JOIN LATERAL (
           SELECT x.id, x.summary, x.priority, x.status, x."scheduledDate" FROM "Booking" x
            WHERE x."scheduledDate" >= d."from" AT TIME ZONE 'UTC' AND x."scheduledDate" < d."to" AT TIME ZONE 'UTC'
            ORDER BY x."scheduledDate", x.id
            LIMIT ${MAX_PER_DAY}
           ) b
     ORDER BY d."from", b."scheduledDate", b.id`;
  const days: Record<string, CalendarDay> = {};
  for (const { day, total, ...booking } of rows) (days[day] ??= { total, bookings: [] }).bookings.push(booking);
  return { month: monthKey(month), today: businessDate(now), days };
}

/**
 * One day of the calendar for its dialog (`?date=YYYY-MM-DD`, Baton Rouge):
 * every booking that day by time, each with what the dialog shows (details,
 * technician, the customer's name, email and phone), and the technicians its
 * selectors offer.
 */
export async function calendarDay(context: AppLoadContext, query: Record<string, string>) {
  const parsed = calendarDayQuerySchema.safeParse(query);
  if (!parsed.success) return invalid(parsed.error, "Invalid query");
  const { date } = parsed.data;
  const [rows, technicians] = await Promise.all([
    bookingsBetween(context, startOfBusinessDay(date), endOfBusinessDay(date)),
    loadTechnicians(context.services.db),
  ]);
  const bookings = rows.map((b) => ({
    id: b.id,
    summary: b.summary,
    details: b.details,
    priority: b.priority,
    status: b.status,
    scheduledDate: b.scheduledDate,
    technicianId: b.technicianId,
    technicianName: b.technicianName,
    customer: b.customer ? { name: b.customer.name, email: b.customer.email, phone: b.customer.phone } : null,
  }));
  return success({ date, bookings, technicians: technicianChoices(technicians) });
}

export type CalendarDayBooking = Extract<
  Awaited<ReturnType<typeof calendarDay>>,
  { ok: true }
>["value"]["bookings"][number];

/** /admin/calendar's data: the month asked for (`?month=YYYY-MM`), its days' counts and first bookings. */
export async function calendarLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return calendarMonth(context, new URL(request.url).searchParams);
}
