/**
 * The calendar's keyboard grid (docs/product.md#calendar), after the ARIA grid pattern: the month
 * is one Tab stop (the day that holds it has tabindex 0, every other day -1), and keys move that
 * day. Pure, unit-tested beside (calendar-keys.test.ts); calendar-grid.tsx moves the focus and,
 * when a key leaves the month, asks the page for the other month.
 */
import { addLocalDays, addMonths, localWeekday, parseLocalDate, type MonthRef } from "@app/shared/time";

/** What a key does on a day: move to another day (maybe in another month), open this day, or nothing of the grid's. */
export type CalendarKeyAction = { type: "move"; date: string } | { type: "open" } | null;

/** "2031-03-12" → "2031-03". */
export const monthOfDay = (date: string) => date.slice(0, 7);

const monthRef = (date: string): MonthRef => {
  const d = parseLocalDate(date);
  if (!d) throw new Error(`bad local date: ${JSON.stringify(date)}`);
  return { year: d.year, month: d.month };
};

const pad = (n: number) => String(n).padStart(2, "0");

function daysInMonth(m: MonthRef): number {
  const next = addMonths(m, 1);
  return parseLocalDate(addLocalDays(`${next.year}-${pad(next.month)}-01`, -1))!.day;
}

/** The first and last days of the month holding `date`. */
function monthEdges(date: string): [string, string] {
  const m = monthRef(date);
  const first = `${m.year}-${pad(m.month)}-01`;
  return [first, `${m.year}-${pad(m.month)}-${pad(daysInMonth(m))}`];
}

/** The same day number `months` months away, or that month's last day when it is shorter (Jan 31 → Feb 28). */
function sameDayAcrossMonths(date: string, months: number): string {
  const target = addMonths(monthRef(date), months);
  const day = Math.min(parseLocalDate(date)!.day, daysInMonth(target));
  return `${target.year}-${pad(target.month)}-${pad(day)}`;
}

/**
 * What `key` does on the day `date`: Left/Right a day, Up/Down a week (into the next or previous
 * month when it crosses one), Home/End the first/last day of its week within the month, Page
 * Up/Page Down the same day number of the previous/next month, Enter or Space open the day.
 * A key with Alt, Control or Meta is the browser's.
 */
export function calendarKey(
  date: string,
  key: string,
  modifiers: { altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean } = {},
): CalendarKeyAction {
  if (modifiers.altKey || modifiers.ctrlKey || modifiers.metaKey) return null;
  const move = (to: string): CalendarKeyAction => ({ type: "move", date: to });
  const [first, last] = monthEdges(date);
  switch (key) {
    case "ArrowLeft":
      return move(addLocalDays(date, -1));
    case "ArrowRight":
      return move(addLocalDays(date, 1));
    case "ArrowUp":
      return move(addLocalDays(date, -7));
    case "ArrowDown":
      return move(addLocalDays(date, 7));
    case "Home": {
      const sunday = addLocalDays(date, -localWeekday(date));
      return move(sunday < first ? first : sunday);
    }
    case "End": {
      const saturday = addLocalDays(date, 6 - localWeekday(date));
      return move(saturday > last ? last : saturday);
    }
    case "PageUp":
      return move(sameDayAcrossMonths(date, -1));
    case "PageDown":
      return move(sameDayAcrossMonths(date, 1));
    case "Enter":
    case " ":
      return { type: "open" };
    default:
      return null;
  }
}

/**
 * The day holding the month's one Tab stop: the day last moved to or chosen when it is in the
 * month shown, else today when it is, else the 1st.
 */
export function tabStopDay(month: string, active: string | null, today: string): string {
  if (active && monthOfDay(active) === month) return active;
  if (monthOfDay(today) === month) return today;
  return `${month}-01`;
}
