import { z } from "../zod";
import { parseDollars, parseRatePercent } from "../money/money";
import { centsField, MAX_DOLLARS_TEXT, taxRatePpmField } from "./amounts";
import { staffText } from "./fields";
import { PRICE_ITEM_DESCRIPTION_MAX_LENGTH, PRICE_ITEM_NAME_MAX_LENGTH } from "./limits";
import { idField } from "./values";

/**
 * The price book and the sales-tax rate (docs/product.md#price-book). The JSON API takes whole cents
 * and parts per million (docs/decisions/020-money-and-payments.md); the forms of /admin/price-book
 * post what the office types ("1,234.50", "9.45"), which their schemas read into cents and ppm
 * with the money module's parsers, so the browser and the server check a form with one schema.
 */

/** How an item is counted: PriceUnit of prisma/schema.prisma. */
export const priceUnits = ["each", "hour", "foot"] as const;
export type PriceUnit = (typeof priceUnits)[number];

const UNIT_MESSAGE = "Unit must be each, hour or foot";
const PRICE_MESSAGE = `Enter a price in dollars up to ${MAX_DOLLARS_TEXT}, like 1,234.50`;
const RATE_MESSAGE = "Enter a percent from 0 to 100, like 9.45";

const name = staffText("Name", PRICE_ITEM_NAME_MAX_LENGTH);

/** What the item is, optional; blank (or null in JSON) is none. */
const description = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? null : value),
  z
    .string({ error: "Description must be text" })
    .trim()
    .max(
      PRICE_ITEM_DESCRIPTION_MAX_LENGTH,
      `Description is too long (${PRICE_ITEM_DESCRIPTION_MAX_LENGTH} characters at most)`,
    )
    .nullable(),
);

const unit = z.enum(priceUnits, { error: UNIT_MESSAGE });

const unitPriceCents = centsField("Unit price");

const flag = (what: string) => z.boolean({ error: `${what} must be true or false` });

/** POST /api/price-book: a new item, in cents. */
export const newPriceBookItemSchema = z.object({
  name,
  description: description.optional(),
  unitPriceCents,
  unit,
  taxable: flag("Taxable").optional(),
  active: flag("Active").optional(),
});

/** PATCH /api/price-book/{id}: any of the item's fields; at least one. */
export const priceBookItemChangeSchema = newPriceBookItemSchema
  .partial()
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    message: "Send name, description, unitPriceCents, unit, taxable or active",
    path: ["name"],
  });

export type NewPriceBookItem = z.output<typeof newPriceBookItemSchema>;
export type PriceBookItemChange = z.output<typeof priceBookItemChangeSchema>;

/** PUT /api/settings/sales-tax: the rate in parts per million (9.45 % is 94,500). */
export const salesTaxSchema = z.object({
  salesTaxRatePpm: taxRatePpmField,
});

/** GET /api/price-book?active=true|false: only the active items, or only the inactive ones. */
export const priceBookQuerySchema = z.object({
  active: z.enum(["true", "false"], { error: "Active must be true or false" }).optional(),
});

/** /api/price-book/{id} */
export const priceBookItemParamsSchema = z.object({ id: idField() });

/** "1,234.50" as typed → cents, with the money module's reading; the message beside the field otherwise. */
const dollarsText = z
  .string({ error: "Unit price is required" })
  .trim()
  .min(1, "Unit price is required")
  .transform((text, ctx) => {
    const cents = parseDollars(text);
    if (cents === null) ctx.addIssue({ code: "custom", message: PRICE_MESSAGE });
    return cents ?? 0;
  });

/** A checkbox: "on" when ticked, absent when not. */
const checkbox = z
  .literal("on", { error: "Tick the box or leave it" })
  .optional()
  .transform((value) => value === "on");

/**
 * An item's fields as the page's forms post them: the price in dollars as typed (`unitPrice`, read
 * into whole cents), taxable as a checkbox. (Conform reads a form's constraints from an object
 * schema, so the cents keep the field's name here; the page's action hands them on as `unitPriceCents`.)
 */
const itemFormFields = {
  name,
  description: description.optional(),
  unitPrice: dollarsText,
  unit,
  taxable: checkbox,
};

/** The page's "Add an item" form. */
export const priceBookItemFormSchema = z.object(itemFormFields);

/** An item's Edit form on the page: the item's id and all its fields. */
export const priceBookItemEditFormSchema = z.object({ id: idField("Choose an item"), ...itemFormFields });

/** An item's Deactivate or Activate button. */
export const priceBookItemActiveFormSchema = z.object({
  id: idField("Choose an item"),
  active: z.enum(["true", "false"], { error: "Choose active or inactive" }).transform((v) => v === "true"),
});

/** The page's sales-tax form: a percent as typed ("9.45", "9.45%") → parts per million. */
export const salesTaxFormSchema = z.object({
  salesTaxRate: z
    .string({ error: "Sales tax is required" })
    .trim()
    .min(1, "Sales tax is required (0 for none)")
    .transform((text, ctx) => {
      const ppm = parseRatePercent(text.replace(/\s*%$/, ""));
      if (ppm === null) ctx.addIssue({ code: "custom", message: RATE_MESSAGE });
      return ppm ?? 0;
    }),
});
