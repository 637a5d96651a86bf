import type { AppLoadContext } from "@remix-run/node";
import { businessDate, businessMonth, monthKey, monthRange, parseMonth } from "@app/shared/time";
import { loadTechnicians, technicianChoices } from "@app/shared/schedule";
import { bookingsBetween } from "./bookings-list.server";

/**
 * The calendar's visible month (`?month=YYYY-MM`, else this month), in the
 * business's zone: only bookings scheduled from the 1st 00:00 to the next
 * month's 1st 00:00, Baton Rouge time. Customer details are left out (the
 * day dialog fetches them when opened); each booking carries its local `day`.
 */
export async function calendarMonth(context: AppLoadContext, search: URLSearchParams, now = new Date()) {
  const month = parseMonth(search.get("month")) ?? businessMonth(now);
  const { from, to } = monthRange(month);
  const [rows, technicians] = await Promise.all([
    bookingsBetween(context, from, to),
    loadTechnicians(context.services.db),
  ]);
  const bookings = rows.map(({ customer: _customer, ...booking }) => ({
    ...booking,
    day: businessDate(new Date(booking.scheduledDate)),
  }));
  return { month: monthKey(month), today: businessDate(now), bookings, technicians: technicianChoices(technicians) };
}

export type CalendarBooking = Awaited<ReturnType<typeof calendarMonth>>["bookings"][number];
