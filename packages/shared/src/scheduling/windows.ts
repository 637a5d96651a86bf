/**
 * The business's arrival windows (docs/product.md#booking-rules): which a day has (none on a day
 * closed to booking), which a customer may choose now (minimum notice, horizon), and how they are
 * named and offered. The windows per weekday, the notice and the horizon are business facts
 * (`business.booking`, ../business.ts). Pure and safe for the browser; what a window still takes
 * is ./capacity.ts.
 */
import { business, type BookingRules } from "../business";
import {
  addLocalDays,
  businessDate,
  clockMinutes,
  formatClockWords,
  formatShortWeekdayDate,
  localWeekday,
  requireBusinessInstant,
} from "../time";

export interface ArrivalWindow {
  start: Date;
  end: Date;
}

/** The answer's JSON for one window (GET /api/availability, 409 alternatives). */
export interface WindowJson {
  start: string;
  end: string;
  available: number;
}

/** The arrival windows of a Baton Rouge date ("YYYY-MM-DD"), in order; none on a closed day. */
export function windowsOn(date: string, rules: BookingRules = business.booking): ArrivalWindow[] {
  const weekday = localWeekday(date) as keyof BookingRules["windows"];
  return rules.windows[weekday].map((w) => ({
    start: requireBusinessInstant(date, clockMinutes(w.start)),
    end: requireBusinessInstant(date, clockMinutes(w.end)),
  }));
}

/** The windows of `days` dates from `from` ("YYYY-MM-DD"), in order. */
export function windowsBetween(from: string, days: number, rules: BookingRules = business.booking): ArrivalWindow[] {
  return Array.from({ length: days }, (_, i) => windowsOn(addLocalDays(from, i), rules)).flat();
}

/**
 * Whether a customer may choose this window now: it starts after the minimum
 * notice, and on a date no further ahead than the horizon.
 */
export function isBookable(window: ArrivalWindow, now: Date, rules: BookingRules = business.booking): boolean {
  if (window.start.getTime() < now.getTime() + rules.minimumNoticeMinutes * 60_000) return false;
  return businessDate(window.start) <= addLocalDays(businessDate(now), rules.horizonDays);
}

/**
 * The windows of `days` dates from `from` that a customer may choose now (`isBookable`'s rule), in
 * order: the horizon's last date is found once, and no window is made for a date beyond it.
 */
export function bookableWindowsBetween(
  from: string,
  days: number,
  now: Date,
  rules: BookingRules = business.booking,
): ArrivalWindow[] {
  const lastDate = addLocalDays(businessDate(now), rules.horizonDays);
  const earliest = now.getTime() + rules.minimumNoticeMinutes * 60_000;
  const windows: ArrivalWindow[] = [];
  for (let i = 0; i < days; i++) {
    const date = addLocalDays(from, i);
    if (date > lastDate) break;
    // A window starts on its own date: the horizon is the date's, the notice the window's.
    for (const w of windowsOn(date, rules)) if (w.start.getTime() >= earliest) windows.push(w);
  }
  return windows;
}

/** Whether a window with this start is one of the business's windows; the window when it is. */
export function windowStartingAt(start: Date, rules: BookingRules = business.booking): ArrivalWindow | null {
  return windowsOn(businessDate(start), rules).find((w) => w.start.getTime() === start.getTime()) ?? null;
}

export function windowJson(w: ArrivalWindow & { available: number }): WindowJson {
  return { start: w.start.toISOString(), end: w.end.toISOString(), available: w.available };
}

/** "10 AM – 12 PM". */
export function formatWindowRange(window: ArrivalWindow): string {
  return `${formatClockWords(window.start)} – ${formatClockWords(window.end)}`;
}

/** "between 10 AM and 12 PM". */
export function formatWindowTimes(window: ArrivalWindow): string {
  return `between ${formatClockWords(window.start)} and ${formatClockWords(window.end)}`;
}

/** "Friday, Dec 4, between 10 AM and 12 PM" (Baton Rouge time). */
export function formatWindow(window: ArrivalWindow): string {
  return `${formatShortWeekdayDate(window.start)}, ${formatWindowTimes(window)}`;
}

/** An open window as menus and the chat offer it. */
export interface WindowChoice {
  /** The window's start, as GET /api/availability gave it. */
  value: string;
  /** "Friday, Dec 4, 10 AM – 12 PM": the whole of it, as a menu option or a chat action reads. */
  label: string;
  /** "10 AM – 12 PM". */
  time: string;
}

/** Open windows grouped by Baton Rouge day ("Friday, Dec 4"), soonest first. */
export function windowMenu(windows: readonly WindowJson[]): Array<{ day: string; options: WindowChoice[] }> {
  const groups: Array<{ day: string; options: WindowChoice[] }> = [];
  for (const w of windows) {
    if (w.available <= 0) continue;
    const start = new Date(w.start);
    const day = formatShortWeekdayDate(start);
    const time = formatWindowRange({ start, end: new Date(w.end) });
    const choice = { value: w.start, label: `${day}, ${time}`, time };
    const group = groups[groups.length - 1];
    if (group?.day === day) group.options.push(choice);
    else groups.push({ day, options: [choice] });
  }
  return groups;
}
