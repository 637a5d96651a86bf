/**
 * The words and the alternatives of a refused move (./move-alternatives.ts), read from PostgreSQL
 * after it refused the technician two overlapping visits (./schedule-lock.server.ts).
 */
import type { Reader } from "../db.server";
import { failure, type Failure } from "../result";
import { addLocalDays, businessDate, endOfBusinessDay, startOfBusinessDay } from "../time";
import { moveAlternatives, technicianBusyReason } from "./move-alternatives";
import { loadBusyVisits, loadTechnicians } from "./schedule.server";
import { windowsBetween } from "./windows";

/** How many days, from the day asked for, the technician's open windows are looked for in. */
const DAYS_LOOKED_AT = 7;

/** The longest a visit may last (the migration's check): how far back a visit overlapping a time may start. */
const LONGEST_VISIT_MS = 24 * 60 * 60 * 1000;

/**
 * The 409 for a move of visit `bookingId` to [start, start + durationMinutes) with `technicianId`,
 * who already has a visit then: "Sam Boudreaux already has #342 from 10 AM to 12 PM", with the
 * other technicians free then (`freeTechnicians`) and the technician's nearest open windows
 * (`alternatives`). Null when nothing overlaps any more (the other visit moved meanwhile).
 */
export async function technicianConflict(
  db: Reader,
  move: { bookingId: number; technicianId: number; start: Date; durationMinutes: number },
  now = new Date(),
): Promise<Failure | null> {
  const { bookingId, technicianId, start } = move;
  const end = new Date(start.getTime() + move.durationMinutes * 60_000);
  const candidates = await db.booking.findMany({
    where: {
      technicianId,
      id: { not: bookingId },
      status: { not: "cancelled" },
      scheduledDate: { gte: new Date(start.getTime() - LONGEST_VISIT_MS), lt: end },
    },
    select: { id: true, scheduledDate: true, durationMinutes: true, technician: true },
    orderBy: [{ scheduledDate: "asc" }, { id: "asc" }],
  });
  const other = candidates
    .map((b) => ({ ...b, end: new Date(b.scheduledDate.getTime() + b.durationMinutes * 60_000) }))
    .find((b) => b.end > start);
  if (!other?.technician) return null;
  const day = businessDate(start);
  const [technicians, visits] = await Promise.all([
    loadTechnicians(db),
    loadBusyVisits(db, startOfBusinessDay(day), endOfBusinessDay(addLocalDays(day, DAYS_LOOKED_AT - 1))),
  ]);
  const { freeTechnicians, windows } = moveAlternatives({
    movingId: bookingId,
    start,
    end,
    technicianId,
    technicians,
    visits,
    windows: windowsBetween(day, DAYS_LOOKED_AT),
    now,
  });
  const reason = technicianBusyReason(
    other.technician,
    { id: other.id, start: other.scheduledDate, end: other.end },
    day,
  );
  return failure(409, reason, { errors: { technicianId: reason }, alternatives: windows, freeTechnicians });
}
