/**
 * The day-then-window picker (web/app/features/scheduling/window-picker.tsx) as a person uses it:
 * a day of the calendar (a link before the page's code runs, a button after), then one of that
 * day's windows, a radio button named like "10 AM – 12 PM · 2 places left".
 */
import type { APIRequestContext, Locator } from "@playwright/test";
import { formatWindowRange } from "@app/shared/scheduling/windows";
import { addLocalDays, businessDate, formatLocalDay, localWeekday, requireBusinessInstant } from "@app/shared/time";
import { isHoliday } from "../support/holidays";

/**
 * A day `after` days ahead or later that has arrival windows (not a Sunday or a holiday): past the
 * two hours' notice whatever the time now, and within the coming two weeks every picker shows.
 */
export function openDay(after = 2): string {
  let date = addLocalDays(businessDate(), after);
  while (localWeekday(date) === 0 || isHoliday(date)) date = addLocalDays(date, 1);
  return date;
}

/**
 * The first day from `after` days ahead (as `openDay`), and at most `within` days ahead, whose window
 * starting at `hour` the schedule offers now (GET /api/availability); null when none is. For the
 * tests that decide which technicians work: the tests before them leave visits without a technician
 * in some windows, which take those windows' places, and which days they fall on changes with the
 * date the suite runs.
 */
export async function offeredWindowDay(
  request: APIRequestContext,
  hour: number,
  after = 2,
  within = 12,
): Promise<string | null> {
  const last = addLocalDays(businessDate(), within);
  for (let ahead = after; ; ahead++) {
    const day = openDay(ahead);
    if (day > last) return null;
    const start = requireBusinessInstant(day, hour * 60).toISOString();
    const res = await request.get(`/api/availability?from=${day}&days=1`);
    const { windows } = (await res.json()) as { windows: Array<{ start: string }> };
    if (windows.some((w) => w.start === start)) return day;
  }
}

/** The first of `hours` (in order) with a day `offeredWindowDay` finds: that day and hour. */
export async function offeredWindow(
  request: APIRequestContext,
  hours: number[],
  after = 2,
  within = 12,
): Promise<{ date: string; hour: number }> {
  for (const hour of hours) {
    const date = await offeredWindowDay(request, hour, after, within);
    if (date) return { date, hour };
  }
  throw new Error(`no day within ${within} days offers a window at ${hours.join(", ")} o'clock`);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A day of the calendar with open windows, by its accessible name ("Friday, December 4: 3 open times"). */
export function pickerDay(scope: Locator, day: string): Locator {
  const name = new RegExp(`^${escaped(formatLocalDay(day))}: \\d+ open times?$`);
  return scope.getByRole("button", { name }).or(scope.getByRole("link", { name }));
}

/** The window of `day` starting at `hour` (Baton Rouge time), once its day is shown. */
export function pickerWindow(scope: Locator, day: string, hour = 10): Locator {
  const start = requireBusinessInstant(day, hour * 60);
  const range = formatWindowRange({ start, end: requireBusinessInstant(day, (hour + 2) * 60) });
  return scope.getByRole("radio", { name: new RegExp(`^${escaped(range)} · \\d+ places? left$`) });
}

/** Chooses `day`, then its window starting at `hour`; the window's start, as the form posts it. */
export async function chooseWindow(scope: Locator, day: string, hour = 10): Promise<string> {
  await pickerDay(scope, day).click();
  await pickerWindow(scope, day, hour).check();
  return requireBusinessInstant(day, hour * 60).toISOString();
}
