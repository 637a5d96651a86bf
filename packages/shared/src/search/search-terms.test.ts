import { describe, expect, it } from "vitest";
import { documentNumber, searchTerms } from "./search-terms";

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

  it("reads an estimate's or an invoice's number in any case and spacing, with or without leading zeros", () => {
    for (const q of [
      "EST-2026-0007",
      "est-2026-7",
      "Est 2026 07",
      "EST2026-0007",
      " est - 2026 - 0007 ",
      '"EST-2026-0007"',
    ])
      expect(documentNumber(q)).toEqual({ kind: "estimate", number: "EST-2026-0007" });
    for (const q of ["INV-2026-0042", "INV 2026 42", "inv-2026-042", "“INV-2026-0042”", "'inv 2026 0042'"])
      expect(documentNumber(q)).toEqual({ kind: "invoice", number: "INV-2026-0042" });
    expect(documentNumber("INV-2027-1234")).toEqual({ kind: "invoice", number: "INV-2027-1234" });
    expect(documentNumber("INV-2027-12345")).toEqual({ kind: "invoice", number: "INV-2027-12345" });
    expect(searchTerms("inv 2026 42")).toMatchObject({
      documentNumber: { kind: "invoice", number: "INV-2026-0042" },
      bookingId: null,
      phoneDigits: null,
    });
  });

  it("takes no document number from other text", () => {
    for (const q of [
      "INV-2026",
      "INV-26-0042",
      "INV-2026-0000",
      "EST-2026-",
      "ESTA-2026-1",
      "inv2026 42 x",
      "2026-0042",
      "Estelle 2026",
    ])
      expect(documentNumber(q)).toBeNull();
    expect(searchTerms("Marie Thibodeaux").documentNumber).toBeNull();
    expect(searchTerms("#14432").documentNumber).toBeNull();
  });

  it("trims the text and joins its spaces; short text is not fuzzy", () => {
    expect(searchTerms("  Marie   Thibodeaux ")).toMatchObject({ text: "Marie Thibodeaux", fuzzy: true });
    expect(searchTerms("Li").fuzzy).toBe(false);
  });
});
