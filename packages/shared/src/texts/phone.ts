/**
 * The numbers a text can go to (docs/product.md#texts): US numbers only, as a customer types them,
 * kept and sent in E.164 ("+12255550142"), shown as the business's own number is written
 * ("(225) 555-0142", `PHONE_NUMBER_PATTERN` in ../business.ts). Pure and safe for the browser.
 */

/** A number in E.164 ("+12255550142"), as Twilio posts it and as the app keeps it: the one check of that form. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;

/** What a typed number may hold besides its digits: spaces, dots, dashes, parentheses, and a leading "+". */
const TYPED_NUMBER = /^\+?[\d\s().-]+$/;

/**
 * A North American number's ten digits: an area code and an exchange that each start with 2-9
 * (a 0 or 1 there is never a real number), then four digits. The 555-01xx numbers are fictional but
 * well formed, and the project's tests and examples use them, so they pass.
 */
const NANP_DIGITS = /^[2-9]\d{2}[2-9]\d{6}$/;

/**
 * A US number as typed ("(225) 555-0142", "225.555.0142", "+1 225 555 0142", "1-225-555-0142") in
 * E.164, "+12255550142"; null for anything else (too short or long, letters, another country's code,
 * an area code or exchange starting with 0 or 1).
 */
export function textablePhone(input: string): string | null {
  const typed = input.trim();
  if (!TYPED_NUMBER.test(typed)) return null;
  const digits = typed.replace(/\D/g, "");
  // With a "+" the country code must be written: +1 and ten digits.
  const national =
    digits.length === 11 && digits.startsWith("1")
      ? digits.slice(1)
      : digits.length === 10 && !typed.startsWith("+")
        ? digits
        : null;
  return national && NANP_DIGITS.test(national) ? `+1${national}` : null;
}

/** "+12255550142" (or the number as typed) → "(225) 555-0142"; anything that is not a US number is returned as it is. */
export function formatPhone(e164: string): string {
  const number = textablePhone(e164);
  if (!number) return e164;
  return `(${number.slice(2, 5)}) ${number.slice(5, 8)}-${number.slice(8)}`;
}
