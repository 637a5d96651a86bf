import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import type { ClosureJson, StaffWindowJson } from "@app/shared/api/scheduling";
import { closedDayWords } from "@app/shared/scheduling/closures";
import { formatWindowRange } from "@app/shared/scheduling/windows";
import { type TechnicianChoice } from "@app/shared/scheduling/technicians";
import { localTimeOf, parseLocalDate } from "@app/shared/time";
import { SelectField, type FieldMeta } from "~/components/ui/field";
import { cn } from "~/utils/cn";

type Schedule =
  | { status: "loading" }
  | { status: "error" }
  | { status: "done"; windows: StaffWindowJson[]; technicians: TechnicianChoice[]; closure: ClosureJson | null };

/** GET /api/admin/schedule's answer (routes/api.admin.schedule.ts). */
type ScheduleAnswer =
  | {
      success: true;
      date: string;
      closure: ClosureJson | null;
      windows: StaffWindowJson[];
      technicians: TechnicianChoice[];
    }
  | { success: false; message?: string };

/** A day's windows and technicians: GET /api/admin/schedule?date=… through a fetcher, again whenever the date changes. */
function useDaySchedule(date: string): Schedule {
  const { load, data, state } = useFetcher<ScheduleAnswer>();
  const valid = parseLocalDate(date) !== null;

  useEffect(() => {
    if (valid) void load(`/api/admin/schedule?date=${date}`);
  }, [date, valid, load]);

  // What was read for another day is never shown for this one.
  if (data?.success && data.date === date)
    return { status: "done", windows: data.windows, technicians: data.technicians, closure: data.closure };
  if (data && !data.success && state === "idle") return { status: "error" };
  return { status: "loading" };
}

const windowTimes = (w: StaffWindowJson) => formatWindowRange({ start: new Date(w.start), end: new Date(w.end) });

/**
 * The New Booking dialog's view of the chosen day (docs/product.md#new-booking-dialog):
 * each arrival window with its free places and technicians (choosing one sets
 * the time to its start), and the technician to assign, where those with a
 * visit in the chosen time's window cannot be chosen.
 */
export function DayAvailability({
  date,
  time,
  technician,
  onTime,
}: {
  date: string;
  /** "HH:MM", Baton Rouge time. */
  time: string;
  /** The booking form's technician field. */
  technician: FieldMeta;
  onTime: (time: string) => void;
}) {
  const schedule = useDaySchedule(date);
  const windows = schedule.status === "done" ? schedule.windows : [];
  const technicians = schedule.status === "done" ? schedule.technicians : [];
  const chosen = windows.find((w) => localTimeOf(new Date(w.start)) <= time && time < localTimeOf(new Date(w.end)));
  const busy = (id: number) => Boolean(chosen && !chosen.freeTechnicians.some((t) => t.id === id));

  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-slate-900">Arrival windows</legend>
        {schedule.status === "loading" ? (
          <p role="status" className="text-sm text-slate-600">
            Loading availability...
          </p>
        ) : schedule.status === "error" ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the day&apos;s availability.
          </p>
        ) : schedule.status === "done" && schedule.closure ? (
          // A closed day offers customers nothing; staff may still place a visit at an exact time (an emergency).
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {closedDayWords(schedule.closure)}: no arrival windows. You can still book a visit at an exact time.
          </p>
        ) : windows.length === 0 ? (
          <p className="text-sm text-slate-600">No arrival windows on this day.</p>
        ) : (
          <ul className="grid gap-1.5 sm:grid-cols-2">
            {windows.map((w) => {
              const start = localTimeOf(new Date(w.start));
              const names = w.freeTechnicians.map((t) => t.name).join(", ");
              return (
                <li key={w.start}>
                  <button
                    type="button"
                    aria-pressed={chosen?.start === w.start}
                    onClick={() => onTime(start)}
                    className={cn(
                      "w-full rounded-md border px-3 py-2 text-left text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600",
                      chosen?.start === w.start ? "border-brand-600 bg-brand-50" : "border-slate-200 hover:bg-slate-50",
                    )}
                  >
                    <span className="block font-medium text-slate-900">{windowTimes(w)}</span>
                    <span className={cn("block text-xs", w.available > 0 ? "text-slate-600" : "text-amber-800")}>
                      {w.available > 0 ? `${w.available} open` : "Full"}
                      {names ? ` · free: ${names}` : " · no technician free"}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
      <SelectField field={technician} label="Technician (optional)">
        <option value="">Unassigned</option>
        {technicians.map((t) => (
          // The one already chosen stays choosable when the day's schedule, read again (the page's live
          // refresh), finds them busy: a disabled option is not posted, so the visit would be booked
          // unassigned without a word; posted, the server refuses it beside this field.
          <option key={t.id} value={t.id} disabled={busy(t.id) && String(t.id) !== technician.value}>
            {busy(t.id) ? `${t.name} (busy then)` : t.name}
          </option>
        ))}
      </SelectField>
    </>
  );
}
