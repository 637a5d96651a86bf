import { cn } from "~/utils/cn";
import type { CalendarBooking } from "./calendar.server";
import { formatLocalDate, monthGrid, WEEKDAYS, type MonthRef } from "@app/shared/time";
import { priorityDot, priorityLabel, statusLabel, statusSurface } from "./format";

/** At most this many bookings are listed in a day cell (docs/product.md#calendar); the rest is "+N more". */
const MAX_PER_DAY = 3;

export function groupByDay(bookings: readonly CalendarBooking[]): Map<string, CalendarBooking[]> {
  const byDay = new Map<string, CalendarBooking[]>();
  for (const b of bookings) {
    const list = byDay.get(b.day);
    if (list) list.push(b);
    else byDay.set(b.day, [b]);
  }
  return byDay;
}

const appointments = (n: number) => `${n} ${n === 1 ? "appointment" : "appointments"}`;

/**
 * The month grid, Sunday first: a table whose day cells are buttons. A day
 * with bookings opens its list; an empty day starts a booking for that date.
 */
export function CalendarGrid({
  month,
  today,
  byDay,
  onSelectDay,
  interactive,
}: {
  month: MonthRef;
  today: string;
  byDay: Map<string, CalendarBooking[]>;
  onSelectDay: (day: string, bookings: CalendarBooking[]) => void;
  interactive: boolean;
}) {
  const weeks = monthGrid(month);
  return (
    <table className="w-full table-fixed border-collapse overflow-hidden rounded-xl bg-white text-sm shadow-sm ring-1 ring-slate-200">
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
            {week.map((cell) => {
              if (!cell.inMonth) {
                return (
                  <td key={cell.key} className="h-14 border border-slate-100 bg-slate-50/60 p-1 align-top sm:h-28">
                    <span aria-hidden="true" className="block p-1 text-xs text-slate-500">
                      {cell.day}
                    </span>
                  </td>
                );
              }
              const list = byDay.get(cell.key) ?? [];
              const isToday = cell.key === today;
              const more = list.length - MAX_PER_DAY;
              const [weekdayAndMonth, , year] = formatLocalDate(cell.key).split(/ (?=\d)|, (?=\d{4})/);
              return (
                <td
                  key={cell.key}
                  className={cn("h-14 border border-slate-100 p-0 align-top sm:h-28", isToday && "bg-brand-50")}
                >
                  <button
                    type="button"
                    aria-current={isToday ? "date" : undefined}
                    disabled={!interactive}
                    onClick={() => onSelectDay(cell.key, list)}
                    className={cn(
                      "group flex h-full w-full flex-col gap-1 p-1 text-left transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:p-1.5",
                      isToday && "ring-2 ring-inset ring-brand-600 hover:bg-brand-100/60",
                    )}
                  >
                    {/* The accessible name reads "Wednesday, March 12, 2031: 2 appointments: …" and contains every visible word. */}
                    <span className="block">
                      <span className="sr-only">{weekdayAndMonth} </span>
                      <span
                        className={cn(
                          "inline-flex size-6 items-center justify-center rounded-full text-xs font-semibold",
                          isToday ? "bg-brand-700 text-white" : "text-slate-800",
                        )}
                      >
                        {cell.day}
                      </span>
                      <span className="sr-only">
                        , {year}
                        {isToday ? ", today" : ""}:{" "}
                        {list.length ? `${appointments(list.length)}:` : "no appointments, add one"}
                      </span>
                    </span>
                    {/* Phones: coloured dots only. */}
                    {list.length ? (
                      <span className="flex flex-wrap items-center gap-0.5 sm:hidden">
                        {list.slice(0, MAX_PER_DAY).map((b) => (
                          <span key={b.id} className={cn("size-2 rounded-full", priorityDot[b.priority])} />
                        ))}
                        {more > 0 ? (
                          <span className="text-[10px] font-semibold leading-none text-slate-700">+{more}</span>
                        ) : null}
                      </span>
                    ) : null}
                    {/* Wider screens: summaries on status-coloured chips. */}
                    <span className="hidden min-w-0 flex-col gap-0.5 sm:flex">
                      {list.slice(0, MAX_PER_DAY).map((b) => (
                        <span
                          key={b.id}
                          title={`${b.summary} (${priorityLabel(b.priority)}, ${statusLabel(b.status)})`}
                          className={cn(
                            "flex min-w-0 items-center gap-1 rounded px-1 py-0.5 text-xs leading-tight",
                            statusSurface(b.status),
                          )}
                        >
                          <span className={cn("size-2 shrink-0 rounded-full", priorityDot[b.priority])} />
                          <span className="truncate">{b.summary}</span>
                        </span>
                      ))}
                      {more > 0 ? <span className="px-1 text-xs font-medium text-slate-700">+{more} more</span> : null}
                    </span>
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What the colours mean (docs/product.md#calendar). */
export function CalendarLegend() {
  const priorities = [
    { label: "Emergency", dot: priorityDot.emergency },
    { label: "High", dot: priorityDot.high },
    { label: "Medium", dot: priorityDot.medium },
    { label: "Low", dot: priorityDot.low },
  ];
  const statuses = [
    { label: "Completed", surface: statusSurface("completed") },
    { label: "In progress", surface: statusSurface("in_progress") },
    { label: "Cancelled", surface: statusSurface("cancelled") },
    { label: "Pending / other", surface: statusSurface("pending") },
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
            {priorities.map((p) => (
              <li key={p.label} className="flex items-center gap-1.5 text-slate-800">
                <span aria-hidden="true" className={cn("size-2.5 rounded-full", p.dot)} />
                {p.label}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Status (background)</h3>
          <ul className="mt-1.5 flex flex-wrap gap-2">
            {statuses.map((s) => (
              <li key={s.label} className={cn("rounded px-2 py-0.5 text-xs", s.surface)}>
                {s.label}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
