import { z } from "../zod";
import {
  MAX_CENTS,
  MAX_DEPOSIT_PERCENT,
  MAX_QUANTITY_HUNDREDTHS,
  MAX_TAX_RATE_PPM,
  parseQuantity,
} from "../money/money";

/**
 * The numbers of the JSON API and the forms, as zod fields built from the money module's bounds
 * (../money/money.ts, "The bounds of every number": one source, each within the column that stores
 * it). Every schema with an amount, a quantity, a rate or a percent takes its field from here, so no
 * number a schema accepts is one PostgreSQL or the money module cannot hold
 * (docs/security.md, "Numbers within what the database holds").
 */

/** $10,000,000.00, as the messages say it. */
export const MAX_DOLLARS_TEXT = "$10,000,000.00";
/** 9,999.99, as the messages say it. */
export const MAX_QUANTITY_TEXT = "9,999.99";

/** Whole cents from `min` to MAX_CENTS: a price, a discount, a payment. */
export const centsField = (what: string, min = 0) =>
  z
    .number({ error: `${what} must be a number of cents` })
    .int(`${what} must be whole cents`)
    .min(min, min > 0 ? `${what} must be more than $0.00` : `${what} cannot be negative`)
    .max(MAX_CENTS, `${what} is at most ${MAX_DOLLARS_TEXT} (${MAX_CENTS} cents)`);

/** A quantity in hundredths, 1 to MAX_QUANTITY_HUNDREDTHS (0.01 to 9,999.99). */
export const quantityHundredthsField = z
  .number({ error: "Quantity must be a number of hundredths (150 is 1.5)" })
  .int("Quantity must be whole hundredths")
  .min(1, "Quantity must be more than 0")
  .max(MAX_QUANTITY_HUNDREDTHS, `Quantity is at most ${MAX_QUANTITY_TEXT} (${MAX_QUANTITY_HUNDREDTHS} hundredths)`);

export const QUANTITY_MESSAGE = `Enter a quantity from 0.01 to ${MAX_QUANTITY_TEXT}, with at most 2 decimals (like 1.5)`;

/** A quantity as a JSON number (1, 1.5, 12.25) → hundredths (100, 150, 1225), read as the money module reads one typed. */
export const quantityNumberField = z.number({ error: QUANTITY_MESSAGE }).transform((value, ctx) => {
  const hundredths = Number.isFinite(value) && value > 0 ? parseQuantity(String(value)) : null;
  if (hundredths === null || hundredths === 0) ctx.addIssue({ code: "custom", message: QUANTITY_MESSAGE });
  return hundredths ?? 0;
});

/** A tax rate in parts per million, 0 to MAX_TAX_RATE_PPM (100 %). */
export const taxRatePpmField = z
  .number({ error: "Sales tax must be a number (parts per million)" })
  .int("Sales tax must be whole parts per million")
  .min(0, "Sales tax cannot be negative")
  .max(MAX_TAX_RATE_PPM, `Sales tax is at most 100% (${MAX_TAX_RATE_PPM.toLocaleString("en-US")})`);

export const DEPOSIT_MESSAGE = `Deposit must be a whole percent from 0 to ${MAX_DEPOSIT_PERCENT}`;

/** A deposit as a whole percent, 0 to MAX_DEPOSIT_PERCENT. */
export const depositPercentField = z
  .number({ error: DEPOSIT_MESSAGE })
  .int(DEPOSIT_MESSAGE)
  .min(0, DEPOSIT_MESSAGE)
  .max(MAX_DEPOSIT_PERCENT, DEPOSIT_MESSAGE);

/** A deposit percent as typed ("25", "25%") → the percent; null when it is not a whole 0 to MAX_DEPOSIT_PERCENT. */
export function parseDepositPercent(text: string): number | null {
  const match = /^(\d{1,3})(?:\.0+)?\s*%?$/.exec(text.trim());
  const percent = match ? Number(match[1]) : null;
  return percent !== null && percent <= MAX_DEPOSIT_PERCENT ? percent : null;
}
