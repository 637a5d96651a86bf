import { z } from "../zod";
import { INT4_MAX } from "../money/money";
import { parseLocalDate, requireBusinessInstant } from "../time";

/**
 * The field schemas every record id and every date a request carries goes
 * through, in a JSON body, an address, a query or a form post alike
 * (docs/product.md#json-api, "Ids and dates"). They bound each value to what
 * the business can mean, so nothing outside reaches the database or the clock:
 *
 * - `idSchema` / `idField(message)`: a record id, a whole number from 1 to
 *   2³¹ − 1 (PostgreSQL's `integer`), as a JSON number or a decimal string.
 *   `idFrom(value)` reads one from an address (null: the caller answers 404).
 * - `localDateField(message)`: a Baton Rouge calendar day, "YYYY-MM-DD".
 * - `dateTimeTextField(message)`: an instant in ISO 8601 with its offset,
 *   kept as the text sent; `dateTimeField(message)` gives it as a `Date`.
 *
 * Dates are of the years FIRST_BUSINESS_YEAR to LAST_BUSINESS_YEAR, Baton Rouge time.
 */

/** The largest id a record has: PostgreSQL's `integer`, 2³¹ − 1. */
export const MAX_ID = INT4_MAX;

/** The first and the last year a date sent to the site may fall in. */
export const FIRST_BUSINESS_YEAR = 2000;
export const LAST_BUSINESS_YEAR = 2100;

const YEARS_MESSAGE = `Use a date in the years ${FIRST_BUSINESS_YEAR} to ${LAST_BUSINESS_YEAR}`;

/** A decimal id as an address, a query or a form carries it (ten digits at most: 2³¹ − 1 has ten). */
const DECIMAL_ID = /^\d{1,10}$/;

/** A record id, 1 to MAX_ID: a JSON number, or a decimal string (an address, a query, a form); `message` on anything else. */
export function idField(message = "Must be a record id (a whole number from 1 to 2147483647)") {
  return z.preprocess(
    (value) => (typeof value === "string" && DECIMAL_ID.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message),
  );
}

/** A record id with the generic message. */
export const idSchema = idField();

/** The id an address (or a form's hidden field) names, or null when it cannot be a record's (the caller answers 404). */
export function idFrom(value: unknown): number | null {
  const parsed = idSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const inBusinessYears = (year: number) => year >= FIRST_BUSINESS_YEAR && year <= LAST_BUSINESS_YEAR;

/** A Baton Rouge calendar day, "YYYY-MM-DD", of the business's years. */
export function localDateField(message = "Use a date as YYYY-MM-DD") {
  return z.string({ error: message }).superRefine((value, ctx) => {
    const date = parseLocalDate(value);
    if (!date) ctx.addIssue({ code: "custom", message });
    else if (!inBusinessYears(date.year)) ctx.addIssue({ code: "custom", message: YEARS_MESSAGE });
  });
}

/** The instants of the business's years: from 1 January of the first, 00:00, to 1 January after the last (exclusive). */
const EARLIEST = requireBusinessInstant(`${FIRST_BUSINESS_YEAR}-01-01`).getTime();
const AFTER_LATEST = requireBusinessInstant(`${LAST_BUSINESS_YEAR + 1}-01-01`).getTime();

/** An instant in ISO 8601 with its offset ("2031-04-01T09:00:00-05:00", "…Z"), of the business's years, as sent. */
export function dateTimeTextField(message = "Use an ISO 8601 date-time with its offset") {
  return z.iso.datetime({ offset: true, error: message }).pipe(
    z.string().refine((value) => {
      const t = Date.parse(value);
      return t >= EARLIEST && t < AFTER_LATEST;
    }, YEARS_MESSAGE),
  );
}

/** As dateTimeTextField, given as a `Date`. */
export function dateTimeField(message?: string) {
  return dateTimeTextField(message).transform((value) => new Date(value));
}

/**
 * An optional field that a form or a query may send empty: "" (an untouched input, a menu's "All")
 * or null is the field left out, and anything else must pass `schema`.
 */
export function blankAsAbsent<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());
}
