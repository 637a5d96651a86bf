/**
 * What an arrival window still takes (docs/product.md#booking-rules). Pure and safe for the
 * browser: the server loads the technicians and the visits that keep them busy
 * (./schedule.server.ts), and this module decides what is open.
 *
 * A window's capacity is the number of active technicians who work that
 * weekday and have no visit overlapping it. A booking a customer placed in a
 * window without a technician yet holds one of those places, so what is
 * `available` is that capacity less the unassigned visits overlapping the
 * window. Requests left for staff to place (`needsPlacing`) hold nothing.
 */
import { businessDate, localWeekday } from "../time";
import type { ScheduledTechnician } from "./technicians";
import type { ArrivalWindow } from "./windows";

/** A visit that keeps time: its technician's, or one place in the windows it overlaps while nobody is assigned. */
export interface BusyVisit {
  /** The booking (when read from the database): a visit being moved does not keep its own old time busy. */
  id?: number;
  technicianId: number | null;
  start: Date;
  end: Date;
}

export interface WindowAvailability extends ArrivalWindow {
  /** How many more customer visits the window takes (0: full). */
  available: number;
  /** The technicians with no visit overlapping the window who work that day. */
  freeTechnicians: ScheduledTechnician[];
}

/** A visit with its times as numbers (comparing Dates converts them on every comparison). */
interface Span {
  visit: BusyVisit;
  start: number;
  end: number;
}

/** The first span starting at or after `time` (binary search over spans sorted by start). */
function firstFrom(spans: readonly Span[], time: number): number {
  let [low, high] = [0, spans.length];
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (spans[mid]!.start < time) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Each window's free technicians and what it still takes. A window looks only at the visits that can
 * overlap it (those starting from its start less the longest visit, up to its end), found in the visits
 * sorted once by start: the work grows with windows plus visits, not with their product, so a horizon
 * full of booked visits (the chat's "next open windows", the booking form's days) stays quick.
 */
export function windowAvailability(
  windows: readonly ArrivalWindow[],
  technicians: readonly ScheduledTechnician[],
  visits: readonly BusyVisit[],
): WindowAvailability[] {
  const spans = visits
    .map((visit) => ({ visit, start: visit.start.getTime(), end: visit.end.getTime() }))
    .sort((a, b) => a.start - b.start);
  const longest = spans.reduce((most, s) => Math.max(most, s.end - s.start), 0);
  return windows.map((window) => {
    const [from, to] = [window.start.getTime(), window.end.getTime()];
    const overlapping: BusyVisit[] = [];
    for (let i = firstFrom(spans, from - longest); i < spans.length && spans[i]!.start < to; i++)
      if (spans[i]!.end > from) overlapping.push(spans[i]!.visit);
    const weekday = localWeekday(businessDate(window.start));
    const busy = new Set(overlapping.map((v) => v.technicianId).filter((id) => id !== null));
    const freeTechnicians = technicians.filter((t) => t.workingDays.includes(weekday) && !busy.has(t.id));
    const unassigned = overlapping.filter((v) => v.technicianId === null).length;
    return { ...window, freeTechnicians, available: Math.max(0, freeTechnicians.length - unassigned) };
  });
}
