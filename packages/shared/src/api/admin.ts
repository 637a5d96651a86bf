import { z } from "../zod";
import { bookingPriorities, bookingStatuses, roles } from "./choices";
import { requiredText, textConsentField } from "./fields";
import { customerDetailsSchema } from "./customers";
import { bookingFiltersObject, rangeInOrder } from "./exports";
import { parseLeadKey } from "../lead-keys";
import { businessInstant } from "../time";
import { blankAsAbsent, dateTimeField, idField, idFrom, idSchema, localDateField } from "./values";
import {
  ADDRESS_MAX_LENGTH,
  BOOKING_DETAILS_MAX_LENGTH,
  BOOKING_SUMMARY_MAX_LENGTH,
  STAFF_SEARCH_MAX_LENGTH,
} from "./limits";

/**
 * The dashboard's Dismiss of an emergency alert (docs/product.md#dashboard): the leads it dismisses, their
 * keys (`contact:12`, `chat:chat_…`) separated by spaces: one lead, or a visitor's repeated ones at once.
 */
export const acknowledgeEmergencySchema = z.object({
  leads: z
    .string({ error: "Choose an alert to dismiss" })
    .trim()
    .transform((text) => text.split(/\s+/))
    .pipe(
      z
        .array(z.string().refine((key) => parseLeadKey(key) !== null, "That is not an emergency alert"))
        .min(1, "Choose an alert to dismiss")
        .max(50, "Dismiss 50 alerts at most at once"),
    ),
});

/** The dashboard's calendar feed buttons: create (or replace) the private address, or turn it off. */
export const calendarFeedFormSchema = z.object({
  intent: z.enum(["calendar-feed-create", "calendar-feed-revoke"], { error: "Unknown action" }),
});

export const roleChangeSchema = z.object({
  role: z.enum(roles, { error: "Role must be customer, technician or admin" }),
});

/**
 * The Users page's role form: a change to admin is saved only with `confirm=yes`, which the page
 * sends once the person has confirmed (docs/product.md#users); without it the page asks first.
 * The JSON API (an explicit client) takes roleChangeSchema as it is.
 */
export const roleChangeFormSchema = roleChangeSchema.extend({
  confirm: z.enum(["yes"], { error: "Confirm with yes" }).optional(),
});

/**
 * The New Booking dialog's new customer: a customer record's details (./customers.ts) but the address, and
 * `askToText` ("on"): the office's one-time "may we text you?" to the new number, where texts are set up
 * (docs/product.md#texts). Staff never give consent for a customer; the customer's YES does.
 */
export const newCustomerSchema = customerDetailsSchema
  .pick({ name: true, email: true, phone: true })
  .extend({ askToText: textConsentField });

/**
 * The New Booking dialog's Time menu choice that is none of its hourly slots: the time is then the one
 * typed in its Exact time field (`exactTime`), any time of day (docs/product.md#new-booking-dialog).
 */
export const ANOTHER_TIME = "another";

/**
 * A booking's time arrives as `scheduledDate` (ISO 8601 with offset), or as the
 * local `date` (YYYY-MM-DD) and `time` (HH:MM) staff typed, which mean Baton
 * Rouge time wherever their browser is: the clock turns those into the instant.
 * A `time` of ANOTHER_TIME reads the typed `exactTime` instead.
 */
function localSchedule(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const { date, time, exactTime, ...rest } = value as Record<string, unknown>;
  if ((rest.scheduledDate !== undefined && rest.scheduledDate !== "") || typeof date !== "string") return value;
  const clock = time === ANOTHER_TIME ? exactTime : time;
  const at = businessInstant(date, typeof clock === "string" ? clock : "");
  return { ...rest, scheduledDate: at ? at.toISOString() : undefined };
}

