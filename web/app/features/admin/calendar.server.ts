import type { AppLoadContext } from "@remix-run/node";
import { business } from "@app/shared/business";
import { zonedDateString, zonedParts, zonedToUtc } from "@app/shared/time";
import { bookingsBetween } from "./bookings-list.server";
import { addMonths, dayKey, monthKey, parseMonth } from "./calendar-math";

/**
 * The calendar's visible month (`?month=YYYY-MM`, else this month), in the
 * business's zone: only bookings scheduled from the 1st 00:00 to the next
 * month's 1st 00:00, Baton Rouge time. Customer details are left out (the
 * day dialog fetches them when opened); each booking carries its local `day`.
 */
export async function calendarMonth(context: AppLoadContext, search: URLSearchParams, now = new Date()) {
  const tz = business.timeZone;
  const today = zonedParts(now, tz);
  const month = parseMonth(search.get("month")) ?? { year: today.year, month: today.month };
  const next = addMonths(month, 1);
  const from = zonedToUtc({ year: month.year, month: month.month, day: 1 }, 0, 0, tz);
  const to = zonedToUtc({ year: next.year, month: next.month, day: 1 }, 0, 0, tz);
  const rows = await bookingsBetween(context, from, to);
  const bookings = rows.map(({ customer: _customer, ...booking }) => ({ ...booking, day: zonedDateString(new Date(booking.scheduledDate), tz) }));
  return { month: monthKey(month), today: dayKey(today.year, today.month, today.day), bookings };
}

export type CalendarBooking = Awaited<ReturnType<typeof calendarMonth>>["bookings"][number];
