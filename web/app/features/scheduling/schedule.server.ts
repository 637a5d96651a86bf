import type { Db, Prisma } from "@app/shared/db";
import { personName } from "@app/shared/bookings";
import { business } from "@app/shared/business";
import {
  isBookable,
  windowAvailability,
  windowJson,
  windowsBetween,
  windowStartingAt,
  type ArrivalWindow,
  type BusyVisit,
  type ScheduledTechnician,
  type TechnicianChoice,
  type WindowAvailability,
  type WindowJson,
} from "@app/shared/scheduling";
import { addLocalDays, businessDate } from "@app/shared/time";
import { failure, type Failure, type Result } from "~/utils/result";

/**
 * The schedule as PostgreSQL has it: the technicians, the visits that keep
 * them (or a window's places) busy, and what is open. The rules themselves
 * are packages/shared/src/scheduling.ts; the guarantees are PostgreSQL's
 * (docs/product.md#booking-rules):
 * - a technician's visits never overlap: an exclusion constraint refuses it
 *   (`isTechnicianOverlap` recognises its error);
 * - a window is never sold beyond its capacity: every write that uses
 *   capacity first locks the technicians' rows (`lockSchedule`), so such
 *   writes take turns and each sees what the one before it committed.
 */

type Reader = Db | Prisma.TransactionClient;

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

/** The technicians as the staff pages' menus list them. */
export function technicianChoices(technicians: readonly ScheduledTechnician[]): TechnicianChoice[] {
  return technicians.map((t) => ({ id: t.id, name: personName(t) }));
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
    select: { technicianId: true, scheduledDate: true, durationMinutes: true },
  });
  return rows
    .map((r) => ({
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
  const open: WindowJson[] = [];
  // A week at a time up to the horizon: most answers need only the first.
  const last = addLocalDays(businessDate(now), business.booking.horizonDays);
  for (let from = businessDate(now); from <= last && open.length < count; from = addLocalDays(from, 7)) {
    const windows = await customerWindows(db, from, 7, now);
    open.push(...windows.filter((w) => w.available > 0).map(windowJson));
  }
  return open.slice(0, count);
}

/**
 * Takes the schedule for the rest of the transaction: locks the active
 * technicians' rows, so writes that use a window's capacity take turns (a
 * second waits for the first to commit and then counts what it wrote). Every
 * write that places a customer in a window, assigns a technician or moves a
 * visit calls it first.
 */
export async function lockSchedule(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "User" WHERE role = 'technician' AND "isActive" ORDER BY id FOR NO KEY UPDATE`;
}

/**
 * For a customer choosing a window: takes the schedule (`lockSchedule`) and
 * checks the window is one of ours, may be chosen now, and has a place left.
 * The window when the customer may have it, or null; the caller writes the
 * visit in the same transaction, before the lock is released.
 */
export async function holdWindow(
  tx: Prisma.TransactionClient,
  start: Date,
  now = new Date(),
): Promise<ArrivalWindow | null> {
  const window = windowStartingAt(start);
  if (!window || !isBookable(window, now)) return null;
  await lockSchedule(tx);
  const [open] = await availabilityOf(tx, [window]);
  return open && open.available > 0 ? window : null;
}

/** Why a customer cannot have the window they chose. */
export const WINDOW_TAKEN_MESSAGE = "Sorry, that time is no longer available. Please choose another.";

/** The 409 for a window a customer may not have (full, too soon, or not ours), with the next open windows. */
export async function windowConflict(db: Reader): Promise<Failure> {
  return failure(409, WINDOW_TAKEN_MESSAGE, {
    errors: { windowStart: WINDOW_TAKEN_MESSAGE },
    alternatives: await nextOpenWindows(db),
  });
}

export const TECHNICIAN_BUSY_MESSAGE = "That technician already has a visit at that time";
const UNKNOWN_TECHNICIAN_MESSAGE = "Choose an active technician";

/** The 400 for a technicianId that is not an active technician's. */
export const unknownTechnician = () =>
  failure(400, UNKNOWN_TECHNICIAN_MESSAGE, { errors: { technicianId: UNKNOWN_TECHNICIAN_MESSAGE } });

/**
 * Runs a write that may give a technician a visit: PostgreSQL's refusal of
 * two overlapping visits becomes the 409 the caller answers.
 */
export async function refusingOverlaps<T>(write: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await write();
  } catch (error) {
    if (isTechnicianOverlap(error))
      return failure(409, TECHNICIAN_BUSY_MESSAGE, { errors: { technicianId: TECHNICIAN_BUSY_MESSAGE } });
    throw error;
  }
}

/** Whether this user may be given visits: an active technician. */
export async function isActiveTechnician(db: Reader, userId: number): Promise<boolean> {
  return (await db.user.count({ where: { id: userId, role: "technician", isActive: true } })) === 1;
}

/** Whether PostgreSQL refused a write because it would give a technician two visits at once. */
export function isTechnicianOverlap(error: unknown): boolean {
  const meta = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: string; message?: string } } } })
    ?.meta;
  const cause = meta?.driverAdapterError?.cause;
  return cause?.originalCode === "23P01" && (cause.message ?? "").includes("Booking_technician_no_overlap");
}
