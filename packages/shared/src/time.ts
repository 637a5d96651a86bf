/**
 * The one clock: the business's time zone (America/Chicago, from the business
 * facts) and everything the project does with local dates and times. Pages,
 * emails, the chat, the CSV export and the ICS feed all read time through here,
 * on the server and in the browser alike, so a time entered or shown means
 * Baton Rouge time wherever the server or the browser runs.
 *
 * Safe for the browser (date-fns is tree-shaken). Every function that returns
 * an instant returns a plain `Date`; the zone-aware `TZDate` stays inside.
 *
 * Words used here: an *instant* is a point in time (a `Date`); a *local date*
 * is a Baton Rouge calendar day, "YYYY-MM-DD"; a *local time* is a Baton Rouge
 * wall-clock time, "HH:MM" (24-hour); a *month* is { year, month: 1-12 }.
 */
import { TZDate, tzOffset } from "@date-fns/tz";
import { UTCDate } from "@date-fns/utc";
import { addMinutes, format, formatISO } from "date-fns";
import { business } from "./business";

/** The business's zone, "America/Chicago". */
export const BUSINESS_TIME_ZONE: string = business.timeZone;

const HOUR = 3_600_000;

/**
 * The zone's offsets already looked up, by UTC hour: asking the runtime's zone data (Intl) costs
 * about as much as the rest of a date's formatting, and a page of visits asks it for every time
 * shown. An hour is kept only when its first and last millisecond have the same offset, so an hour
 * holding a change of the clocks (there are none for this zone, whose changes fall on the hour) is
 * always asked afresh. Kept up to a bound, then started afresh.
 */
const offsetsByHour = new Map<number, number>();
const KEPT_OFFSETS = 50_000;

/** The zone's UTC offset in milliseconds at this instant (-5 h in summer, -6 h in winter). */
function offsetAt(time: number): number {
  const hour = Math.floor(time / HOUR);
  const kept = offsetsByHour.get(hour);
  if (kept !== undefined) return kept;
  const lookup = (t: number) => tzOffset(BUSINESS_TIME_ZONE, new Date(t)) * 60_000;
  const [first, last] = [lookup(hour * HOUR), lookup(hour * HOUR + HOUR - 1)];
  if (first !== last) return lookup(time);
  if (offsetsByHour.size >= KEPT_OFFSETS) offsetsByHour.clear();
  offsetsByHour.set(hour, first);
  return first;
}

/**
 * The Baton Rouge wall clock at this instant as a date whose fields (read in UTC, which `UTCDate`
 * does whatever the machine's zone) are that clock's: what date-fns formats and what
 * `businessParts` reads.
 */
const wallClock = (instant: Date | number) => {
  const time = typeof instant === "number" ? instant : instant.getTime();
  return new UTCDate(time + offsetAt(time));
};
const pad = (n: number) => String(n).padStart(2, "0");
const HALF_DAY = 12 * 3_600_000;

/**
 * Milliseconds since 1970 of a UTC wall time. Not `Date.UTC`, which reads the
 * years 0 to 99 as 1900 to 1999: every year means itself here.
 */
function utcTime(year: number, monthIndex: number, day: number, minutes = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(year, monthIndex, day);
  d.setUTCMinutes(minutes);
  return d.getTime();
}