export const newBookingSchema = z.preprocess(
  localSchedule,
  z.object({
    customerId: idField("Choose a customer"),
    summary: requiredText("Summary", BOOKING_SUMMARY_MAX_LENGTH),
    details: blankAsAbsent(z.string().trim().max(BOOKING_DETAILS_MAX_LENGTH, "Details are too long")),
    address: blankAsAbsent(z.string().trim().max(ADDRESS_MAX_LENGTH, "Address is too long")),
    priority: z.enum(bookingPriorities, { error: "Priority must be low, medium, high or emergency" }).default("medium"),
    scheduledDate: dateTimeField("Date and time are required (ISO 8601)"),
    // New bookings are always pending; the field is accepted for the documented payload only.
    status: z.literal("pending", { error: "New bookings are created as pending" }).optional(),
    serviceTitanId: blankAsAbsent(z.string().trim().max(64)),
    /** The technician doing it (blank: nobody yet). */
    technicianId: blankAsAbsent(idField("Choose a technician")),
  }),
);

/**
 * The dialog's words when a required field is blank (docs/product.md, "New Booking dialog");
 * the API answers every refusal with them.
 */
export const NEW_CUSTOMER_MISSING_MESSAGE = "Please fill in all customer fields";
export const NEW_BOOKING_MISSING_MESSAGE = "Please fill in all required booking fields";

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** What the New Booking dialog says of a refused new customer: the summary when a field is blank, else the first problem. */
export function newCustomerRefusal(values: Record<string, unknown>, errors: Record<string, string>): string {
  const missing = ["name", "email", "phone"].some((k) => blank(values[k]));
  return missing ? NEW_CUSTOMER_MISSING_MESSAGE : (Object.values(errors)[0] ?? "Failed to create customer");
}

/** What the New Booking dialog says of a refused booking: the summary when a required field is blank, else the first problem. */
export function newBookingRefusal(values: Record<string, unknown>, errors: Record<string, string>): string {
  // The time is given either as an instant or as a Baton Rouge date (and time).
  const missing =
    ["customerId", "summary"].some((k) => blank(values[k])) || (blank(values.scheduledDate) && blank(values.date));
  return missing ? NEW_BOOKING_MISSING_MESSAGE : (Object.values(errors)[0] ?? "Failed to create booking");
}

/** A booking's technician from its menu: a technician's id, or blank for nobody. */
export const assignTechnicianFormSchema = z.object({
  technicianId: z.preprocess(
    (value) => (value === "" ? null : value),
    idField("technicianId must be a user id or null").nullable(),
  ),
});

const bookingStatus = z.enum(bookingStatuses, { error: "Status must be pending, in_progress, completed or cancelled" });

export const statusChangeSchema = z.object({ status: bookingStatus });

/** PATCH /api/bookings/:id: any of status, technicianId (null unassigns) and scheduledDate (ISO 8601 with offset). */
export const bookingChangeSchema = z
  .object({
    status: bookingStatus.optional(),
    technicianId: idField("technicianId must be a user id or null").nullable().optional(),
    scheduledDate: dateTimeField().optional(),
  })
  .refine((v) => v.status !== undefined || v.technicianId !== undefined || v.scheduledDate !== undefined, {
    message: "Send status, technicianId or scheduledDate",
    path: ["status"],
  });

/**
 * A place in the bookings list, newest first: `<createdAt in ms, 13 digits>_<id>`, as
 * GET /api/bookings gives it in `X-Next-Cursor` and the /admin/bookings page in its links.
 */
export const bookingCursorSchema = z
  .string()
  .regex(/^\d{13}_\d{1,10}$/, "Invalid cursor")
  .refine((v) => idFrom(v.slice(14)) !== null, "Invalid cursor");

/**
 * GET /api/bookings' query: the bookings' filters (./exports.ts bookingFiltersObject: `q`, status,
 * priority, customerId, technician, and `from`/`to`, instants in ISO 8601 with their offset or Baton
 * Rouge days), a page's size (`limit`) and where it starts (`cursor`, newest first).
 */
export const bookingListQuerySchema = bookingFiltersObject
  .extend({
    limit: z.coerce.number().int().min(1).max(500).default(50),
    cursor: bookingCursorSchema.optional(),
  })
  .refine(...rangeInOrder);

