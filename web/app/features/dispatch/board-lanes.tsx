import type { DispatchBoard, DispatchLane, DispatchVisit } from "./board";
import { CardList, DropCell, type CardContext } from "./board-cells";

/** The slot a visit sits in on a day: its window's start, or "other" (an exact time outside the windows). */
const slotOf = (visit: DispatchVisit, windows: readonly { value: string }[]) =>
  visit.window && windows.some((w) => w.value === visit.window) ? visit.window : "other";

/** A lane's heading: the technician, their hours that day ("Off"), and a place to drop a card that keeps its time. */
function LaneHeader({ lane, day }: { lane: DispatchLane; day: string | null }) {
  const hours = day ? lane.workingHours.find((h) => h.date === day) : null;
  const label = day ? `${lane.name}, keeping the time` : lane.name;
  return (
    <th scope="row" className="border-b border-slate-200 p-0 text-left align-top">
      <DropCell
        id={`lane-${lane.id}-${day ?? "any"}`}
        target={{ technicianId: lane.id, date: null, window: null, label }}
        className="h-full p-2"
      >
        {/* A long name wraps inside its column rather than widen the board. */}
        <span className="block text-sm font-semibold text-slate-900 wrap-anywhere">{lane.name}</span>
        {hours ? (
          <span className={hours.start ? "text-xs text-slate-600" : "text-xs font-medium text-amber-800"}>
            {hours.label}
          </span>
        ) : null}
      </DropCell>
    </th>
  );
}

/** One day: a row per technician, a column per arrival window, then the visits at other times. */
export function DayLanes({ board, context }: { board: DispatchBoard; context: CardContext }) {
  const day = board.days[0]!;
  const columns = [...day.windows, { value: "other", label: "Other times" }];
  return (
    <table className="w-full table-fixed border-collapse rounded-lg border border-slate-200 bg-white text-sm [overflow-wrap:anywhere]">
      <caption className="sr-only">Technicians&apos; visits on {day.label}, by arrival window</caption>
      {/* The windows' (or days') names stay in view while the lanes scroll. */}
      <thead className="sticky top-0 z-10">
        <tr className="bg-slate-100 text-left text-xs font-semibold text-slate-700">
          <th scope="col" className="w-36 p-2">
            Technician
          </th>
          {columns.map((c) => (
            <th key={c.value} scope="col" className="p-2">
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {board.technicians.map((lane) => (
          <tr key={lane.id}>
            <LaneHeader lane={lane} day={day.date} />
            {columns.map((c) => (
              <DropCell
                as="td"
                key={c.value}
                id={`slot-${lane.id}-${day.date}-${c.value}`}
                target={{
                  technicianId: lane.id,
                  date: day.date,
                  window: c.value === "other" ? null : c.value,
                  label: `${lane.name}, ${c.label}`,
                }}
                className="h-20 border-b border-l border-slate-200 p-1 align-top"
              >
                <CardList visits={lane.visits.filter((v) => slotOf(v, day.windows) === c.value)} context={context} />
              </DropCell>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A week: a row per technician, a column per day; a card dropped on a day keeps its time of day. */
export function WeekLanes({ board, context }: { board: DispatchBoard; context: CardContext }) {
  return (
    <table className="w-full table-fixed border-collapse rounded-lg border border-slate-200 bg-white text-sm [overflow-wrap:anywhere]">
      <caption className="sr-only">Technicians&apos; visits in the week from {board.days[0]!.label}, by day</caption>
      {/* The windows' (or days') names stay in view while the lanes scroll. */}
      <thead className="sticky top-0 z-10">
        <tr className="bg-slate-100 text-left text-xs font-semibold text-slate-700">
          <th scope="col" className="w-32 p-2">
            Technician
          </th>
          {board.days.map((d) => (
            <th key={d.date} scope="col" className="p-2">
              {d.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {board.technicians.map((lane) => (
          <tr key={lane.id}>
            <LaneHeader lane={lane} day={null} />
            {board.days.map((d) => {
              const hours = lane.workingHours.find((h) => h.date === d.date);
              return (
                <DropCell
                  as="td"
                  key={d.date}
                  id={`day-${lane.id}-${d.date}`}
                  target={{ technicianId: lane.id, date: d.date, window: null, label: `${lane.name}, ${d.label}` }}
                  className="h-24 border-b border-l border-slate-200 p-1 align-top"
                >
                  <span className="mb-1 block text-xs text-slate-600">{hours?.label}</span>
                  <CardList visits={lane.visits.filter((v) => v.date === d.date)} context={context} />
                </DropCell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The Unassigned column's scroll area (its own; the board's drags never scroll it, dispatch-board.tsx). */
export const UNASSIGNED_SCROLL = "data-unassigned-scroll";

/**
 * "Unassigned / to be placed": the day's (or week's) visits nobody active has, then, apart and closed
 * until opened, the requests of earlier days still to be placed. A card dropped here loses its
 * technician, keeping its time. However many there are, the column is as tall as the screen at most
 * and its cards scroll within it (docs/product.md#dispatch-board), so a card picked up anywhere in it
 * is on the same screen as the lanes it goes to.
 */
export function UnassignedColumn({ board, context }: { board: DispatchBoard; context: CardContext }) {
  const scroll = { [UNASSIGNED_SCROLL]: "" };
  return (
    <section
      aria-labelledby="unassigned-heading"
      className="flex max-h-[max(24rem,calc(100dvh-20rem))] min-h-0 flex-col rounded-lg border border-slate-200 bg-white"
    >
      <DropCell
        id="unassigned"
        target={{ technicianId: null, date: null, window: null, label: "Unassigned" }}
        className="flex min-h-40 flex-1 flex-col overflow-hidden rounded-lg"
      >
        <h2 id="unassigned-heading" className="p-2 pb-1 text-sm font-semibold text-slate-900">
          Unassigned / to be placed <span className="font-normal text-slate-600">({board.unassigned.length})</span>
        </h2>
        <div {...scroll} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-2 pb-2">
          {board.unassigned.length === 0 ? (
            <p className="text-xs text-slate-600">
              {board.view === "week" ? "Nothing this week." : "Nothing this day."}
            </p>
          ) : null}
          <CardList visits={board.unassigned} context={context} withDay={board.view === "week"} />
          {board.waiting.length ? (
            <details className="mt-2 border-t border-slate-200 pt-2">
              <summary className="min-h-11 cursor-pointer content-center text-xs font-semibold text-amber-900 sm:min-h-0">
                Earlier requests still to be placed ({board.waiting.length})
              </summary>
              <div className="mt-1.5">
                <CardList visits={board.waiting} context={context} withDay />
              </div>
            </details>
          ) : null}
        </div>
      </DropCell>
    </section>
  );
}
