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

/*
 * What the schedule reads, each written once in SQL: `readSchedule` asks all three in one statement
 * (each round trip to the database is a system call pair on both sides, and the chat, the booking form
 * and every hold of a window read all three), and the loaders below ask one each.
 * Timestamps are stored in UTC without a zone, as Prisma stores them.
 */

/** Active technicians, by name: [id, firstName, lastName, workingDays]. */
const TECHNICIANS_SQL = `SELECT json_build_array(u."id", u."firstName", u."lastName", u."workingDays") AS t
  FROM "User" u WHERE u."role" = 'technician' AND u."isActive"
  ORDER BY u."firstName", u."lastName", u."id"`;

/**
 * The visits overlapping [$from, $to) that keep time, as [id, technicianId, start (epoch ms), minutes]: every
 * non-cancelled visit with a technician, and those without one that hold a window (not those waiting for staff to
 * place them). A visit may last up to a day (the migration's check), so those starting a day before `from` are read.
 */
const busyVisitsSql = (from: string, to: string) => `SELECT json_build_array(b."id", b."technicianId",
    (extract(epoch FROM b."scheduledDate") * 1000)::bigint, b."durationMinutes") AS v
  FROM "Booking" b
  WHERE b."status" <> 'cancelled'
    AND b."scheduledDate" >= ${from}::timestamp - interval '1 day' AND b."scheduledDate" < ${to}::timestamp
    AND (b."technicianId" IS NOT NULL OR NOT b."needsPlacing")
    AND b."scheduledDate" + make_interval(mins => b."durationMinutes") > ${from}::timestamp`;

/** The days closed from $from to $to ("YYYY-MM-DD", both included), in date order. */
const closuresSql = (from: string, to: string) => `SELECT json_build_array(c."date", c."reason", c."holiday") AS c
  FROM "Closure" c WHERE c."date" >= ${from} AND c."date" <= ${to} AND c."removedAt" IS NULL ORDER BY c."date"`;

type TechnicianRow = [number, string, string, number[]];
type VisitRow = [number, number | null, number | string, number];
type ClosureRow = [string, string, boolean];

const technicianOf = ([id, firstName, lastName, workingDays]: TechnicianRow): ScheduledTechnician => ({
  id,
  firstName,
  lastName,
  workingDays,
});
const visitOf = ([id, technicianId, start, minutes]: VisitRow): BusyVisit => {
  const time = Number(start);
  return { id, technicianId, start: new Date(time), end: new Date(time + minutes * 60_000) };
};
const closureOf = ([date, reason, holiday]: ClosureRow): ClosedDay => ({ date, reason, holiday });

/** An instant as the database's timestamps hold it (UTC, no zone). */
const utcTimestamp = (instant: Date) => instant.toISOString().slice(0, -1);

/**
 * The technicians, the visits keeping time in [from, to) and the days closed in `days`, in one statement:
 * what every offer or hold of an arrival window reads.
 */
export async function readSchedule(
  db: Reader,
  visits: { from: Date; to: Date } | null,
  days: { from: string; to: string } | null,
): Promise<{ technicians: ScheduledTechnician[]; visits: BusyVisit[]; closures: ClosedDay[] }> {
  const params: unknown[] = [];
  const parts = [
    visits ? `(SELECT coalesce(json_agg(t), '[]') FROM (${TECHNICIANS_SQL}) x)` : `'[]'::json`,
    visits
      ? `(SELECT coalesce(json_agg(v), '[]') FROM (${busyVisitsSql(`$${params.push(utcTimestamp(visits.from))}`, `$${params.push(utcTimestamp(visits.to))}`)}) y)`
      : `'[]'::json`,
    days
      ? `(SELECT coalesce(json_agg(c), '[]') FROM (${closuresSql(`$${params.push(days.from)}`, `$${params.push(days.to)}`)}) z)`
      : `'[]'::json`,
  ];
  const [row] = await db.$queryRawUnsafe<{ t: TechnicianRow[]; v: VisitRow[]; c: ClosureRow[] }[]>(
    `SELECT ${parts[0]} AS t, ${parts[1]} AS v, ${parts[2]} AS c`,
    ...params,
  );
  return {
    technicians: row!.t.map(technicianOf),
    visits: row!.v.map(visitOf),
    closures: row!.c.map(closureOf),
  };
}

/** Active technicians, by name. */
export async function loadTechnicians(db: Reader): Promise<ScheduledTechnician[]> {
  const rows = await db.$queryRawUnsafe<{ t: TechnicianRow }[]>(TECHNICIANS_SQL);
  return rows.map((r) => technicianOf(r.t));
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

/** The visits overlapping [from, to) that keep time (`busyVisitsSql`). */
export async function loadBusyVisits(db: Reader, from: Date, to: Date): Promise<BusyVisit[]> {
  const rows = await db.$queryRawUnsafe<{ v: VisitRow }[]>(
    busyVisitsSql("$1", "$2"),
    utcTimestamp(from),
    utcTimestamp(to),
  );
  return rows.map((r) => visitOf(r.v));
}

/**
 * The days the business is closed from `from` to `to` ("YYYY-MM-DD", both included), in date
 * order: one query for the whole range. Every place that offers or holds a window asks through
 * here or `readSchedule` (`scheduleOf`), so a closure removes its day's windows everywhere at once.
 */
export async function loadClosures(db: Reader, from: string, to: string): Promise<ClosedDay[]> {
  const rows = await db.$queryRawUnsafe<{ c: ClosureRow }[]>(closuresSql("$1", "$2"), from, to);
  return rows.map((r) => closureOf(r.c));
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
  const { technicians, visits, closures } = await readSchedule(
    db,
    first && last ? { from: first.start, to: last.end } : null,
    range,
  );
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
