/**
 * Office-hours awareness for the chat assistant: is the office open at a given
 * instant, in the business's own time zone (so DST and the server's zone never
 * matter), and when does it open next.
 */
import { business, type BusinessFacts, type OpeningHours } from "../business";

export interface OfficeStatus {
  open: boolean;
  /** "Open now until 6:00 PM" / "Closed now — opens Monday at 7:00 AM" */
  label: string;
  /** Next opening as local ISO time with offset, e.g. "2025-03-10T07:00:00-05:00"; null while open. */
  nextOpen: string | null;
}

const weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
type Weekday = (typeof weekdayNames)[number];

interface LocalClock {
  year: number;
  month: number; // 1-12
  day: number;
  weekday: number; // 0 = Sunday
  minutes: number; // since local midnight
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      weekday: "long",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function localClock(instant: Date, timeZone: string): LocalClock & { seconds: number } {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  const num = (k: string) => Number(parts[k] ?? 0);
  return {
    year: num("year"),
    month: num("month"),
    day: num("day"),
    weekday: weekdayNames.indexOf(parts.weekday as Weekday),
    minutes: num("hour") * 60 + num("minute"),
    seconds: num("second"),
  };
}

/** Minutes the zone is ahead of UTC at this instant (Chicago: -300 in summer, -360 in winter). */
function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const c = localClock(instant, timeZone);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, 0, c.minutes, c.seconds);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Wall-clock time on a local date → ISO string with the zone's offset on that date. */
function localIso(year: number, month: number, day: number, minutes: number, timeZone: string): string {
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  // Two passes: the offset at the guessed instant may differ across a DST switch.
  let offset = zoneOffsetMinutes(new Date(wall), timeZone);
  offset = zoneOffsetMinutes(new Date(wall - offset * 60000), timeZone);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${year}-${pad(month)}-${pad(day)}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

function toMinutes(hhmm: string): number {
  const [h = "0", m = "0"] = hhmm.split(":");
  return Number(h) * 60 + Number(m);
}

/** 1080 → "6:00 PM" */
export function formatClock(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const suffix = h < 12 ? "AM" : "PM";
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(minutes % 60)} ${suffix}`;
}

/** Regular opening window for a weekday; null when closed to regular work (Sunday). */
function windowFor(weekday: number, hours: readonly OpeningHours[]): { opens: number; closes: number } | null {
  const name = weekdayNames[weekday % 7] as Weekday;
  const entry = hours.find((h) => h.days.includes(name));
  if (!entry?.opens || !entry.closes) return null;
  return { opens: toMinutes(entry.opens), closes: toMinutes(entry.closes) };
}

export function officeStatus(now: Date, facts: BusinessFacts = business): OfficeStatus {
  const clock = localClock(now, facts.timeZone);
  const today = windowFor(clock.weekday, facts.hours);

  if (today && clock.minutes >= today.opens && clock.minutes < today.closes) {
    return { open: true, label: `Open now until ${formatClock(today.closes)}`, nextOpen: null };
  }

  for (let offset = 0; offset <= 7; offset++) {
    const window = windowFor(clock.weekday + offset, facts.hours);
    if (!window || (offset === 0 && clock.minutes >= window.opens)) continue;
    // Calendar arithmetic on a UTC date is DST-free; only the final ISO string needs the zone.
    const date = new Date(Date.UTC(clock.year, clock.month - 1, clock.day + offset));
    const when = offset === 0 ? "today" : weekdayNames[(clock.weekday + offset) % 7];
    return {
      open: false,
      label: `Closed now — opens ${when} at ${formatClock(window.opens)}`,
      nextOpen: localIso(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), window.opens, facts.timeZone),
    };
  }
  return { open: false, label: "Closed now", nextOpen: null };
}
