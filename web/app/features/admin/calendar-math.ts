/**
 * Month arithmetic for the calendar, on plain calendar dates (no clock, no
 * zone): "YYYY-MM" months and "YYYY-MM-DD" days, weeks starting on Sunday.
 */
export interface MonthRef {
  year: number;
  /** 1-12 */
  month: number;
}

export interface GridDay {
  key: string;
  day: number;
  inMonth: boolean;
  weekday: number;
}

const pad = (n: number) => String(n).padStart(2, "0");

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** "2025-06" → {2025, 6}; null for anything else (years 1970-2200). */
export function parseMonth(value: string | null | undefined): MonthRef | null {
  const m = /^(\d{4})-(\d{2})$/.exec(value ?? "");
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  if (month < 1 || month > 12 || year < 1970 || year > 2200) return null;
  return { year, month };
}

export const monthKey = (m: MonthRef) => `${m.year}-${pad(m.month)}`;
export const dayKey = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

export function addMonths(m: MonthRef, n: number): MonthRef {
  const d = new Date(Date.UTC(m.year, m.month - 1 + n, 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

const titleFmt = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", year: "numeric" });
const longFmt = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long", month: "long", day: "numeric", year: "numeric" });

/** "June 2025". */
export function monthTitle(m: MonthRef): string {
  return titleFmt.format(new Date(Date.UTC(m.year, m.month - 1, 1)));
}

/** "2025-06-12" → "Thursday, June 12, 2025". */
export function longDate(key: string): string {
  const [y, m, d] = key.split("-").map(Number) as [number, number, number];
  return longFmt.format(new Date(Date.UTC(y, m - 1, d)));
}

/** The weeks shown for a month, Sunday first, padded with the neighbouring months' days. */
export function monthGrid(m: MonthRef): GridDay[][] {
  const first = new Date(Date.UTC(m.year, m.month - 1, 1));
  const start = new Date(first.getTime() - first.getUTCDay() * 86_400_000);
  const daysInMonth = new Date(Date.UTC(m.year, m.month, 0)).getUTCDate();
  const cells = first.getUTCDay() + daysInMonth;
  const weeks = Math.ceil(cells / 7);
  const grid: GridDay[][] = [];
  for (let w = 0; w < weeks; w++) {
    const week: GridDay[] = [];
    for (let i = 0; i < 7; i++) {
      const d = new Date(start.getTime() + (w * 7 + i) * 86_400_000);
      week.push({
        key: dayKey(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()),
        day: d.getUTCDate(),
        inMonth: d.getUTCMonth() === m.month - 1,
        weekday: i,
      });
    }
    grid.push(week);
  }
  return grid;
}
