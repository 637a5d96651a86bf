import { z } from "../zod";
import { businessDate, parseLocalDate } from "../time";
import { staffText } from "./fields";
import { CLOSURE_REASON_MAX_LENGTH } from "./limits";
import { dateTimeTextField, localDateField } from "./values";

/** The longest range one availability request may ask for. */
export const AVAILABILITY_MAX_DAYS = 31;

/** GET /api/availability?from=YYYY-MM-DD&days=N (docs/product.md#json-api). */
export const availabilityQuerySchema = z.object({
  from: localDateField().optional(),
  days: z.coerce
    .number("Days must be a number")
    .int("Days must be a whole number")
    .min(1, "Days must be at least 1")
    .max(AVAILABILITY_MAX_DAYS, `Days must be at most ${AVAILABILITY_MAX_DAYS}`)
    .default(7),
});

/** An arrival window chosen by its start, exactly as GET /api/availability gave it (ISO 8601). */
export const windowStartSchema = dateTimeTextField("Choose one of the offered times");

/** GET /api/admin/schedule?date=YYYY-MM-DD (admin): one day's windows with the technicians free in each. */
export const dayScheduleQuerySchema = z.object({ date: localDateField() });

/** A closed day as the API gives it (GET /api/admin/schedule, the closures API). */
export interface ClosureJson {
  date: string;
  reason: string;
  holiday: boolean;
}

/** One window of a day as staff see it. */
export interface StaffWindowJson {
  start: string;
  end: string;
  available: number;
  freeTechnicians: Array<{ id: number; name: string }>;
}

/**
 * A closed day an admin adds (POST /api/closures and the Add form of /admin/closures): a Baton
 * Rouge date, today or later, and why (docs/product.md#closed-days).
 */
export const newClosureSchema = z.object({
  date: localDateField("Choose a date").refine(
    (date) => parseLocalDate(date) === null || date >= businessDate(),
    "Choose today or a later date",
  ),
  reason: staffText("Reason", CLOSURE_REASON_MAX_LENGTH),
});

/** GET /api/closures?from=YYYY-MM-DD&to=YYYY-MM-DD (admin): from today, and to any date, unless given. */
export const closureListQuerySchema = z.object({
  from: localDateField().optional(),
  to: localDateField().optional(),
});

/** DELETE /api/closures/{date} and the Remove form: the closed day. */
export const closureDateSchema = z.object({ date: localDateField() });
