import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { formatLocalDate, formatMonthTitle, monthGrid, monthKey, WEEKDAYS, type MonthRef } from "@app/shared/time";
import { calendarKey, monthOfDay, tabStopDay } from "./calendar-keys";
import { priorityLabel, statusLabel, type BookingPriority, type BookingStatus } from "~/components/staff/format";

/** At most this many bookings are listed in a day cell (docs/product.md#calendar); the rest is "+N more". */
export const MAX_PER_DAY = 3;

/** A day of the month as its cell shows it: how many bookings it has, and the first MAX_PER_DAY by time. */
export interface CalendarDay {
  total: number;
  bookings: Array<{ id: number; summary: string; priority: BookingPriority; status: BookingStatus }>;
}

const appointments = (n: number) => `${n} ${n === 1 ? "appointment" : "appointments"}`;

/** Where a day leads without JavaScript: that day's visits on the dispatch board (a page that works without it). */
const dayHref = (date: string) => `/admin/dispatch?date=${date}`;

/** Moves the focus to a day of the grid shown (after a key, or back from the day's dialog); false when it is not shown. */
export function focusCalendarDay(date: string): boolean {
  const day = document.querySelector<HTMLElement>(`.cal-grid [data-date="${date}"]`);
  day?.focus();
  return Boolean(day);
}

/**
 * The month grid, Sunday first: a table whose days are links. Without JavaScript a day leads to
 * its visits on the dispatch board; once the page runs, choosing a day with bookings opens its
 * list and an empty day starts a booking for that date, and the table is an ARIA grid with one
 * Tab stop: the arrow keys, Home, End, Page Up and Page Down move between days
 * (calendar-keys.ts), into the previous or next month through `onMonth`, and Enter or Space
 * opens the day. Its look is in styles.css (`.cal-*`), so each of the 35 or so cells carries
 * short classes.
 */
