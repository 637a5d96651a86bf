import { describe, expect, it } from "vitest";
import { dateTimeField, dateTimeTextField, idFrom, idSchema, localDateField, MAX_ID } from "./values";

describe("idSchema", () => {
  it("takes a JSON number or a decimal string from 1 to 2³¹ − 1", () => {
    expect(idSchema.parse(1)).toBe(1);
    expect(idSchema.parse("42")).toBe(42);
    expect(idSchema.parse(MAX_ID)).toBe(2_147_483_647);
    expect(idSchema.parse("2147483647")).toBe(2_147_483_647);
  });

  it("refuses anything else: past PostgreSQL's integer, zero, fractions, signs, spaces, exponents", () => {
    for (const bad of [
      2_147_483_648,
      "2147483648",
      "99999999999",
      0,
      "0",
      -1,
      "-1",
      1.5,
      "1.5",
      " 7",
      "1e3",
      "0x10",
      "",
      null,
      true,
      [],
    ]) {
      expect(idSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("idFrom reads an address's id, or gives null", () => {
    expect(idFrom("17")).toBe(17);
    expect(idFrom("2147483648")).toBeNull();
    expect(idFrom(undefined)).toBeNull();
  });
});

describe("dates of the years 2000 to 2100", () => {
  it("localDateField takes a real day of those years only", () => {
    const schema = localDateField();
    for (const ok of ["2000-01-01", "2026-03-08", "2100-12-31"]) expect(schema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ["1999-12-31", "2101-01-01", "0100-01-01", "9999-12-31", "2026-02-30", "2026-3-8", ""]) {
      expect(schema.safeParse(bad).success, bad).toBe(false);
    }
    expect(schema.safeParse("0100-01-01").error?.issues[0]?.message).toBe("Use a date in the years 2000 to 2100");
  });

  it("dateTimeField takes an ISO 8601 instant with its offset within those years, Baton Rouge time", () => {
    const schema = dateTimeField();
    expect(schema.parse("2032-01-10T15:00:00Z").toISOString()).toBe("2032-01-10T15:00:00.000Z");
    expect(schema.parse("2000-01-01T00:00:00-06:00").toISOString()).toBe("2000-01-01T06:00:00.000Z");
    expect(schema.safeParse("2000-01-01T05:59:59Z").success).toBe(false);
    expect(schema.safeParse("2100-12-31T23:59:59-06:00").success).toBe(true);
    expect(schema.safeParse("2101-01-01T06:00:00Z").success).toBe(false);
    for (const bad of [
      "0001-01-01T00:00:00Z",
      "0999-06-01T14:00:00Z",
      "9999-12-31T15:00:00Z",
      "2032-01-10T15:00:00",
      "tomorrow",
    ]) {
      expect(dateTimeTextField().safeParse(bad).success, bad).toBe(false);
    }
  });
});
