/**
 * What staff are told when a move of a visit gives its technician two visits at once
 * (docs/product.md#moving-a-visit): the reason in words, and the nearest open alternatives, the
 * other technicians free at the time asked for and the technician's own open windows nearest to
 * it. Pure and safe for the browser; the visits and technicians are read by
 * ./move-alternatives.server.ts, and what is free is ./capacity.ts's rule, not a second one.
 */
import { formatClockWords, formatShortWeekdayDate, businessDate } from "../time";
import { windowAvailability, type BusyVisit } from "./capacity";
import { personName, technicianChoices, type ScheduledTechnician, type TechnicianChoice } from "./technicians";
import { windowJson, type ArrivalWindow, type WindowJson } from "./windows";

/** How many of the technician's own windows a refusal offers. */
export const ALTERNATIVE_WINDOWS = 3;

/**
 * "Sam Boudreaux already has #342 from 10 AM to 12 PM" (its day named too when it is not the day
 * asked for: a visit of the evening before running past midnight).
 */
export function technicianBusyReason(
  technician: { firstName: string; lastName: string },
  visit: { id: number; start: Date; end: Date },
  askedDay?: string,
): string {
  const day = askedDay && businessDate(visit.start) !== askedDay ? ` on ${formatShortWeekdayDate(visit.start)}` : "";
  return `${personName(technician)} already has #${visit.id}${day} from ${formatClockWords(visit.start)} to ${formatClockWords(visit.end)}`;
}

export interface MoveAlternatives {
  /** The other active technicians working that day with nothing overlapping the time asked for. */
  freeTechnicians: TechnicianChoice[];
  /** The technician's own open windows nearest to the time asked for (still to come), in time order. */
  windows: WindowJson[];
}

/**
 * The alternatives to a refused move of the visit `movingId` to [start, end) with `technicianId`.
 * `visits` are the busy visits around then (the moving visit's own old time is left out);
 * `windows` the arrival windows to look among.
 */
export function moveAlternatives(input: {
  movingId: number;
  start: Date;
  end: Date;
  technicianId: number;
  technicians: readonly ScheduledTechnician[];
  visits: readonly BusyVisit[];
  windows: readonly ArrivalWindow[];
  now: Date;
  count?: number;
}): MoveAlternatives {
  const { technicianId, start, now, count = ALTERNATIVE_WINDOWS } = input;
  const visits = input.visits.filter((v) => v.id !== input.movingId);
  const [asked] = windowAvailability([{ start, end: input.end }], input.technicians, visits);
  const freeTechnicians = technicianChoices((asked?.freeTechnicians ?? []).filter((t) => t.id !== technicianId));
  const distance = (w: ArrivalWindow) => Math.abs(w.start.getTime() - start.getTime());
  const windows = windowAvailability(input.windows, input.technicians, visits)
    .filter((w) => w.start > now && w.start.getTime() !== start.getTime())
    .filter((w) => w.freeTechnicians.some((t) => t.id === technicianId))
    .sort((a, b) => distance(a) - distance(b) || a.start.getTime() - b.start.getTime())
    .slice(0, count)
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .map(windowJson);
  return { freeTechnicians, windows };
}
