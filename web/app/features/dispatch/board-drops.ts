/**
 * What a drop on the board asks for (docs/product.md#dispatch-board): the Move form's fields for
 * the card's visit at the place it was dropped, and the board as it looks while that move is on
 * its way (the card already there; it returns if the move is refused). Pure, unit-tested beside.
 */
import { BOOKING_INTENTS } from "~/features/bookings/bookings-intents";
import { moveFields, type MoveFields } from "@app/shared/api/dispatch";
import { requireBusinessInstant } from "@app/shared/time";
import { byDispatchOrder, type DispatchBoard, type DispatchVisit } from "./board";

/** A place to drop a card: a technician's lane (or the Unassigned column), on a day, at a window or keeping the time. */
export interface DropTarget {
  /** Null: the Unassigned column. */
  technicianId: number | null;
  /** The day ("YYYY-MM-DD"); null keeps the visit's day. */
  date: string | null;
  /** A window's start ("10:00"); null keeps the visit's time of day. */
  window: string | null;
  /** "Sam Boudreaux, 10 AM – 12 PM", for the screen reader's announcements. */
  label: string;
}

/** The move a drop asks for, or null when it changes nothing (dropped where it was). */
export function dropFields(visit: DispatchVisit, target: DropTarget): MoveFields | null {
  const date = target.date ?? visit.date;
  const technicianId = target.technicianId === null ? "" : String(target.technicianId);
  const kept = moveFields(new Date(visit.scheduledDate), null);
  const fields = target.window
    ? { date, window: target.window, time: "", technicianId }
    : { ...kept, date, technicianId };
  const same =
    fields.date === visit.date &&
    fields.technicianId === (visit.technicianId === null ? "" : String(visit.technicianId)) &&
    fields.window === kept.window &&
    fields.time === kept.time;
  return same ? null : fields;
}

/** The board with visit `bookingId` already where `fields` move it. */
export function withPendingMove(board: DispatchBoard, bookingId: number, fields: MoveFields): DispatchBoard {
  const all = [...board.unassigned, ...board.waiting, ...board.technicians.flatMap((t) => t.visits)];
  const visit = all.find((v) => v.id === bookingId);
  if (!visit) return board;
  const technicianId = fields.technicianId ? Number(fields.technicianId) : null;
  const start = requireBusinessInstant(fields.date, fields.window || fields.time);
  const moved: DispatchVisit = {
    ...visit,
    date: fields.date,
    window: fields.window || null,
    scheduledDate: start.toISOString(),
    end: new Date(start.getTime() + visit.durationMinutes * 60_000).toISOString(),
    technicianId,
    needsPlacing: false,
  };
  const without = (visits: DispatchVisit[]) => visits.filter((v) => v.id !== bookingId);
  const lanes = new Set(board.technicians.map((t) => t.id));
  return {
    ...board,
    technicians: board.technicians.map((t) => ({
      ...t,
      visits: t.id === technicianId ? [...without(t.visits), moved].sort(byDispatchOrder) : without(t.visits),
    })),
    unassigned:
      technicianId === null || !lanes.has(technicianId)
        ? [...without(board.unassigned), moved].sort(byDispatchOrder)
        : without(board.unassigned),
    // Placed (or moved to a day of the board): no longer waiting.
    waiting: without(board.waiting),
  };
}

/** The move a post carries (a fetcher's form data while it is on its way, or a refusal's values sent back), or null. */
export function postedMove(
  posted: FormData | Record<string, unknown> | null | undefined,
): { bookingId: number; fields: MoveFields } | null {
  if (!posted) return null;
  const read = (name: string) => {
    const value = posted instanceof FormData ? posted.get(name) : posted[name];
    return typeof value === "string" ? value : "";
  };
  const bookingId = Number(read("bookingId"));
  if (read("intent") !== BOOKING_INTENTS.moveVisit || !Number.isInteger(bookingId) || bookingId <= 0 || !read("date"))
    return null;
  return {
    bookingId,
    fields: { date: read("date"), window: read("window"), time: read("time"), technicianId: read("technicianId") },
  };
}