export function CalendarGrid({
  month,
  today,
  days,
  onSelectDay,
  onMonth,
  interactive,
}: {
  month: MonthRef;
  today: string;
  days: Readonly<Record<string, CalendarDay>>;
  onSelectDay: (day: string, total: number) => void;
  /** A key left the month: show this one ("YYYY-MM"); the grid focuses the day once it arrives. */
  onMonth: (month: string) => void;
  interactive: boolean;
}) {
  const weeks = monthGrid(month);
  const shown = monthKey(month);
  // The day keys last moved to (or chosen): it holds the grid's one Tab stop while its month is shown.
  const [active, setActive] = useState<string | null>(null);
  const focusOnArrival = useRef<string | null>(null);
  useEffect(() => {
    const date = focusOnArrival.current;
    if (date && monthOfDay(date) === shown && focusCalendarDay(date)) focusOnArrival.current = null;
  }, [shown]);

  const tabStop = tabStopDay(shown, active, today);
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, date: string, total: number) => {
    const action = calendarKey(date, event.key, event);
    if (!action) return;
    event.preventDefault();
    if (action.type === "open") {
      onSelectDay(date, total);
      return;
    }
    setActive(action.date);
    if (monthOfDay(action.date) === shown) focusCalendarDay(action.date);
    else {
      focusOnArrival.current = action.date;
      onMonth(monthOfDay(action.date));
    }
  };
  const select = (date: string, total: number) => {
    setActive(date);
    onSelectDay(date, total);
  };

  return (
    <table
      role={interactive ? "grid" : undefined}
      aria-label={formatMonthTitle(month)}
      className="cal-grid w-full table-fixed border-collapse overflow-hidden rounded-xl bg-white text-sm shadow-sm ring-1 ring-slate-200"
    >
      <thead>
        <tr>
          {WEEKDAYS.map((name) => (
            <th
              key={name}
              scope="col"
              className="border-b border-slate-200 bg-slate-50 py-2 text-center text-xs font-semibold text-slate-600"
            >
              <abbr title={name} className="no-underline">
                {name.slice(0, 3)}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]!.key}>
            {week.map((cell) =>
              cell.inMonth ? (
                <td key={cell.key}>
                  <DayLink
                    date={cell.key}
                    dayOfMonth={cell.day}
                    isToday={cell.key === today}
                    day={days[cell.key]}
                    tabIndex={interactive ? (cell.key === tabStop ? 0 : -1) : undefined}
                    onSelect={interactive ? select : undefined}
                    onKeyDown={interactive ? onKeyDown : undefined}
                  />
                </td>
              ) : (
                <td key={cell.key} className="out">
                  <span aria-hidden="true">{cell.day}</span>
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DayLink({
  date,
  dayOfMonth,
  isToday,
  day,
  tabIndex,
  onSelect,
  onKeyDown,
}: {
  date: string;
  dayOfMonth: number;
  isToday: boolean;
  day: CalendarDay | undefined;
  tabIndex: number | undefined;
  onSelect: ((day: string, total: number) => void) | undefined;
  onKeyDown: ((event: KeyboardEvent<HTMLAnchorElement>, date: string, total: number) => void) | undefined;
}) {
  const total = day?.total ?? 0;
  const more = total - (day?.bookings.length ?? 0);
  const [weekdayAndMonth, , year] = formatLocalDate(date).split(/ (?=\d)|, (?=\d{4})/);
  return (
    <a
      href={dayHref(date)}
      className="cal-day"
      data-date={date}
      aria-current={isToday ? "date" : undefined}
      tabIndex={tabIndex}
      onClick={
        onSelect &&
        ((event) => {
          event.preventDefault();
          onSelect(date, total);
        })
      }
      onKeyDown={onKeyDown && ((event) => onKeyDown(event, date, total))}
    >
      {/* The accessible name reads "Wednesday, March 12, 2031: 5 appointments: …" and contains every visible word. */}
      <span className="sr-only">{`${weekdayAndMonth} `}</span>
      <span className="cal-num">{dayOfMonth}</span>
      <span className="sr-only">
        {`, ${year}${isToday ? ", today" : ""}: ${total ? `${appointments(total)}:` : `no appointments${onSelect ? ", add one" : ""}`}`}
      </span>
      {day ? (
        <span className="cal-list">
          {day.bookings.map((b) => (
            <span
              key={b.id}
              className={`cal-chip st-${b.status}`}
              title={`${b.summary} (${priorityLabel(b.priority)}, ${statusLabel(b.status)})`}
            >
              <span className={`dot dot-${b.priority}`} />
              <span>{b.summary}</span>
            </span>
          ))}
          {more > 0 ? (
            <span className="cal-more">
              {`+${more}`}
              <span className="max-sm:hidden"> more</span>
            </span>
          ) : null}
        </span>
      ) : null}
    </a>
  );
}

/** What the colours mean (docs/product.md#calendar). */
export function CalendarLegend() {
  const priorities: Array<[string, BookingPriority]> = [
    ["Emergency", "emergency"],
    ["High", "high"],
    ["Medium", "medium"],
    ["Low", "low"],
  ];
  const statuses: Array<[string, BookingStatus]> = [
    ["Completed", "completed"],
    ["In progress", "in_progress"],
    ["Cancelled", "cancelled"],
    ["Pending / other", "pending"],
  ];
  return (
    <section
      aria-labelledby="calendar-legend"
      className="mt-4 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
    >
      <h2 id="calendar-legend" className="sr-only">
        Legend
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:gap-8">
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Priority (dot)</h3>
          <ul className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1">
            {priorities.map(([label, priority]) => (
              <li key={label} className="flex items-center gap-1.5 text-slate-800">
                <span aria-hidden="true" className={`dot dot-${priority} size-2.5`} />
                {label}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Status (background)</h3>
          <ul className="mt-1.5 flex flex-wrap gap-2">
            {statuses.map(([label, status]) => (
              <li key={label} className={`rounded px-2 py-0.5 text-xs st-${status}`}>
                {label}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
