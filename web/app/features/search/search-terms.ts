import { idFrom } from "@app/shared/api/values";

/**
 * What one search box's text can mean (docs/product.md#search): a booking number ("#14432" or
 * "14432"), a phone number or part of one by its digits ("(225) 555-0123", "225.555.0123" and
 * "2255550123" are the same number), and text matched against names, emails and addresses.
 */
export interface SearchTerms {
  /** What was typed, trimmed, each run of spaces one space. */
  text: string;
  /** The booking a number names, or null. */
  bookingId: number | null;
  /** A phone number or a part of one (four digits at least), by its digits; a leading country code 1 is dropped. */
  phoneDigits: string | null;
  /**
   * Whether the text has the three characters a trigram needs: shorter text matches only the
   * start of a name or an email (anything else would read every row).
   */
  fuzzy: boolean;
}

/** Digits and what people write between them: "+1 (225) 555-0123", "225.555.0123". */
const PHONE_LIKE = /^\+?[\d\s().-]+$/;
const BOOKING_NUMBER = /^#?\s*(\d{1,10})$/;
const MIN_PHONE_DIGITS = 4;
const TRIGRAM = 3;

export function searchTerms(q: string): SearchTerms {
  const text = q.trim().replace(/\s+/g, " ");
  const number = BOOKING_NUMBER.exec(text);
  let digits = PHONE_LIKE.test(text) ? text.replace(/\D/g, "") : "";
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  return {
    text,
    bookingId: number ? idFrom(number[1]) : null,
    phoneDigits: digits.length >= MIN_PHONE_DIGITS ? digits : null,
    fuzzy: text.length >= TRIGRAM,
  };
}
