/**
 * How a text is encoded and what it costs (docs/product.md#texts). A text written only in the GSM
 * 03.38 alphabet (GSM-7) fits 160 characters in one segment; one other character (a curly quote, an
 * en dash, an emoji) sends the whole text as UCS-2, 70 characters a segment. Every text the business
 * writes goes through `gsm7Safe`, and its tests check `isGsm7` and `segmentsOf`. Pure and safe for
 * the browser.
 */

/** The GSM 03.38 basic character set, in table order (0x1B, the escape to the extension table, left out). */
const BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" +
  "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";

/** The extension table: each is sent as the escape and itself, two septets. */
const EXTENSION = "\f^{}\\[~]|€";

const basic = new Set(BASIC);
const extension = new Set(EXTENSION);

const isGsmChar = (c: string) => basic.has(c) || extension.has(c);

/** Whether every character of the text is in the GSM-7 basic set or its extension table. */
export function isGsm7(text: string): boolean {
  for (const c of text) if (!isGsmChar(c)) return false;
  return true;
}

/** Common characters outside GSM-7 and what is written instead ("" leaves them out). */
const REPLACEMENTS: Readonly<Record<string, string>> = {
  // Quotes and primes
  "\u2018": "'",
  "\u2019": "'",
  "\u201A": "'",
  "\u201B": "'",
  "\u2032": "'",
  "\u00B4": "'",
  "`": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u201E": '"',
  "\u201F": '"',
  "\u2033": '"',
  "\u00AB": '"',
  "\u00BB": '"',
  // Dashes, hyphens and the minus sign
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2015": "-",
  "\u2212": "-",
  // Dots and bullets
  "\u2026": "...",
  "\u2022": "-",
  "\u00B7": "-",
  // Spaces: tab, non-breaking and the typographic ones
  "\t": " ",
  "\u00A0": " ",
  "\u2000": " ",
  "\u2001": " ",
  "\u2002": " ",
  "\u2003": " ",
  "\u2004": " ",
  "\u2005": " ",
  "\u2006": " ",
  "\u2007": " ",
  "\u2008": " ",
  "\u2009": " ",
  "\u200A": " ",
  "\u202F": " ",
  "\u205F": " ",
  "\u3000": " ",
  // Invisible characters
  "\u00AD": "",
  "\u200B": "",
  "\u200C": "",
  "\u200D": "",
  "\u2060": "",
  "\uFEFF": "",
  // Marks
  "\u2122": "",
  "\u00AE": "",
  "\u00A9": "",
  // Signs with a plain spelling
  "\u00D7": "x",
  "\u2192": "->",
  "\u00A2": "c",
};

/**
 * The text with common characters outside GSM-7 replaced by GSM-7 ones: curly quotes by straight
 * ones, dashes by "-", "…" by "...", other spaces by a space, "•" by "-", "™" left out, and a letter
 * with an accent GSM-7 lacks by its plain letter ("á" → "a"; "é", "ñ" and the others GSM-7 has
 * stay). A character with no GSM-7 equivalent (an emoji, another script) stays: the text is then
 * sent as UCS-2, which `segmentsOf` counts.
 */
export function gsm7Safe(text: string): string {
  let safe = "";
  for (const c of text) {
    if (isGsmChar(c)) safe += c;
    else if (c in REPLACEMENTS) safe += REPLACEMENTS[c];
    else {
      const plain = c.normalize("NFD").replace(/\p{M}/gu, "");
      safe += plain && isGsm7(plain) ? plain : c;
    }
  }
  return safe;
}

export interface TextSegments {
  encoding: "GSM-7" | "UCS-2";
  /** GSM-7 septets (an extension-table character counts 2), or UTF-16 code units for UCS-2. */
  units: number;
  /** The messages the text is sent as (0 for an empty text). */
  segments: number;
}

/** What one segment holds, alone and when the text is split (the rest carries the header that joins them). */
const LIMITS = { "GSM-7": { single: 160, split: 153 }, "UCS-2": { single: 70, split: 67 } } as const;

/**
 * A text's encoding, length and segments. A split never parts what is sent together (an extension
 * character's escape and itself, the two halves of an emoji), so a segment may end a unit short.
 */
export function segmentsOf(text: string): TextSegments {
  const encoding = isGsm7(text) ? "GSM-7" : "UCS-2";
  const sizes = Array.from(text, (c) => (encoding === "GSM-7" ? (extension.has(c) ? 2 : 1) : c.length));
  const units = sizes.reduce((sum, size) => sum + size, 0);
  const { single, split } = LIMITS[encoding];
  if (units <= single) return { encoding, units, segments: units === 0 ? 0 : 1 };
  let segments = 1;
  let filled = 0;
  for (const size of sizes) {
    if (filled + size > split) {
      segments++;
      filled = 0;
    }
    filled += size;
  }
  return { encoding, units, segments };
}
