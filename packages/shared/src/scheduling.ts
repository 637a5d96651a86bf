/**
 * Arrival windows and their capacity (docs/product.md#booking-rules). Pure and
 * safe for the browser: the server loads the technicians and the bookings that
 * keep them busy, and this module decides what is open.
 *
 * A window's capacity is the number of active technicians who work that
 * weekday and have no visit overlapping it. A booking a customer placed in a
 * window without a technician yet holds one of those places, so what is
 * `available` is that capacity less the unassigned visits overlapping the
 * window. Requests left for staff to place (`needsPlacing`) hold nothing.
 */
import { business, type BookingRules } from "./business";
import {
  addLocalDays,
  businessDate,
  clockMinutes,
  formatClockWords,
  formatShortWeekdayDate,
  localWeekday,
  requireBusinessInstant,
} from "./time";

export interface ArrivalWindow {
  start: Date;
  end: Date;
}

export interface ScheduledTechnician {
  id: number;
  firstName: string;
  lastName: string;
  /** Weekdays worked, 0 = Sunday. */
  workingDays: readonly number[];
}

/** A technician as a menu lists them. */
export interface TechnicianChoice {
  id: number;
  name: string;
}

/** A visit that keeps time: its technician's, or one place in the windows it overlaps while nobody is assigned. */
export interface BusyVisit {
  technicianId: number | null;
  start: Date;
  end: Date;
}

export interface WindowAvailability extends ArrivalWindow {
  /** How many more customer visits the window takes (0: full). */
  available: number;
  /** The technicians with no visit overlapping the window who work that day. */
  freeTechnicians: ScheduledTechnician[];
}

/** The answer's JSON for one window (GET /api/availability, 409 alternatives). */
export interface WindowJson {
  start: string;
  end: string;
  available: number;
}

const overlaps = (a: ArrivalWindow, b: ArrivalWindow) => a.start < b.end && b.start < a.end;

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

/** Whether a window with this start is one of the business's windows; the window when it is. */
export function windowStartingAt(start: Date, rules: BookingRules = business.booking): ArrivalWindow | null {
  return windowsOn(businessDate(start), rules).find((w) => w.start.getTime() === start.getTime()) ?? null;
}

/** Each window's free technicians and what it still takes. */
export function windowAvailability(
  windows: readonly ArrivalWindow[],
  technicians: readonly ScheduledTechnician[],
  visits: readonly BusyVisit[],
): WindowAvailability[] {
  return windows.map((window) => {
    const weekday = localWeekday(businessDate(window.start));
    const overlapping = visits.filter((v) => overlaps(v, window));
    const busy = new Set(overlapping.map((v) => v.technicianId).filter((id) => id !== null));
    const freeTechnicians = technicians.filter((t) => t.workingDays.includes(weekday) && !busy.has(t.id));
    const unassigned = overlapping.filter((v) => v.technicianId === null).length;
    return { ...window, freeTechnicians, available: Math.max(0, freeTechnicians.length - unassigned) };
  });
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
