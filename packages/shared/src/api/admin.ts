import { z } from "zod";

export const roles = ["customer", "technician", "admin"] as const;
export const bookingPriorities = ["low", "medium", "high", "emergency"] as const;
export const bookingStatuses = ["pending", "in_progress", "completed", "cancelled"] as const;

export const roleChangeSchema = z.object({
  role: z.enum(roles, { error: "Role must be customer, technician or admin" }),
});

export const newCustomerSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(120, "Name is too long"),
  email: z.string({ error: "Email is required" }).trim().min(1, "Email is required").max(254, "Email is too long").pipe(z.email("Enter a valid email address")),
  phone: z
    .string({ error: "Phone is required" })
    .trim()
    .min(1, "Phone is required")
    .max(40, "Phone number is too long")
    .regex(/^[+\d\s().-]{7,}$/, "Enter a valid phone number"),
});

export const newBookingSchema = z.object({
  customerId: z.coerce.number({ error: "Choose a customer" }).int("Choose a customer").positive("Choose a customer"),
  summary: z.string({ error: "Summary is required" }).trim().min(1, "Summary is required").max(200, "Summary is too long"),
  details: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string().trim().max(5000, "Details are too long").optional()),
  priority: z.enum(bookingPriorities, { error: "Priority must be low, medium, high or emergency" }).default("medium"),
  scheduledDate: z.iso.datetime({ offset: true, error: "Date and time are required (ISO 8601)" }).transform((v) => new Date(v)),
  // New bookings are always pending; the field is accepted for the documented payload only.
  status: z.literal("pending", { error: "New bookings are created as pending" }).optional(),
  serviceTitanId: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string().trim().max(64).optional()),
});

/** The dialog's words when a required field is blank (spec §8); the API answers every refusal with them. */
export const NEW_CUSTOMER_MISSING_MESSAGE = "Please fill in all customer fields";
export const NEW_BOOKING_MISSING_MESSAGE = "Please fill in all required booking fields";

const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** What the New Booking dialog says of a refused new customer: the summary when a field is blank, else the first problem. */
export function newCustomerRefusal(values: Record<string, unknown>, errors: Record<string, string>): string {
  const missing = ["name", "email", "phone"].some((k) => blank(values[k]));
  return missing ? NEW_CUSTOMER_MISSING_MESSAGE : (Object.values(errors)[0] ?? "Failed to create customer");
}

/** What the New Booking dialog says of a refused booking: the summary when a required field is blank, else the first problem. */
export function newBookingRefusal(values: Record<string, unknown>, errors: Record<string, string>): string {
  const missing = ["customerId", "summary", "scheduledDate"].some((k) => blank(values[k]));
  return missing ? NEW_BOOKING_MISSING_MESSAGE : (Object.values(errors)[0] ?? "Failed to create booking");
}

export const statusChangeSchema = z.object({
  status: z.enum(bookingStatuses, { error: "Status must be pending, in_progress, completed or cancelled" }),
});

const isoDate = z.iso.datetime({ offset: true, error: "Use an ISO 8601 date-time" }).transform((v) => new Date(v));

export const bookingListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  cursor: z
    .string()
    .regex(/^\d{13}_\d+$/, "Invalid cursor")
    .optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  status: z.enum(bookingStatuses).optional(),
  priority: z.enum(bookingPriorities).optional(),
  customerId: z.coerce.number().int().positive().optional(),
});

export const customerSearchQuerySchema = z.object({
  name: z.string().trim().max(120).optional(),
  ids: z
    .string()
    .regex(/^\d+(,\d+){0,199}$/, "ids must be comma-separated numbers (200 at most)")
    .transform((v) => v.split(",").map(Number))
    .optional(),
});
