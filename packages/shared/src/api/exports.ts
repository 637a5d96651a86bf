import { z } from "../zod";
import { endOfBusinessDay, startOfBusinessDay } from "../time";
import { bookingPriorities, bookingStatuses } from "./choices";
import { STAFF_SEARCH_MAX_LENGTH } from "./limits";
import { blankAsAbsent, dateTimeTextField, idField, idSchema, localDateField } from "./values";

/**
 * The bookings export's query (docs/product.md#bookings-list, docs/decisions/022-exports-that-finish.md):
 * the parameters of GET /api/bookings/export.csv, and the fields of the Export CSV form beside the
 * /admin/bookings list, which carries the list's filters (search, status, priority, technician) and a range of
 * scheduled days. One schema for the page, the API and the worker that writes a large export.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const BOUND_MESSAGE = "Use a date as YYYY-MM-DD";

/**
 * A bound of the scheduled range: a Baton Rouge day, YYYY-MM-DD (`from` from its first minute, `to`
 * to its last: both days included), or, as GET /api/bookings takes it, an instant in ISO 8601 with
 * its offset (`to` then excluded).
 */
const rangeBound = z.string({ error: BOUND_MESSAGE }).superRefine((value, ctx) => {
  const checked = DAY.test(value)
    ? localDateField().safeParse(value)
    : dateTimeTextField(BOUND_MESSAGE).safeParse(value);
  if (!checked.success) ctx.addIssue({ code: "custom", message: checked.error.issues[0]?.message ?? BOUND_MESSAGE });
});

/** The instants a range's bounds stand for: `from` included, `to` excluded. */
export function exportRange(query: { from?: string; to?: string }): { from?: Date; to?: Date } {
  return {
    from:
      query.from === undefined
        ? undefined
        : DAY.test(query.from)
          ? startOfBusinessDay(query.from)
          : new Date(query.from),
    to: query.to === undefined ? undefined : DAY.test(query.to) ? endOfBusinessDay(query.to) : new Date(query.to),
  };
}

/**
 * The bookings' filters (docs/product.md#bookings-list), the one set the /admin/bookings list (its
 * filter form and address), GET /api/bookings and the export read: the search, status, priority,
 * customer, technician and a range of scheduled days. Each reader parses it with what it adds (the
 * page its order and cursors, the API its `limit` and `cursor`), and builds its condition with
 * ../exports/bookings-where.server.ts.
 */
export const bookingFiltersObject = z.object({
  /** The list's search (docs/product.md#search). */
  q: blankAsAbsent(
    z.string().trim().max(STAFF_SEARCH_MAX_LENGTH, `Search for ${STAFF_SEARCH_MAX_LENGTH} characters at most`),
  ),
  status: blankAsAbsent(
    z.enum(bookingStatuses, { error: "Status must be pending, in_progress, completed or cancelled" }),
  ),
  priority: blankAsAbsent(z.enum(bookingPriorities, { error: "Priority must be low, medium, high or emergency" })),
  /** A customer's bookings only (the API's filter; kept as its digits). */
  customerId: blankAsAbsent(idSchema.transform(String)),
  /** One technician's visits (their id, kept as its digits), or "none" for the unassigned: the list's technician filter. */
  technician: blankAsAbsent(
    z.union([z.literal("none"), idField("Choose a technician, or none").transform(String)], {
      error: "Choose a technician, or none",
    }),
  ),
  from: blankAsAbsent(rangeBound),
  to: blankAsAbsent(rangeBound),
});

/** A range whose end comes before its start is refused, on `to`. */
export const rangeInOrder: [(v: { from?: string; to?: string }) => boolean, { path: string[]; message: string }] = [
  (v) => {
    const { from, to } = exportRange(v);
    return !from || !to || from < to;
  },
  { path: ["to"], message: "Use a date on or after the first" },
];

/** The filters as the export takes them (GET /api/bookings/export.csv, the Export CSV form, the worker). */
export const bookingsExportSchema = bookingFiltersObject.refine(...rangeInOrder);

export type BookingFilters = z.infer<typeof bookingFiltersObject>;

export type BookingsExportQuery = BookingFilters;

/** The query as the parameters of its address (only those given, in the schema's order). */
export function exportParams(query: Record<string, string | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== "") params.set(key, value);
  return params;
}

/** An emailed export's link, /admin/exports/<id>?expires=…&signature=… (docs/decisions/022-exports-that-finish.md). */
export const exportLinkSchema = z.object({
  id: z.uuid({ error: "Not an export" }),
  expires: z
    .string({ error: "The link has no expiry" })
    .regex(/^\d{1,12}$/, "The link's expiry is not valid")
    .transform(Number),
  signature: z
    .string({ error: "The link is not signed" })
    .regex(/^[A-Za-z0-9_-]{43}$/, "The link's signature is not valid"),
});
