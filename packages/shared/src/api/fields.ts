import { z } from "../zod";
import { EMAIL_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from "./limits";

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

/** What a person's name may hold: Unicode letters and combining marks, spaces, hyphens, apostrophes (' and ’), periods. */
const PERSON_NAME_CHARACTERS = /^[\p{L}\p{M} '’.-]+$/u;
/** One letter with its combining marks. */
const LETTER = String.raw`\p{L}\p{M}*`;
/**
 * A period between letters joins initials ("J.R.R."), never words: "evil.example"
 * or "x.co" would be a link in a mail client.
 */
const DOTTED_WORDS = new RegExp(String.raw`(?:${LETTER}){2}\.\p{L}|${LETTER}\.(?:${LETTER}){2}`, "u");

export const PERSON_NAME_MESSAGE = "Use letters, spaces, hyphens, apostrophes and periods only";

/**
 * A person's name as a visitor or customer types it (register, contact form,
 * the chat's and the portal's appointment forms, and the same fields of the
 * JSON API): letters and combining marks, spaces, hyphens, apostrophes and
 * periods, at least one letter, at most PERSON_NAME_MAX_LENGTH characters; no
 * digits, links or line breaks. It is a name, not a place for a message to
 * whoever reads it (docs/product.md#field-limits). Staff type customers'
 * names with `staffText` (a business may be "7-Eleven #123").
 */
export function personName(what: string) {
  return requiredText(
    what,
    PERSON_NAME_MAX_LENGTH,
    `${what} is too long (${PERSON_NAME_MAX_LENGTH} characters at most)`,
  )
    .regex(PERSON_NAME_CHARACTERS, PERSON_NAME_MESSAGE)
    .refine((value) => /\p{L}/u.test(value), PERSON_NAME_MESSAGE)
    .refine((value) => !DOTTED_WORDS.test(value), "Leave a space after a period between words");
}

/**
 * Text staff type on one line (a customer's name, which may be a business):
 * required, bounded, no line breaks or other control characters.
 */
export function staffText(what: string, max: number) {
  return requiredText(what, max).regex(/^\P{Cc}*$/u, `${what} must be on one line`);
}

/**
 * "Text me about my visits" (docs/product.md#texts): a checkbox a person ticks ("on") or leaves; read as
 * whether they agreed. A literal, never a union: Conform reads a union as required, which made the browser
 * refuse every form whose box was left unticked.
 */
export const textConsentField = z
  .literal("on", { error: "Tick the box or leave it" })
  .optional()
  .transform((value) => value === "on");
