import { z } from "../zod";
import { requiredEmail, requiredText, staffText } from "./fields";
import {
  ADDRESS_MAX_LENGTH,
  CUSTOMER_NAME_MAX_LENGTH,
  CUSTOMER_NOTE_MAX_LENGTH,
  PHONE_INPUT_PATTERN,
  PHONE_MAX_LENGTH,
} from "./limits";
import { idField, idSchema } from "./values";

/**
 * A customer's record (docs/product.md#customer-record): the rules of its details, one schema for
 * the New Booking dialog's new customer, the record's edit form and `PATCH /api/customers/{id}`.
 */

const phone = requiredText("Phone", PHONE_MAX_LENGTH, "Phone number is too long").regex(
  PHONE_INPUT_PATTERN,
  "Enter a valid phone number",
);

/** Where we go: one line, optional; blank (or null in JSON) clears it. */
const address = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? null : value),
  z
    .string({ error: "Address must be text" })
    .trim()
    .max(ADDRESS_MAX_LENGTH, "Address is too long")
    .regex(/^\P{Cc}*$/u, "Address must be on one line")
    .nullable(),
);

/** A customer's contact details as staff type them: name (a person or a business), email, phone, address. */
export const customerDetailsSchema = z.object({
  name: staffText("Name", CUSTOMER_NAME_MAX_LENGTH),
  email: requiredEmail,
  phone,
  address: address.optional(),
});

/** PATCH /api/customers/{id}: any of the details; at least one. */
export const customerChangeSchema = customerDetailsSchema
  .partial()
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    message: "Send name, email, phone or address",
    path: ["name"],
  });

/** The record's Add note form. */
export const customerNoteSchema = z.object({
  text: requiredText(
    "Note",
    CUSTOMER_NOTE_MAX_LENGTH,
    `Note is too long (${CUSTOMER_NOTE_MAX_LENGTH} characters at most)`,
  ),
});

/**
 * Turning reminders and review requests back on for a customer who unsubscribed: only when they
 * asked for it (docs/product.md#the-customers-loop, "Unsubscribe"), which staff confirm by ticking the box.
 */
export const resubscribeFormSchema = z.object({
  customerAsked: z.literal("on", { error: "Tick the box to confirm the customer asked for these emails again" }),
});

/**
 * "Ask to text them" (docs/product.md#texts): the office's one-time "may we text you?" to the customer's number;
 * staff confirm the customer is expecting it (they cannot agree for them: the customer's YES does).
 */
export const askToTextFormSchema = z.object({
  customerExpects: z.literal("on", { error: "Tick the box to confirm the customer expects our text" }),
});

/** The merge confirmation page's Merge button: the booking whose customer record joins the older one. */
export const confirmMergeSchema = z.object({ bookingId: idField("Choose a booking") });

/** An Undo button of a merge's audit entry. */
export const undoMergeSchema = z.object({ auditId: idField("Choose a merge to undo") });

/** /api/customers/{id} */
export const customerIdParamsSchema = z.object({ id: idSchema });
