import type { AppLoadContext } from "@remix-run/node";
import { dispatchQuerySchema } from "@app/shared/api/dispatch";
import { invalid, success, type Result } from "@app/shared/result";
import { membersAmong } from "@app/shared/plans/members.server";
import { loadTechnicians } from "@app/shared/scheduling/schedule.server";
import { addLocalDays, businessDate, startOfBusinessDay } from "@app/shared/time";
import { boardDates, buildBoard, type BoardRow, type DispatchBoard } from "./board";

/** The most visits one board reads (a week of a busy office is a few hundred). */
const MAX_VISITS = 3_000;
/** The most requests from earlier days still to be placed that the board lists. */
const MAX_WAITING = 50;

/**
 * The dispatch board of `?date=YYYY-MM-DD` (Baton Rouge; today when absent) and `?view=day|week`
 * (the week from Sunday holding the day), for the page (/admin/dispatch) and `GET /api/dispatch`
 * alike (docs/product.md#dispatch-board): that day's or week's visits, read over the scheduledDate
 * index, and the requests of earlier days still to be placed (a partial index holds only those),
 * which wait in the Unassigned column whichever day is shown; then the members among their customers, in one
 * query (docs/product.md#plans). 400 for a query that is not one.
 */
export async function dispatchBoard(
  context: AppLoadContext,
  query: Record<string, string>,
  now = new Date(),
): Promise<Result<DispatchBoard>> {
  const parsed = dispatchQuerySchema.safeParse(query);
  if (!parsed.success) return invalid(parsed.error, "Invalid query");
  const { view } = parsed.data;
  const date = parsed.data.date ?? businessDate(now);
  const dates = boardDates(date, view);
  const from = startOfBusinessDay(dates[0]);
  const to = startOfBusinessDay(addLocalDays(dates[dates.length - 1]!, 1));
  const { db } = context.services;
  // Literal conditions, so PostgreSQL can use the partial index "Booking_to_be_placed_idx".
  const waiting = await db.$queryRaw<Array<{ id: number }>>`
    SELECT id FROM "Booking"
     WHERE "needsPlacing" AND status IN ('pending', 'in_progress')
       AND "scheduledDate" < ${from.toISOString()}::timestamptz AT TIME ZONE 'UTC'
     ORDER BY "scheduledDate", id
     LIMIT ${MAX_WAITING}`;
  const [technicians, rows] = await Promise.all([
    loadTechnicians(db),
    db.booking.findMany({
      where: {
        OR: [
          { scheduledDate: { gte: from, lt: to }, status: { not: "cancelled" } },
          { id: { in: waiting.map((w) => w.id) } },
        ],
      },
      select: {
        id: true,
        summary: true,
        priority: true,
        status: true,
        scheduledDate: true,
        durationMinutes: true,
        needsPlacing: true,
        address: true,
        technicianId: true,
        technicianDroppedAt: true,
        customerId: true,
        customer: { select: { name: true } },
        technician: { select: { id: true, firstName: true, lastName: true, workingDays: true, isActive: true } },
      },
      orderBy: [{ scheduledDate: "asc" }, { id: "asc" }],
      take: MAX_VISITS,
    }),
  ]);
  const members = await membersAmong(
    db,
    rows.filter((r) => r.status !== "cancelled").map((r) => r.customerId),
  );
  return success(buildBoard({ date, view, dates, technicians, rows: rows satisfies BoardRow[], members }));
}
