import { formatLocalDate, monthGrid, WEEKDAYS, type MonthRef } from "@app/shared/time";
import { priorityLabel, statusLabel, type BookingPriority, type BookingStatus } from "./format";

/** At most this many bookings are listed in a day cell (docs/product.md#calendar); the rest is "+N more". */
export const MAX_PER_DAY = 3;

/** A day of the month as its cell shows it: how many bookings it has, and the first MAX_PER_DAY by time. */
export interface CalendarDay {
  total: number;
  bookings: Array<{ id: number; summary: string; priority: BookingPriority; status: BookingStatus }>;
}

const appointments = (n: number) => `${n} ${n === 1 ? "appointment" : "appointments"}`;

/**
 * The month grid, Sunday first: a table whose day cells are buttons. A day
 * with bookings opens its list; an empty day starts a booking for that date.
 * Its look is in styles.css (`.cal-*`), so each of the 35 or so cells carries
 * short classes.
 */
export function CalendarGrid({
  month,
  today,
  days,
  onSelectDay,
  interactive,
}: {
  month: MonthRef;
  today: string;
  days: Readonly<Record<string, CalendarDay>>;
  onSelectDay: (day: string, total: number) => void;
  interactive: boolean;
}) {
  const weeks = monthGrid(month);
  return (
    <table className="cal-grid w-full table-fixed border-collapse overflow-hidden rounded-xl bg-white text-sm shadow-sm ring-1 ring-slate-200">
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
                  <DayButton
                    date={cell.key}
                    dayOfMonth={cell.day}
                    isToday={cell.key === today}
                    day={days[cell.key]}
                    interactive={interactive}
                    onSelect={onSelectDay}
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

function DayButton({
  date,
  dayOfMonth,
  isToday,
  day,
  interactive,
  onSelect,
}: {
  date: string;
  dayOfMonth: number;
  isToday: boolean;
  day: CalendarDay | undefined;
  interactive: boolean;
  onSelect: (day: string, total: number) => void;
}) {
  const total = day?.total ?? 0;
  const more = total - (day?.bookings.length ?? 0);
  const [weekdayAndMonth, , year] = formatLocalDate(date).split(/ (?=\d)|, (?=\d{4})/);
  return (
    <button
      type="button"
      className="cal-day"
      aria-current={isToday ? "date" : undefined}
      disabled={!interactive}
      onClick={() => onSelect(date, total)}
    >
      {/* The accessible name reads "Wednesday, March 12, 2031: 5 appointments: …" and contains every visible word. */}
      <span className="sr-only">{`${weekdayAndMonth} `}</span>
      <span className="cal-num">{dayOfMonth}</span>
      <span className="sr-only">
        {`, ${year}${isToday ? ", today" : ""}: ${total ? `${appointments(total)}:` : "no appointments, add one"}`}
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
    </button>
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
