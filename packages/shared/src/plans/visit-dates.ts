/**
 * When a membership's included visits fall due (docs/product.md#plans, docs/decisions/029-maintenance-plans.md):
 * spread across the plan year, the first two weeks in, and what a placed visit is called. Pure: the placing is
 * ./plan-visits.server.ts.
 */
import { addLocalDays, localDaysBetween, parseLocalDate } from "../time";

/** The first visit is due this many days after the plan year starts (time to settle in, and to place it). */
const FIRST_VISIT_AFTER_DAYS = 14;
/** The most visits a plan year holds (one a month: the migration's check). */
const MOST_VISITS = 12;

/** The calendar month `index` months after year 0's January, as its 1st. */
const monthStart = (index: number) => ({ year: Math.floor(index / 12), month: (index % 12) + 1, day: 1 });

/** "2027-01-31" + 1 month → "2027-02-28": a calendar month on, the day kept where the month has it. */
function addLocalMonths(date: string, months: number): string {
  const d = parseLocalDate(date);
  if (!d) throw new RangeError(`bad local date: ${JSON.stringify(date)}`);
  const index = d.year * 12 + (d.month - 1) + months;
  const sameDay = addLocalDays(monthStart(index), d.day - 1);
  const lastDay = addLocalDays(monthStart(index + 1), -1);
  return sameDay < lastDay ? sameDay : lastDay;
}

/**
 * The due dates of a plan year's included visits ("YYYY-MM-DD", Baton Rouge dates), in order: the first 14 days
 * after the year's start, the others every 12/visitsPerYear months after it (whole months when that divides 12:
 * 1, 2, 3, 4, 6 or 12 visits), or else the year's days shared evenly (5 visits: every 73 days); none on or after
 * the next year's start. No visits: none.
 */
export function planYearDueDates(yearStart: string, visitsPerYear: number): string[] {
  if (!parseLocalDate(yearStart)) throw new RangeError(`bad plan year start: ${JSON.stringify(yearStart)}`);
  if (!Number.isInteger(visitsPerYear) || visitsPerYear < 0 || visitsPerYear > MOST_VISITS)
    throw new RangeError(`bad visits per year: ${visitsPerYear}`);
  if (visitsPerYear === 0) return [];
  const nextYear = addLocalMonths(yearStart, 12);
  const first = addLocalDays(yearStart, FIRST_VISIT_AFTER_DAYS);
  const months = 12 % visitsPerYear === 0 ? 12 / visitsPerYear : null;
  const days = Math.floor(localDaysBetween(yearStart, nextYear) / visitsPerYear);
  const dates: string[] = [];
  for (let i = 0; i < visitsPerYear; i++) {
    const due = months !== null ? addLocalMonths(first, i * months) : addLocalDays(first, i * days);
    if (due >= nextYear) break;
    dates.push(due);
  }
  return dates;
}

/** What a plan's included visit is, by its service (a service page's slug, ../business.ts). */
const VISIT_OF_SERVICE: Record<string, string> = {
  generator: "generator service",
  "panel-upgrades": "panel safety check",
  residential: "home electrical safety check",
  commercial: "electrical maintenance visit",
  lighting: "lighting check",
  emergency: "electrical safety check",
};

const HOW_OFTEN: Record<number, string> = { 1: "yearly", 2: "twice-yearly", 4: "quarterly", 12: "monthly" };

/** A placed visit's summary, as the bookings list and the emails name it: "Generator Care: yearly generator service". */
export function planVisitSummary(plan: { name: string; serviceType: string; visitsPerYear: number }): string {
  const visit = VISIT_OF_SERVICE[plan.serviceType] ?? "maintenance visit";
  const often = HOW_OFTEN[plan.visitsPerYear] ?? "included";
  return `${plan.name}: ${often} ${visit}`;
}
