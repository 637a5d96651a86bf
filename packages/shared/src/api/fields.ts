import { z } from "../zod";
import { EMAIL_MAX_LENGTH } from "./limits";

/**
 * A required text field, trimmed: "<What> is required" when it is missing or
 * blank, `tooLong` past `max` characters. The forms' schemas build on it, so
 * the same field says the same thing on every form.
 */
export function requiredText(what: string, max: number, tooLong = `${what} is too long`) {
  return z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, tooLong);
}

/** A required email address, trimmed and checked for shape. */
export const requiredEmail = requiredText("Email", EMAIL_MAX_LENGTH).pipe(z.email("Enter a valid email address"));
