import type { Prisma, Reader } from "../db.server";
import { failure, type Failure, type Result } from "../result";
import { businessDate } from "../time";
import type { WindowAvailability } from "./capacity";
import { closedDayWords } from "./closures";
import { availabilityOf, loadClosures, nextOpenWindows } from "./schedule.server";
import { isBookable, windowStartingAt } from "./windows";

/**
 * What every write that uses the schedule relies on (the reads are ./schedule.server.ts, the rules
 * ./windows.ts and ./capacity.ts), PostgreSQL's guarantees (docs/decisions/009-no-double-booking.md):
 * - a technician's visits never overlap: an exclusion constraint refuses it
 *   (`isTechnicianOverlap` recognises its error);
 * - a window is never sold beyond its capacity: every write that uses
 *   capacity first locks the technicians' rows (`lockSchedule`), so such
 *   writes take turns and each sees what the one before it committed.
 */

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
 * checks the window is one of ours, may be chosen now, is not on a closed day
 * (`availabilityOf` leaves those out), and has a place left.
 * The window (with its free technicians) when the customer may have it, or
 * null; the caller writes the visit in the same transaction, before the lock
 * is released.
 */
export async function holdWindow(
  tx: Prisma.TransactionClient,
  start: Date,
  now = new Date(),
): Promise<WindowAvailability | null> {
  const window = windowStartingAt(start);
  if (!window || !isBookable(window, now)) return null;
  await lockSchedule(tx);
  const [open] = await availabilityOf(tx, [window]);
  return open && open.available > 0 ? open : null;
}

/** Why a customer cannot have the window they chose. */
export const WINDOW_TAKEN_MESSAGE = "Sorry, that time is no longer available. Please choose another.";

/**
 * The 409 for a window a customer may not have (full, too soon, not ours, or on a closed day), with
 * the next open windows. Given the start that was refused, a closed day is named: "We're closed on
 * Thursday, November 26 (Thanksgiving). Please choose another time."
 */
export async function windowConflict(db: Reader, refusedStart?: Date | null): Promise<Failure> {
  const day = refusedStart ? businessDate(refusedStart) : null;
  const [[closure], alternatives] = await Promise.all([
    day ? loadClosures(db, day, day) : Promise.resolve([]),
    nextOpenWindows(db),
  ]);
  const message = closure ? `${closedDayWords(closure)}. Please choose another time.` : WINDOW_TAKEN_MESSAGE;
  return failure(409, message, { errors: { windowStart: message }, alternatives });
}

const TECHNICIAN_BUSY_MESSAGE = "That technician already has a visit at that time";
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

/** Whether a refusal is `refusingOverlaps`' 409: the technician has another visit then (a move explains it, ./move-alternatives.server.ts). */
export const isTechnicianBusy = (refusal: Failure) =>
  refusal.status === 409 && refusal.errors?.technicianId === TECHNICIAN_BUSY_MESSAGE;

/** Whether PostgreSQL refused a write because it would give a technician two visits at once. */
function isTechnicianOverlap(error: unknown): boolean {
  const meta = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: string; message?: string } } } })
    ?.meta;
  const cause = meta?.driverAdapterError?.cause;
  return cause?.originalCode === "23P01" && (cause.message ?? "").includes("Booking_technician_no_overlap");
}
