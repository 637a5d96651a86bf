/**
 * The day-then-window choice (docs/product.md#booking-rules): the open windows a customer may
 * choose (GET /api/availability, or a page's loader, through `customerSchedule`), laid out as the
 * days of a calendar, each open (with how many windows), fully booked or closed, and a day's own
 * windows with the places each has left. Nothing here decides what is open: it only arranges what
 * the schedule answered. Pure and safe for the browser.
 */
import { business, type BookingRules } from "../business";
import { addLocalDays, businessDate, formatLocalDay, localWeekday } from "../time";
import type { ClosedDay } from "./closures";
import { formatWindowRange, windowsOn, type WindowJson } from "./windows";

/**
 * What a day-then-window choice is given: the range of days it shows, the open windows in it (each
 * with a place left, soonest first) and the days a closure takes away (GET /api/availability).
 */
export interface WindowChoices {
  /** The first day, "YYYY-MM-DD" (Baton Rouge). */
  from: string;
  /** How many days from `from`. */
  days: number;
  windows: WindowJson[];
  closures: Array<Pick<ClosedDay, "date" | "reason">>;
}

/**
 * How many days every day-then-window choice shows (/book, the chat's and the portal's request
 * forms, the manage link's "Change the time"): today to the booking horizon, the same everywhere.
 */
export function pickerDays(rules: BookingRules = business.booking): number {
  return rules.horizonDays + 1;
}

/** One day of the calendar. */
export interface WindowDay {
  /** The Baton Rouge date, "YYYY-MM-DD". */
  date: string;
  /** 0 = Sunday. */
  weekday: number;
  /**
   * Open: at least one window has a place; full: the day has windows and none has a place; past:
   * its windows start too soon to book (today's, once the minimum notice has passed them); closed:
   * no windows at all.
   */
  state: "open" | "full" | "past" | "closed";
  /** How many of its windows have a place. */
  open: number;
  /** Why it is closed, when a closure says ("Thanksgiving"); null otherwise. */
  reason: string | null;
}

/** The Baton Rouge date a window (as the schedule answered it) starts on. */
export function dayOfWindow(start: string): string {
  return businessDate(new Date(start));
}

/**
 * The `days` dates from `from`, each with what it offers: the open windows among `windows` (those
 * with a place), the business's closures and the weekdays without windows (closed). A day whose
 * windows all start sooner than the minimum notice from `now` is past, not fully booked: the
 * schedule leaves such windows out as it leaves out full ones.
 */
export function windowDays(
  from: string,
  days: number,
  windows: readonly WindowJson[],
  closures: readonly Pick<ClosedDay, "date" | "reason">[] = [],
  rules: BookingRules = business.booking,
  now: Date = new Date(),
): WindowDay[] {
  const soonest = now.getTime() + rules.minimumNoticeMinutes * 60_000;
  const openPerDay = new Map<string, number>();
  for (const w of windows) {
    if (w.available <= 0) continue;
    const day = dayOfWindow(w.start);
    openPerDay.set(day, (openPerDay.get(day) ?? 0) + 1);
  }
  const closedOn = new Map(closures.map((c) => [c.date, c.reason]));
  return Array.from({ length: days }, (_, i) => {
    const date = addLocalDays(from, i);
    const weekday = localWeekday(date);
    const open = openPerDay.get(date) ?? 0;
    const closure = closedOn.get(date);
    if (closure !== undefined) return { date, weekday, state: "closed", open: 0, reason: closure };
    if (open > 0) return { date, weekday, state: "open", open, reason: null };
    const ruled = windowsOn(date, rules);
    if (!ruled.length) return { date, weekday, state: "closed", open: 0, reason: null };
    const tooSoon = ruled.every((w) => w.start.getTime() < soonest);
    return { date, weekday, state: tooSoon ? "past" : "full", open: 0, reason: null };
  });
}

/** The open windows (a place left) of one Baton Rouge date, in order. */
export function windowsOfDay(windows: readonly WindowJson[], date: string): WindowJson[] {
  return windows.filter((w) => w.available > 0 && dayOfWindow(w.start) === date);
}

/** "Friday, December 4: 3 open times", "Thursday, November 26: closed (Thanksgiving)": a day as a screen reader names it. */
export function dayWords(day: WindowDay): string {
  const name = formatLocalDay(day.date);
  if (day.state === "open") return `${name}: ${day.open} open ${day.open === 1 ? "time" : "times"}`;
  if (day.state === "full") return `${name}: fully booked`;
  if (day.state === "past") return `${name}: no times left to book`;
  return `${name}: closed${day.reason ? ` (${day.reason})` : ""}`;
}

/** What a calendar cell shows under the day's number: "3 open", "Full", "Past", "Closed". */
export function dayNote(day: WindowDay): string {
  if (day.state === "open") return `${day.open} open`;
  return { full: "Full", past: "Past", closed: "Closed" }[day.state];
}

/** "1 place left", "3 places left". */
export function placesLeft(available: number): string {
  return `${available} ${available === 1 ? "place" : "places"} left`;
}

/** "8 AM – 10 AM · 2 places left": a window as the day's list offers it (Baton Rouge time). */
export function windowChoiceLabel(w: WindowJson): string {
  return `${formatWindowRange({ start: new Date(w.start), end: new Date(w.end) })} · ${placesLeft(w.available)}`;
}
