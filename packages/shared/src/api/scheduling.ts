import { z } from "../zod";
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

/** One window of a day as staff see it. */
export interface StaffWindowJson {
  start: string;
  end: string;
  available: number;
  freeTechnicians: Array<{ id: number; name: string }>;
}
