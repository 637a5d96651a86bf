import { describe, expect, it } from "vitest";
import { searchTerms } from "./search-terms";

describe("searchTerms", () => {
  it("reads a phone number in any format as its digits", () => {
    for (const q of [
      "2255550123",
      "(225) 555-0123",
      "225-555-0123",
      "225.555.0123",
      "+1 225 555 0123",
      "1-225-555-0123",
    ])
      expect(searchTerms(q).phoneDigits).toBe("2255550123");
    expect(searchTerms("555-0123").phoneDigits).toBe("5550123");
    expect(searchTerms("0123").phoneDigits).toBe("0123");
  });

  it("takes no phone from text, or from fewer than four digits", () => {
    expect(searchTerms("Thibodeaux").phoneDigits).toBeNull();
    expect(searchTerms("4512 Perkins Rd").phoneDigits).toBeNull();
    expect(searchTerms("beau225@example.com").phoneDigits).toBeNull();
    expect(searchTerms("225").phoneDigits).toBeNull();
  });

  it("reads a booking number with or without its #", () => {
    expect(searchTerms("#14432").bookingId).toBe(14432);
    expect(searchTerms("# 14432").bookingId).toBe(14432);
    expect(searchTerms("14432").bookingId).toBe(14432);
    expect(searchTerms("#0").bookingId).toBeNull();
    expect(searchTerms("99999999999").bookingId).toBeNull();
    expect(searchTerms("9999999999").bookingId).toBeNull();
    expect(searchTerms("14432 Perkins").bookingId).toBeNull();
  });

  it("trims the text and joins its spaces; short text is not fuzzy", () => {
    expect(searchTerms("  Marie   Thibodeaux ")).toMatchObject({ text: "Marie Thibodeaux", fuzzy: true });
    expect(searchTerms("Li").fuzzy).toBe(false);
  });
});
