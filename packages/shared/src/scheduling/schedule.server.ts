/**
 * The schedule as PostgreSQL has it: the active technicians and their working days, the visits
 * that keep them (or a window's places) busy, the closed days, and what is open. The rules are
 * ./windows.ts, ./capacity.ts and ./closures.ts; the guarantees of every write that uses a window's capacity are
 * ./schedule-lock.server.ts (docs/decisions/009-no-double-booking.md). Used by the web and by
 * the worker (the chat's answers about open times).
 */
import { business } from "../business";
import type { Reader } from "../db.server";
import { addLocalDays, businessDate } from "../time";
import { windowAvailability, type BusyVisit, type WindowAvailability } from "./capacity";
import { withoutClosedDays, type ClosedDay } from "./closures";
import type { ScheduledTechnician } from "./technicians";
import { bookableWindowsBetween, windowJson, type ArrivalWindow, type WindowJson } from "./windows";

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

/**
 * The days the business is closed from `from` to `to` ("YYYY-MM-DD", both included), in date
 * order: one query for the whole range. Every place that offers or holds a window asks through
 * here (`scheduleOf`), so a closure removes its day's windows everywhere at once.
 */
export async function loadClosures(db: Reader, from: string, to: string): Promise<ClosedDay[]> {
  return db.closure.findMany({
    where: { date: { gte: from, lte: to }, removedAt: null },
    select: { date: true, reason: true, holiday: true },
    orderBy: { date: "asc" },
  });
}

/**
 * Windows as the schedule has them: those on a closed day left out, each other one with its free
 * technicians and remaining places, and the closures of the windows' days (or of `days`, for a
 * caller that must know of a closure on a day without windows), which say why days have none.
 */
export async function scheduleOf(
  db: Reader,
  windows: readonly ArrivalWindow[],
  days?: { from: string; to: string },
): Promise<{ windows: WindowAvailability[]; closures: ClosedDay[] }> {
  const [first, last] = [windows[0], windows[windows.length - 1]];
  const range = days ?? (first && last ? { from: businessDate(first.start), to: businessDate(last.start) } : null);
  const [technicians, visits, closures] = await Promise.all([
    first ? loadTechnicians(db) : [],
    first && last ? loadBusyVisits(db, first.start, last.end) : [],
    range ? loadClosures(db, range.from, range.to) : [],
  ]);
  return { windows: windowAvailability(withoutClosedDays(windows, closures), technicians, visits), closures };
}

/** Each window's free technicians and remaining places; none on a closed day. */
export async function availabilityOf(db: Reader, windows: readonly ArrivalWindow[]): Promise<WindowAvailability[]> {
  return (await scheduleOf(db, windows)).windows;
}

/**
 * The windows of `days` dates from `from` that a customer may choose now, with what each still
 * takes (none on a closed day), and the closures of those dates.
 */
export async function customerSchedule(db: Reader, from: string, days: number, now = new Date()) {
  const windows = bookableWindowsBetween(from, days, now);
  return scheduleOf(db, windows, { from, to: addLocalDays(from, days - 1) });
}

/** The windows of `days` dates from `from` that a customer may choose now, with what each still takes. */
export async function customerWindows(db: Reader, from: string, days: number, now = new Date()) {
  return (await customerSchedule(db, from, days, now)).windows;
}

/** The days `nextOpenWindows` looks at first: open windows are usually found within them. */
const FIRST_LOOK_DAYS = 7;

/**
 * The next `count` open windows a customer may choose, soonest first (409 answers and the chat offer them).
 * The coming week first, then, only when it has fewer, the rest of the horizon: what is read is the week's
 * visits, not the whole month's (customerWindows leaves out what is too soon or too far).
 */
export async function nextOpenWindows(db: Reader, count = 3, now = new Date()): Promise<WindowJson[]> {
  const today = businessDate(now);
  const days = business.booking.horizonDays + 1;
  const open = (windows: WindowAvailability[]) => windows.filter((w) => w.available > 0);
  const found = open(await customerWindows(db, today, Math.min(FIRST_LOOK_DAYS, days), now));
  if (found.length < count && days > FIRST_LOOK_DAYS)
    found.push(...open(await customerWindows(db, addLocalDays(today, FIRST_LOOK_DAYS), days - FIRST_LOOK_DAYS, now)));
  return found.slice(0, count).map(windowJson);
}
