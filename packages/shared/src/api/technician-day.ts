import { z } from "../zod";
import { ON_THE_WAY_MINUTES } from "../booking/visits";
import { idField } from "./values";

/**
 * The technician's day's forms (/jobs, docs/product.md#technicians-day): one schema each, for the
 * page's action and the work it does (web/app/features/jobs/jobs.server.ts).
 */

const bookingIdField = idField("Visit not found");

/** Start visit / Mark completed: what a technician may set a visit to from the field. */
export const visitStatusFormSchema = z.object({
  bookingId: bookingIdField,
  status: z.enum(["in_progress", "completed"], { error: "Choose In progress or Completed" }),
});

/** "On my way": the visit, and in about how many minutes. */
export const onTheWayFormSchema = z.object({
  bookingId: bookingIdField,
  minutes: z.coerce
    .number({ error: "Choose how many minutes away you are" })
    .refine((m) => (ON_THE_WAY_MINUTES as readonly number[]).includes(m), "Choose 15, 30, 45 or 60 minutes"),
});

/** My working days: the checked weekdays (0 = Sunday), none checked for none. */
export const workingDaysFormSchema = z.object({
  days: z.preprocess(
    (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? (value as unknown[]) : [value]),
    z.array(z.coerce.number().int().min(0).max(6), { error: "Choose days of the week" }).max(7),
  ),
});
