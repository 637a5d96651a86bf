import { z } from "../zod";
import { parseDollars, parseQuantity } from "../money/money";
import { centsField, MAX_DOLLARS_TEXT, QUANTITY_MESSAGE, quantityHundredthsField } from "./amounts";
import { staffText } from "./fields";
import { JOB_ITEM_DESCRIPTION_MAX_LENGTH, JOB_NOTES_MAX_LENGTH } from "./limits";
import { idField } from "./values";

/**
 * A visit's job record (docs/product.md#job-record): notes, the checked checklist items, items
 * added on site and photos. The JSON API takes whole cents and hundredths of a unit
 * (docs/decisions/020-money-and-payments.md); the forms of /jobs post what the technician types
 * ("165.00", "1.5"), which their schemas read with the money module's parsers.
 */

/** Photos: the types kept (sniffed from the bytes), the largest upload, and how many a visit keeps. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const PHOTOS_PER_VISIT = 30;
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

const notes = z
  .string({ error: "Notes must be text" })
  .max(JOB_NOTES_MAX_LENGTH, `Notes are too long (${JOB_NOTES_MAX_LENGTH} characters at most)`)
  .refine((text) => !text.includes("\u0000"), "Notes contain characters that are not allowed");

const checklistId = z
  .string({ error: "A checklist item is its id" })
  .regex(/^[a-z0-9-]{1,60}$/, "Not a checklist item");

const checklist = z.array(checklistId, { error: "Checklist must be a list of item ids" }).max(50);

/** PATCH /api/jobs/{bookingId}/record: the notes, the checked items (the whole list), or both. */
export const jobRecordChangeSchema = z
  .object({ notes: notes.optional(), checklist: checklist.optional() })
  .refine((v) => v.notes !== undefined || v.checklist !== undefined, {
    message: "Send notes or checklist",
    path: ["notes"],
  });

const description = staffText("Description", JOB_ITEM_DESCRIPTION_MAX_LENGTH);

/**
 * POST /api/jobs/{bookingId}/items: a price book item (its name, price and taxable are the
 * defaults) or one written in (description and unitPriceCents required), and the quantity.
 */
export const newJobItemSchema = z
  .object({
    priceBookItemId: idField("No such item in the price book").optional(),
    description: description.optional(),
    unitPriceCents: centsField("Unit price").optional(),
    quantityHundredths: quantityHundredthsField,
    taxable: z.boolean({ error: "Taxable must be true or false" }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.priceBookItemId !== undefined) return;
    if (v.description === undefined)
      ctx.addIssue({ code: "custom", path: ["description"], message: "Describe the item or pick one" });
    if (v.unitPriceCents === undefined)
      ctx.addIssue({ code: "custom", path: ["unitPriceCents"], message: "Give the item's price" });
  });
export type NewJobItem = z.output<typeof newJobItemSchema>;

/** The record's path: /api/jobs/{bookingId}/…; an item's: …/items/{id}. */
export const jobParamsSchema = z.object({ bookingId: idField("Visit not found") });
export const jobItemParamsSchema = jobParamsSchema.extend({ id: idField("No such item") });
export const jobPhotoParamsSchema = jobParamsSchema.extend({ id: idField("No such photo") });

/** A client-made idempotency key for one photo (crypto.randomUUID()): the same key again is the same photo. */
export const uploadKeySchema = z
  .string({ error: "Send an uploadKey" })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, "uploadKey must be 8 to 100 letters, digits, - or _");

/** POST /api/jobs/{bookingId}/photos, as multipart/form-data: `file` (the image) and `uploadKey`. */
export const photoUploadSchema = z.object({
  uploadKey: uploadKeySchema,
  file: z.string({ error: "Send the image as `file`" }).meta({ format: "binary" }),
});

/** The page's forms (/jobs): each names its visit. */
const bookingId = idField("Visit not found");

/**
 * A visit's record as /jobs saves it, with one button: the notes (blank is fine) and the checked
 * checklist items (none checked is fine), both at once.
 */
export const jobRecordFormSchema = z.object({
  bookingId,
  notes: notes.default(""),
  checked: z.preprocess(
    (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? (value as unknown[]) : [value]),
    checklist,
  ),
});

const blankAsUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** Add an item: a price book item, or a description and a price in dollars; the quantity as typed ("1", "1.5"). */
export const jobItemFormSchema = z
  .object({
    bookingId,
    priceBookItemId: z.preprocess(blankAsUndefined, idField("No such item in the price book").optional()),
    description: z.preprocess(blankAsUndefined, description.optional()),
    unitPrice: z.preprocess(
      blankAsUndefined,
      z
        .string()
        .optional()
        .transform((text, ctx) => {
          if (text === undefined) return undefined;
          const cents = parseDollars(text);
          if (cents === null)
            ctx.addIssue({
              code: "custom",
              message: `Enter a price in dollars up to ${MAX_DOLLARS_TEXT}, like 165.00`,
            });
          return cents ?? 0;
        }),
    ),
    quantity: z
      .string({ error: "Quantity is required" })
      .trim()
      .min(1, "Quantity is required")
      .transform((text, ctx) => {
        const hundredths = parseQuantity(text);
        if (hundredths === null || hundredths < 1) ctx.addIssue({ code: "custom", message: QUANTITY_MESSAGE });
        return hundredths ?? 0;
      }),
    taxable: z
      .literal("on", { error: "Tick the box or leave it" })
      .optional()
      .transform((value) => value === "on"),
  })
  .superRefine((v, ctx) => {
    if (v.priceBookItemId !== undefined) return;
    if (v.description === undefined)
      ctx.addIssue({ code: "custom", path: ["description"], message: "Describe the item or pick one" });
    if (v.unitPrice === undefined)
      ctx.addIssue({ code: "custom", path: ["unitPrice"], message: "Give the item's price" });
  });

/** The item form, as the JSON API's item. */
export function jobItemFromForm(form: z.output<typeof jobItemFormSchema>): NewJobItem {
  return form.priceBookItemId !== undefined
    ? { priceBookItemId: form.priceBookItemId, quantityHundredths: form.quantity }
    : {
        description: form.description,
        unitPriceCents: form.unitPrice,
        quantityHundredths: form.quantity,
        taxable: form.taxable,
      };
}

export const jobItemRemoveFormSchema = z.object({ bookingId, itemId: idField("No such item") });

/** Removing a photo on /jobs: the visit and the photo. */
export const jobPhotoRemoveFormSchema = z.object({ bookingId, photoId: idField("No such photo") });
