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
        <span className="block text-sm font-semibold text-slate-900">{lane.name}</span>
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
    <table className="w-full table-fixed border-collapse rounded-lg border border-slate-200 bg-white text-sm">
      <caption className="sr-only">Technicians&apos; visits on {day.label}, by arrival window</caption>
      <thead>
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
    <table className="w-full table-fixed border-collapse rounded-lg border border-slate-200 bg-white text-sm">
      <caption className="sr-only">Technicians&apos; visits in the week from {board.days[0]!.label}, by day</caption>
      <thead>
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
                  <span className="mb-1 block text-[11px] text-slate-600">{hours?.label}</span>
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

/** "Unassigned / to be placed": the visits nobody active has; a card dropped here loses its technician, keeping its time. */
export function UnassignedColumn({ board, context }: { board: DispatchBoard; context: CardContext }) {
  return (
    <section aria-labelledby="unassigned-heading" className="rounded-lg border border-slate-200 bg-white">
      <DropCell
        id="unassigned"
        target={{ technicianId: null, date: null, window: null, label: "Unassigned" }}
        className="min-h-40 p-2"
      >
        <h2 id="unassigned-heading" className="mb-2 text-sm font-semibold text-slate-900">
          Unassigned / to be placed <span className="font-normal text-slate-600">({board.unassigned.length})</span>
        </h2>
        {board.unassigned.length === 0 ? <p className="text-xs text-slate-600">Nothing waiting.</p> : null}
        <CardList visits={board.unassigned} context={context} />
      </DropCell>
    </section>
  );
}
