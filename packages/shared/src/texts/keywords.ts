/**
 * The words a customer may text back (docs/product.md#texts): the carriers' opt-out, opt-in and help
 * keywords, and the business's own two, "C" (confirm the next visit) and "R" (send its manage link).
 * A keyword is the whole message, alone: "stop texting me please" or "cancel my appointment" is a
 * message for the office, never an opt-out. Pure and safe for the browser.
 */

export type TextKeyword = "stop" | "start" | "help" | "confirm" | "link";

/** Every keyword, as the docs list them: upper case, words apart by one space. */
export const TEXT_KEYWORDS: Readonly<Record<TextKeyword, readonly string[]>> = {
  stop: ["STOP", "STOPALL", "STOP ALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT", "OPT OUT"],
  start: ["START", "UNSTOP", "YES", "Y"],
  help: ["HELP", "INFO"],
  confirm: ["C"],
  link: ["R"],
};

const byWord = new Map<string, TextKeyword>(
  Object.entries(TEXT_KEYWORDS).flatMap(([keyword, words]) => words.map((w) => [w, keyword as TextKeyword] as const)),
);

/** Punctuation a phone adds or a person types after the word ("Stop.", "YES!", "help?"). */
const TRAILING_PUNCTUATION = /[\s.!?,;:…]+$/u;

/**
 * The keyword a text's body is, or null when it is anything else. The whole body counts, trimmed, in
 * any case, without trailing punctuation, and with the words of "STOP ALL" or "OPT OUT" apart by any
 * spaces or a hyphen ("opt-out").
 */
export function textKeyword(body: string): TextKeyword | null {
  const word = body
    .trim()
    .replace(TRAILING_PUNCTUATION, "")
    .replace(/[\s-]+/gu, " ")
    .toUpperCase();
  return byWord.get(word) ?? null;
}