export interface LocalDate {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

export interface MonthRef {
  year: number;
  /** 1-12 */
  month: number;
}

export interface BusinessParts extends LocalDate {
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday */
  weekday: number;
}

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export type WeekdayName = (typeof WEEKDAYS)[number];

// ---------------------------------------------------------------------------
// Local dates and times ↔ instants

/** "2026-03-08" → { 2026, 3, 8 }; null for anything that is not a real calendar day. */
export function parseLocalDate(value: string | null | undefined): LocalDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "");
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(utcTime(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** "14:30" → 870 (minutes since midnight); null unless HH:MM within a day. */
export function parseLocalTime(value: string | null | undefined): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(value ?? "");
  if (!m) return null;
  const [h, min] = [Number(m[1]), Number(m[2])];
  return h < 24 && min < 60 ? h * 60 + min : null;
}

/**
 * { 2026, 3, 8 } → "2026-03-08"; the year always has four digits ({ 999, 6, 1 } →
 * "0999-06-01"), so every key of the years 0 to 9999 reads back with parseLocalDate.
 */
export const localDateKey = (d: LocalDate) => `${String(d.year).padStart(4, "0")}-${pad(d.month)}-${pad(d.day)}`;

/** The Baton Rouge clock and calendar at this instant. */
export function businessParts(instant: Date = new Date()): BusinessParts {
  const z = wallClock(instant);
  return {
    year: z.getFullYear(),
    month: z.getMonth() + 1,
    day: z.getDate(),
    hour: z.getHours(),
    minute: z.getMinutes(),
    second: z.getSeconds(),
    weekday: z.getDay(),
  };
}

/** The Baton Rouge calendar year of this instant (this year by default): the footer's, "years serving". */
export function businessYear(instant: Date = new Date()): number {
  return businessParts(instant).year;
}

/** The Baton Rouge wall-clock time of this instant, "HH:MM" (24-hour). */
export function localTimeOf(instant: Date): string {
  const p = businessParts(instant);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** The Baton Rouge calendar day of this instant, "YYYY-MM-DD" (today by default). */
export function businessDate(instant: Date = new Date()): string {
  return localDateKey(businessParts(instant));
}

/**
 * Wall times already resolved (each a few zone lookups): the schedule asks for the same windows' starts
 * and ends on every request (a month of them for "the next open windows"). Kept up to a bound, then
 * started afresh.
 */
const instants = new Map<number, number>();
const KEPT_INSTANTS = 10_000;

/**
 * The instant at which a Baton Rouge clock shows this local date and time
 * (DST-correct). A time skipped when the clocks go forward (02:30 on a March
 * change day) moves on by the hour; a time that happens twice in November is
 * the first (daylight) one. Null when the date or time is unreadable.
 */
export function businessInstant(date: string | LocalDate, time: string | number = 0): Date | null {
  const d = typeof date === "string" ? parseLocalDate(date) : date;
  const minutes = typeof time === "number" ? time : parseLocalTime(time);
  if (!d || minutes === null) return null;
  // The wall time read as if it were UTC, less the zone's offset. The offsets in force half a day either
  // side are the only candidates; resolved by hand, because TZDate's own constructor resolves the repeated
  // November hour differently depending on the zone of the machine it runs on.
  const wall = utcTime(d.year, d.month - 1, d.day, minutes);
  let instant = instants.get(wall);
  if (instant === undefined) {
    const offsets = [...new Set([offsetAt(wall - HALF_DAY), offsetAt(wall + HALF_DAY)])];
    const shown = offsets.map((o) => wall - o).filter((t) => offsetAt(t) === wall - t);
    // Shown twice (November): the first. Never shown (March): read with the offset before the change, an hour on.
    instant = shown.length ? Math.min(...shown) : wall - offsets[0]!;
    if (instants.size >= KEPT_INSTANTS) instants.clear();
    instants.set(wall, instant);
  }
  return new Date(instant);
}

/** As businessInstant, for values already checked: throws on an unreadable date or time. */
export function requireBusinessInstant(date: string | LocalDate, time: string | number = 0): Date {
  const instant = businessInstant(date, time);
  if (!instant) throw new Error(`bad local date or time: ${JSON.stringify(date)} ${JSON.stringify(time)}`);
  return instant;
}

/** Midnight starting the Baton Rouge day of this instant or local date. */
export function startOfBusinessDay(day: Date | string | LocalDate = new Date()): Date {
  return requireBusinessInstant(day instanceof Date ? businessDate(day) : day, 0);
}

/** Midnight ending the Baton Rouge day (the next day's start: use it as an exclusive bound). */
export function endOfBusinessDay(day: Date | string | LocalDate = new Date()): Date {
  const key = day instanceof Date ? businessDate(day) : typeof day === "string" ? day : localDateKey(day);
  return requireBusinessInstant(addLocalDays(key, 1), 0);
}

/** Weekday of a local date, 0 = Sunday (the calendar's, which no zone changes). */
export function localWeekday(date: string | LocalDate): number {
  const d = typeof date === "string" ? parseLocalDate(date) : date;
  if (!d) throw new Error(`bad local date: ${JSON.stringify(date)}`);
  return new Date(utcTime(d.year, d.month - 1, d.day)).getUTCDay();
}

/** "2026-03-07" + 1 → "2026-03-08": calendar days, never 24-hour steps. */
export function addLocalDays(date: string | LocalDate, days: number): string {
  const d = typeof date === "string" ? parseLocalDate(date) : date;
  if (!d) throw new Error(`bad local date: ${JSON.stringify(date)}`);
  // Calendar arithmetic on the date alone: a UTC day is always 24 hours.
  const next = new Date(utcTime(d.year, d.month - 1, d.day + days));
  return localDateKey({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() });
}

/**
 * "2026-03-07" + 1 year → "2027-03-07"; a February 29 becomes February 28 in a year without one (a yearly
 * membership renews on its date; docs/product.md#plans).
 */
export function addLocalYears(date: string | LocalDate, years: number): string {
  const d = typeof date === "string" ? parseLocalDate(date) : date;
  if (!d) throw new Error(`bad local date: ${JSON.stringify(date)}`);
  const year = d.year + years;
  const lastDay = new Date(utcTime(year, d.month, 0)).getUTCDate();
  return localDateKey({ year, month: d.month, day: Math.min(d.day, lastDay) });
}

/** Calendar days from one local date to another: "2026-02-27" → "2026-03-02" is 3 (negative when `to` is earlier). */
export function localDaysBetween(from: string | LocalDate, to: string | LocalDate): number {
  const [a, b] = [from, to].map((date) => {
    const d = typeof date === "string" ? parseLocalDate(date) : date;
    if (!d) throw new Error(`bad local date: ${JSON.stringify(date)}`);
    return utcTime(d.year, d.month - 1, d.day);
  });
  return Math.round((b! - a!) / 86_400_000);
}

/** Sunday 00:00 of the Baton Rouge week holding this instant (weeks start on Sunday, like the calendar). */
export function startOfBusinessWeek(instant: Date = new Date()): Date {
  const today = businessDate(instant);
  return startOfBusinessDay(addLocalDays(today, -localWeekday(today)));
}

/** The Baton Rouge week holding this instant, from Sunday 00:00 to the next Sunday 00:00 (exclusive). */
export function businessWeek(instant: Date = new Date()): { from: Date; to: Date } {
  const from = startOfBusinessWeek(instant);
  const sunday = businessDate(from);
  return { from, to: startOfBusinessDay(addLocalDays(sunday, 7)) };
}

// ---------------------------------------------------------------------------
// Months and the calendar grid

/** "2025-06" → { 2025, 6 }; null for anything else (years 1970-2200). */
export function parseMonth(value: string | null | undefined): MonthRef | null {
  const m = /^(\d{4})-(\d{2})$/.exec(value ?? "");
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  if (month < 1 || month > 12 || year < 1970 || year > 2200) return null;
  return { year, month };
}

export const monthKey = (m: MonthRef) => `${m.year}-${pad(m.month)}`;

export function addMonths(m: MonthRef, n: number): MonthRef {
  const index = m.year * 12 + (m.month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The Baton Rouge month of this instant (this month by default). */
export function businessMonth(instant: Date = new Date()): MonthRef {
  const p = businessParts(instant);
  return { year: p.year, month: p.month };
}

/** A month in Baton Rouge: from the 1st 00:00 to the next month's 1st 00:00 (exclusive). */
export function monthRange(m: MonthRef): { from: Date; to: Date } {
  const next = addMonths(m, 1);
  return {
    from: requireBusinessInstant({ ...m, day: 1 }),
    to: requireBusinessInstant({ ...next, day: 1 }),
  };
}

export interface GridDay {
  /** "YYYY-MM-DD" */
  key: string;
  day: number;
  inMonth: boolean;
  weekday: number;
}

/** The weeks shown for a month, Sunday first, padded with the neighbouring months' days. */
export function monthGrid(m: MonthRef): GridDay[][] {
  const first = localDateKey({ ...m, day: 1 });
  const start = addLocalDays(first, -localWeekday(first));
  const nextFirst = localDateKey({ ...addMonths(m, 1), day: 1 });
  const grid: GridDay[][] = [];
  for (let key = start; grid.length === 0 || key < nextFirst;) {
    const week: GridDay[] = [];
    for (let i = 0; i < 7; i++, key = addLocalDays(key, 1)) {
      const d = parseLocalDate(key)!;
      week.push({ key, day: d.day, inMonth: d.month === m.month && d.year === m.year, weekday: i });
    }
    grid.push(week);
  }
  return grid;
}

// ---------------------------------------------------------------------------
// Slots and opening hours

/** "08:00" → 480, as parseLocalTime but lenient ("8:00", "08"), for the business facts' hours. */
export function clockMinutes(hhmm: string): number {
  const [h = "0", m = "0"] = hhmm.split(":");
  return Number(h) * 60 + Number(m);
}

/** 1080 → "6:00 PM". */
export function formatClock(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const suffix = h < 12 ? "AM" : "PM";
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(minutes % 60)} ${suffix}`;
}

/** "08:00" → "8:00 AM". */
export function slotLabel(slot: string): string {
  return formatClock(clockMinutes(slot));
}

/** `count` slots from `first` ("08:00"), `stepMinutes` apart, as "HH:MM". */
export function slotTimes(first: string, count: number, stepMinutes = 60): string[] {
  const start = clockMinutes(first);
  return Array.from({ length: count }, (_, i) => {
    const m = start + i * stepMinutes;
    return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
  });
}

/** The end of a visit starting at `start` and lasting `minutes` (an instant: DST never stretches it). */
export function slotEnd(start: Date, minutes: number): Date {
  return addMinutes(start, minutes);
}

/** A local date and minutes after midnight in ISO 8601 with that day's offset: "2025-03-10T07:00:00-05:00". */
export function localIsoWithOffset(date: string | LocalDate, minutes: number): string {
  return formatISO(new TZDate(requireBusinessInstant(date, minutes).getTime(), BUSINESS_TIME_ZONE));
}

// ---------------------------------------------------------------------------
// Formatting (always Baton Rouge time, always en-US wording)

type Readable = string | number | Date | null | undefined;

function readable(value: Readable): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The instant formatted as the Baton Rouge clock shows it (the pattern has no zone token). */
const formatIn = (instant: Date, pattern: string) => format(wallClock(instant), pattern);

/** Pages: "Jun 12, 2025", or the fallback when missing or unreadable. */
export function formatDate(value: Readable, fallback = "Unknown"): string {
  const d = readable(value);
  return d ? formatIn(d, "MMM d, yyyy") : fallback;
}

/** Pages: "Jun 12, 2025, 9:00 AM". */
export function formatDateTime(value: Readable, fallback = "Unknown"): string {
  const d = readable(value);
  return d ? formatIn(d, "MMM d, yyyy, h:mm a") : fallback;
}

/** Pages: "9:00 AM". */
export function formatTime(value: Readable, fallback = ""): string {
  const d = readable(value);
  return d ? formatIn(d, "h:mm a") : fallback;
}

/** Emails and the customer portal: "Thursday, June 12, 2025 at 9:00 AM". */
export function formatFullDateTime(instant: Date): string {
  return formatIn(instant, "EEEE, MMMM d, yyyy 'at' h:mm a");
}

/** The chat's replies: "Thursday, June 12 at 9:00 AM". */
export function formatWeekdayDateTime(instant: Date): string {
  return formatIn(instant, "EEEE, MMMM d 'at' h:mm a");
}

/** Arrival windows: "Friday, Dec 4". */
export function formatShortWeekdayDate(instant: Date): string {
  return formatIn(instant, "EEEE, MMM d");
}

/** Arrival windows' edges as people say them: "10 AM", "12:30 PM". */
export function formatClockWords(instant: Date): string {
  return formatIn(instant, wallClock(instant).getMinutes() === 0 ? "h a" : "h:mm a");
}

/**
 * When something is expected, as people say it: the instant `minutes` after `from`, to the nearest
 * five minutes, "2:45 PM" ("3 PM" on the hour). "On my way" tells the customer this.
 */
export function formatExpectedClock(from: Date, minutes: number): string {
  const step = 5 * 60_000;
  const expected = new Date(Math.round((from.getTime() + minutes * 60_000) / step) * step);
  return formatClockWords(expected);
}

/** "June 2025". */
export function formatMonthTitle(m: MonthRef): string {
  return formatIn(requireBusinessInstant({ ...m, day: 1 }, 12 * 60), "MMMM yyyy");
}

/** A local date, "2025-06-12" → "Thursday, June 12, 2025". */
export function formatLocalDate(date: string | LocalDate): string {
  return formatIn(requireBusinessInstant(date, 12 * 60), "EEEE, MMMM d, yyyy");
}

/** A local date without its year, as a closed day is named: "2026-11-26" → "Thursday, November 26". */
export function formatLocalDay(date: string | LocalDate): string {
  return formatIn(requireBusinessInstant(date, 12 * 60), "EEEE, MMMM d");
}

/**
 * The CSV export's times (docs/product.md#bookings-list), Baton Rouge time with the zone's
 * abbreviation: "2026-12-01 14:00 CST", "2026-06-12 09:00 CDT". A spreadsheet keeps the text as
 * written whatever its locale, it sorts in time order as text, and the abbreviation tells apart
 * the two 1 AM hours of the autumn change. The columns' headers name the zone
 * (`BUSINESS_TIME_ZONE`).
 */
export function formatTimestamp(instant: Date): string {
  return `${formatIn(instant, "yyyy-MM-dd HH:mm")} ${zoneAbbreviation(instant)}`;
}

const zoneNames = new Intl.DateTimeFormat("en-US", { timeZone: BUSINESS_TIME_ZONE, timeZoneName: "short" });

/** The zone's short name at that instant, as en-US writes it: "CST" or "CDT" (a zone without one reads "GMT-5"). */
function zoneAbbreviation(instant: Date): string {
  return zoneNames.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? "";
}

/**
 * iCalendar: events are given as plain instants, which the generator writes in
 * UTC ("…T150000Z", exact in every calendar app); this calendar property names
 * the business's zone for display only.
 */
export const icsZoneHint: [string, string] = ["X-WR-TIMEZONE", BUSINESS_TIME_ZONE];
