/**
 * The schedule as PostgreSQL has it: the active technicians and their working days, the visits
 * that keep them (or a window's places) busy, and what is open. The rules are ./windows.ts and
 * ./capacity.ts; the guarantees of every write that uses a window's capacity are
 * ./schedule-lock.server.ts (docs/decisions/009-no-double-booking.md). Used by the web and by
 * the worker (the chat's answers about open times).
 */
import { business } from "../business";
import type { Reader } from "../db.server";
import { businessDate } from "../time";
import { windowAvailability, type BusyVisit, type WindowAvailability } from "./capacity";
import type { ScheduledTechnician } from "./technicians";
import { isBookable, windowJson, windowsBetween, type ArrivalWindow, type WindowJson } from "./windows";

/** The longest a visit may last (the migration's check): how far back a visit overlapping a range may start. */
const LONGEST_VISIT_MS = 24 * 60 * 60 * 1000;

/** Active technicians, by name. */
export async function loadTechnicians(db: Reader): Promise<ScheduledTechnician[]> {
  return db.user.findMany({
    where: { role: "technician", isActive: true },
    select: { id: true, firstName: true, lastName: true, workingDays: true },
    orderBy: [{ firstName: "asc" }, { lastName: "asc" }, { id: "asc" }],
  });
}

/** Whether this user may be given visits: an active technician. */
export async function isActiveTechnician(db: Reader, userId: number): Promise<boolean> {
  return (await db.user.count({ where: { id: userId, role: "technician", isActive: true } })) === 1;
}

/** Saves the weekdays (0 = Sunday) a technician works, each once and in order; none: they take no visits. */
export async function saveWorkingDays(db: Reader, technicianId: number, days: readonly number[]): Promise<number[]> {
  const workingDays = [...new Set(days)].sort();
  await db.user.update({ where: { id: technicianId }, data: { workingDays } });
  return workingDays;
}

/**
 * The visits overlapping [from, to) that keep time: every non-cancelled visit
 * with a technician, and those without one that hold a window (not those
 * waiting for staff to place them).
 */
export async function loadBusyVisits(db: Reader, from: Date, to: Date): Promise<BusyVisit[]> {
  const rows = await db.booking.findMany({
    where: {
      status: { not: "cancelled" },
      scheduledDate: { gte: new Date(from.getTime() - LONGEST_VISIT_MS), lt: to },
      OR: [{ technicianId: { not: null } }, { needsPlacing: false }],
    },
    select: { id: true, technicianId: true, scheduledDate: true, durationMinutes: true },
  });
  return rows
    .map((r) => ({
      id: r.id,
      technicianId: r.technicianId,
      start: r.scheduledDate,
      end: new Date(r.scheduledDate.getTime() + r.durationMinutes * 60_000),
    }))
    .filter((v) => v.end > from);
}

/** Each window's free technicians and remaining places. */
export async function availabilityOf(db: Reader, windows: readonly ArrivalWindow[]): Promise<WindowAvailability[]> {
  if (windows.length === 0) return [];
  const [technicians, visits] = await Promise.all([
    loadTechnicians(db),
    loadBusyVisits(db, windows[0]!.start, windows[windows.length - 1]!.end),
  ]);
  return windowAvailability(windows, technicians, visits);
}

/** The windows of `days` dates from `from` that a customer may choose now, with what each still takes. */
export async function customerWindows(db: Reader, from: string, days: number, now = new Date()) {
  const windows = windowsBetween(from, days).filter((w) => isBookable(w, now));
  return availabilityOf(db, windows);
}

/** The next `count` open windows a customer may choose, soonest first (409 answers offer them). */
export async function nextOpenWindows(db: Reader, count = 3, now = new Date()): Promise<WindowJson[]> {
  // From today to the horizon, as one read; customerWindows leaves out what is too soon or too far.
  const windows = await customerWindows(db, businessDate(now), business.booking.horizonDays + 1, now);
  return windows
    .filter((w) => w.available > 0)
    .slice(0, count)
    .map(windowJson);
}
