import { idFrom } from "../api/values";

/**
 * What one search box's text can mean (docs/product.md#search): a booking number ("#14432" or
 * "14432"), an estimate's or an invoice's number ("EST-2026-0007", "inv 2026 42"), a phone number
 * or part of one by its digits ("(225) 555-0123", "225.555.0123" and "2255550123" are the same
 * number), and text matched against names, emails and addresses.
 */
export interface SearchTerms {
  /** What was typed, trimmed, each run of spaces one space. */
  text: string;
  /** The booking a number names, or null. */
  bookingId: number | null;
  /** The estimate or invoice a document number names, in its stored form, or null. */
  documentNumber: DocumentNumber | null;
  /** A phone number or a part of one (four digits at least), by its digits; a leading country code 1 is dropped. */
  phoneDigits: string | null;
  /**
   * Whether the text has the three characters a trigram needs: shorter text matches only the
   * start of a name or an email (anything else would read every row).
   */
  fuzzy: boolean;
}

export interface DocumentNumber {
  kind: "estimate" | "invoice";
  /** As the database gives it: "EST-2026-0007", "INV-2026-0042" (four digits at least). */
  number: string;
}

const DOCUMENT_KINDS = { EST: "estimate", INV: "invoice" } as const;

/**
 * A document's number as people say or copy it: the kind, the year and the number, case aside,
 * with hyphens or spaces (or nothing after the kind) between, the number with or without its
 * leading zeros, quotes around it ignored: "EST-2026-0007", "est-2026-7", "INV 2026 42", "“INV-2026-0042”".
 */
const DOCUMENT_NUMBER = /^(EST|INV)[\s-]*(\d{4})[\s-]+0*(\d{1,9})$/i;
const QUOTES = /^["'“”‘’]+|["'“”‘’]+$/g;

/** The stored form of a document number typed any of those ways, or null when the text is not one. */
export function documentNumber(text: string): DocumentNumber | null {
  const match = DOCUMENT_NUMBER.exec(text.trim().replace(QUOTES, "").trim());
  if (!match) return null;
  const [, kind, year, serial] = match as unknown as [string, string, string, string];
  if (Number(serial) === 0) return null;
  const prefix = kind.toUpperCase() as keyof typeof DOCUMENT_KINDS;
  return { kind: DOCUMENT_KINDS[prefix], number: `${prefix}-${year}-${serial.padStart(4, "0")}` };
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
    documentNumber: documentNumber(text),
    phoneDigits: digits.length >= MIN_PHONE_DIGITS ? digits : null,
    fuzzy: text.length >= TRIGRAM,
  };
}

/** A LIKE pattern matching `text` literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