/**
 * The bookings list's orders (docs/product.md#bookings-list): newest booked first (the default), or
 * by the visit's date, soonest or latest first.
 */
export const BOOKING_SORTS = ["created", "visit", "visit-desc"] as const;
export type BookingSort = (typeof BOOKING_SORTS)[number];

/** The bookings list's technician filter for the visits nobody is assigned. */
export const UNASSIGNED_FILTER = "none";

/** A value of the list's address that is not one is ignored, as if absent (an old link still opens the list). */
const ignoredUnlessValid = <S extends z.ZodType>(schema: S) => schema.optional().catch(undefined);

/**
 * /admin/bookings' address (docs/product.md#bookings-list), a GET form's fields so it works without
 * JavaScript and survives a reload: the bookings' filters (./exports.ts bookingFiltersObject, the
 * same as GET /api/bookings and the export: the search, status, priority, technician: an
 * id or UNASSIGNED_FILTER), the visit's days (`from`, `to`: Baton Rouge days, both included), the order,
 * and where a page starts: `before` (the rows after this cursor in the list's order: the next page)
 * or `after` (the rows before it: the previous page), each `<ms of the order's time>_<id>`.
 */
const filter = bookingFiltersObject.shape;

export const bookingsListQuerySchema = z.object({
  q: ignoredUnlessValid(filter.q),
  status: ignoredUnlessValid(filter.status),
  priority: ignoredUnlessValid(filter.priority),
  technician: ignoredUnlessValid(filter.technician),
  from: ignoredUnlessValid(filter.from),
  to: ignoredUnlessValid(filter.to),
  sort: ignoredUnlessValid(z.enum(BOOKING_SORTS)),
  before: ignoredUnlessValid(bookingCursorSchema),
  after: ignoredUnlessValid(bookingCursorSchema),
});

export type BookingsListQuery = z.output<typeof bookingsListQuerySchema>;

/** GET /admin/calendar/day?date=YYYY-MM-DD (admin): one day of the calendar, for its dialog. */
export const calendarDayQuerySchema = z.object({ date: localDateField() });

export const customerSearchQuerySchema = z.object({
  /** What the dialog's search box says: a name, phone, email or address (docs/product.md#search). */
  name: z.string().trim().max(STAFF_SEARCH_MAX_LENGTH).optional(),
  ids: z
    .string()
    .regex(/^\d+(,\d+){0,199}$/, "ids must be comma-separated record ids (200 at most)")
    .refine(
      (v) => v.split(",").every((id) => idFrom(id) !== null),
      "ids must be comma-separated record ids (200 at most)",
    )
    .transform((v) => v.split(",").map(Number))
    .optional(),
});

/** /api/bookings/{id}… */
export const bookingIdParamsSchema = z.object({ id: idSchema });

/** /api/admin/users/{userId}/role */
export const userIdParamsSchema = z.object({ userId: idSchema });

/** GET /api/admin/audit?limit= (1 to 200, 50 when absent). */
export const auditQuerySchema = z.object({
  limit: z.coerce.number("Limit must be a number").int("Limit must be a whole number").min(1).max(200).default(50),
});

/**
 * GET /admin/users and /api/admin/users, parsed once by the list's service
 * (web/app/features/users/users.server.ts): `q` finds part of a name or an email; `role` keeps one
 * role; newest first, a page of `limit` from `cursor` on (`<createdAt in ms>_<id>`, the `nextCursor`
 * of the page before). The API without `limit` or `cursor` gives every account, as it always has.
 */
export const userListQuerySchema = z.object({
  q: blankAsAbsent(z.string().trim().max(STAFF_SEARCH_MAX_LENGTH, "Search is at most 100 characters")),
  role: blankAsAbsent(z.enum(roles, { error: "Role must be customer, technician or admin" })),
  cursor: blankAsAbsent(bookingCursorSchema),
  limit: blankAsAbsent(z.coerce.number("Limit must be a number").int("Limit must be a whole number").min(1).max(500)),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
