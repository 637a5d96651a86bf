import { business } from "../business";
import { windowStartingAt } from "../scheduling/windows";
import {
  businessDate,
  businessInstant,
  clockMinutes,
  formatClock,
  localTimeOf,
  localWeekday,
  requireBusinessInstant,
  WEEKDAYS,
} from "../time";
import { z } from "../zod";
import { idField, localDateField } from "./values";

/**
 * Staff move a visit (docs/product.md#moving-a-visit): one form and one schema wherever it is
 * moved (a booking's page, the calendar's day dialog, the dispatch board's cards and drags), read
 * by the one page action (`intent=move-visit`, web/app/features/bookings/bookings-actions.server.ts).
 */

const LOCAL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const blankAsMissing = (value: unknown) => (value === "" || value === null ? undefined : value);

/** Every arrival window's start any weekday has ("08:00", "10:00", …): the Move form's menu; the day chosen is checked for it. */
export const windowStarts: readonly string[] = [
  ...new Set(Object.values(business.booking.windows).flatMap((rules) => rules.map((w) => w.start))),
].sort();

/** A window's start as its menu names it: "10 AM – 12 PM". */
export function windowStartLabel(start: string): string {
  const end = Object.values(business.booking.windows)
    .flat()
    .find((w) => w.start === start)?.end;
  const words = (hhmm: string) => formatClock(clockMinutes(hhmm)).replace(":00 ", " ");
  return end ? `${words(start)} – ${words(end)}` : words(start);
}

/**
 * The move: the day (`date`, Baton Rouge), an arrival window by its start (`window`, "10:00") or,
 * for staff, an exact time (`time`, "10:30", used when no window is chosen), and the technician
 * (`technicianId`; blank or absent: nobody). `movedTo` gives the instant and the technician.
 */
export const moveVisitSchema = z
  .object({
    date: localDateField("Choose a day (YYYY-MM-DD)"),
    window: z.preprocess(blankAsMissing, z.string().regex(LOCAL_TIME, "Choose one of the arrival windows").optional()),
    time: z.preprocess(blankAsMissing, z.string().regex(LOCAL_TIME, "Use a time as HH:MM").optional()),
    technicianId: z.preprocess(blankAsMissing, idField("Choose a technician, or Unassigned").optional()),
  })
  .superRefine((move, ctx) => {
    if (!move.window) {
      if (!move.time)
        ctx.addIssue({ code: "custom", path: ["window"], message: "Choose an arrival window or an exact time" });
      return;
    }
    const start = businessInstant(move.date, move.window);
    const window = start ? windowStartingAt(start) : null;
    if (start && !window)
      ctx.addIssue({
        code: "custom",
        path: ["window"],
        message: `${WEEKDAYS[localWeekday(move.date)]} has no ${windowStartLabel(move.window)} window. Choose another, or an exact time.`,
      });
  });

/**
 * The change a valid move asks for: the instant (Baton Rouge time) and the technician (null:
 * nobody). Not a transform of the schema, which Conform's constraints cannot read.
 */
export function movedTo(move: z.output<typeof moveVisitSchema>): { scheduledDate: Date; technicianId: number | null } {
  return {
    scheduledDate: requireBusinessInstant(move.date, move.window ?? move.time),
    technicianId: move.technicianId ?? null,
  };
}

/** GET /api/dispatch and /admin/dispatch: the day (Baton Rouge; today when absent), and the day or its week. */
export const dispatchQuerySchema = z.object({
  date: localDateField().optional(),
  view: z.enum(["day", "week"], { error: "View must be day or week" }).default("day"),
});

/** The Move form's fields for a visit at `scheduledDate` with `technicianId`: its day, and its window or exact time. */
export function moveFields(scheduledDate: Date, technicianId: number | null): MoveFields {
  const time = localTimeOf(scheduledDate);
  const inWindow = windowStartingAt(scheduledDate) !== null;
  return {
    date: businessDate(scheduledDate),
    window: inWindow ? time : "",
    time: inWindow ? "" : time,
    technicianId: technicianId ? String(technicianId) : "",
  };
}

/** What a Move form posts (besides `intent` and `bookingId`), as text. */
export interface MoveFields {
  date: string;
  window: string;
  time: string;
  technicianId: string;
}
