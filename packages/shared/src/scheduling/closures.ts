/**
 * Closed days (docs/product.md#closed-days): the business's standard holidays of a year, the years
 * the schedule must know them for, which arrival windows a closed day takes away, and how a closure
 * is named to a customer. Pure and safe for the browser; the closures themselves are rows of
 * PostgreSQL, read by `loadClosures` (./schedule.server.ts) and written by ./closures.server.ts.
 */
import { business, type BookingRules } from "../business";
import { addLocalDays, businessDate, businessYear, formatLocalDay, localDateKey, localWeekday } from "../time";
import type { ArrivalWindow } from "./windows";

/** A day the business is closed, as the schedule reads it. */
export interface ClosedDay {
  /** The Baton Rouge date, "YYYY-MM-DD". */
  date: string;
  /** "Thanksgiving". */
  reason: string;
  /** One of the business's standard holidays (added each year), not added by a person. */
  holiday: boolean;
}

/** One of the business's standard holidays in a given year. */
export interface Holiday {
  date: string;
  reason: string;
}

const MONDAY = 1;
const THURSDAY = 4;

/** The `n`th `weekday` (0 = Sunday) of a month (1-12): n = 1 the first, n = -1 the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = localDateKey({ year, month, day: 1 });
    return addLocalDays(first, ((weekday - localWeekday(first) + 7) % 7) + (n - 1) * 7);
  }
  const nextFirst = month === 12 ? { year: year + 1, month: 1, day: 1 } : { year, month: month + 1, day: 1 };
  const last = addLocalDays(nextFirst, -1);
  return addLocalDays(last, -((localWeekday(last) - weekday + 7) % 7));
}

/**
 * The days most US contractors close on, in date order: New Year's Day, Memorial Day (the last
 * Monday of May), Independence Day, Labor Day (the first Monday of September), Thanksgiving (the
 * fourth Thursday of November) and Christmas Day. Each on its own date: one that falls on a Sunday
 * has no windows anyway, and the office adds an observed day by hand if it wants one.
 */
export function holidaysOf(year: number): Holiday[] {
  return [
    { date: localDateKey({ year, month: 1, day: 1 }), reason: "New Year's Day" },
    { date: nthWeekday(year, 5, MONDAY, -1), reason: "Memorial Day" },
    { date: localDateKey({ year, month: 7, day: 4 }), reason: "Independence Day" },
    { date: nthWeekday(year, 9, MONDAY, 1), reason: "Labor Day" },
    { date: nthWeekday(year, 11, THURSDAY, 4), reason: "Thanksgiving" },
    { date: localDateKey({ year, month: 12, day: 25 }), reason: "Christmas Day" },
  ];
}

/** The years whose holidays the schedule must hold now: this year, and each year the booking horizon reaches. */
export function holidayYears(now: Date = new Date(), rules: BookingRules = business.booking): number[] {
  const first = businessYear(now);
  const last = Number(addLocalDays(businessDate(now), rules.horizonDays).slice(0, 4));
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** The windows that are not on a closed day, in their order. */
export function withoutClosedDays<W extends ArrivalWindow>(
  windows: readonly W[],
  closures: readonly Pick<ClosedDay, "date">[],
): W[] {
  if (closures.length === 0) return [...windows];
  const closed = new Set(closures.map((c) => c.date));
  return windows.filter((w) => !closed.has(businessDate(w.start)));
}

/** "We're closed on Thursday, November 26 (Thanksgiving)": how a customer and staff are told. */
export function closedDayWords(closure: Pick<ClosedDay, "date" | "reason">): string {
  return `We're closed on ${formatLocalDay(closure.date)} (${closure.reason})`;
}
