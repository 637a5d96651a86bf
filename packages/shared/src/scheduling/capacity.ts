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

const overlaps = (a: ArrivalWindow, b: ArrivalWindow) => a.start < b.end && b.start < a.end;

/** Each window's free technicians and what it still takes. */
export function windowAvailability(
  windows: readonly ArrivalWindow[],
  technicians: readonly ScheduledTechnician[],
  visits: readonly BusyVisit[],
): WindowAvailability[] {
  return windows.map((window) => {
    const weekday = localWeekday(businessDate(window.start));
    const overlapping = visits.filter((v) => overlaps(v, window));
    const busy = new Set(overlapping.map((v) => v.technicianId).filter((id) => id !== null));
    const freeTechnicians = technicians.filter((t) => t.workingDays.includes(weekday) && !busy.has(t.id));
    const unassigned = overlapping.filter((v) => v.technicianId === null).length;
    return { ...window, freeTechnicians, available: Math.max(0, freeTechnicians.length - unassigned) };
  });
}
