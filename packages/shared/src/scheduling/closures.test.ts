import { describe, expect, it } from "vitest";
import { requireBusinessInstant } from "../time";
import { closedDayWords, holidaysOf, holidayYears, withoutClosedDays } from "./closures";
import { windowsBetween } from "./windows";

describe("holidaysOf", () => {
  it("gives the six holidays of 2026 on their dates", () => {
    expect(holidaysOf(2026)).toEqual([
      { date: "2026-01-01", reason: "New Year's Day" },
      { date: "2026-05-25", reason: "Memorial Day" },
      { date: "2026-07-04", reason: "Independence Day" },
      { date: "2026-09-07", reason: "Labor Day" },
      { date: "2026-11-26", reason: "Thanksgiving" },
      { date: "2026-12-25", reason: "Christmas Day" },
    ]);
  });

  it("computes the moving ones again for 2027", () => {
    expect(holidaysOf(2027).map((h) => h.date)).toEqual([
      "2027-01-01",
      "2027-05-31",
      "2027-07-04",
      "2027-09-06",
      "2027-11-25",
      "2027-12-25",
    ]);
  });

  it("finds the last Monday of May when May 31 is a Monday, and the first of September when Sept 1 is", () => {
    // 2021: May 31 is a Monday; 2025: September 1 is a Monday; 2022: Thanksgiving on the 24th.
    expect(holidaysOf(2021)[1]!.date).toBe("2021-05-31");
    expect(holidaysOf(2025)[3]!.date).toBe("2025-09-01");
    expect(holidaysOf(2022)[4]!.date).toBe("2022-11-24");
  });
});

describe("holidayYears", () => {
  it("is this year until the horizon reaches the next", () => {
    expect(holidayYears(requireBusinessInstant("2026-11-26", 12 * 60))).toEqual([2026]);
    // 30 days from December 2 is January 1.
    expect(holidayYears(requireBusinessInstant("2026-12-02", 12 * 60))).toEqual([2026, 2027]);
    // Late on December 31 in Baton Rouge is already January 1 in UTC: the business's year counts.
    expect(holidayYears(requireBusinessInstant("2026-12-31", 23 * 60))).toEqual([2026, 2027]);
  });
});

describe("withoutClosedDays", () => {
  it("takes away every window of a closed day and no other", () => {
    const windows = windowsBetween("2026-11-25", 3);
    const open = withoutClosedDays(windows, [{ date: "2026-11-26" }]);
    expect(windows).toHaveLength(15);
    expect(open).toHaveLength(10);
    expect(
      open.some(
        (w) => w.start >= requireBusinessInstant("2026-11-26") && w.start < requireBusinessInstant("2026-11-27"),
      ),
    ).toBe(false);
    expect(withoutClosedDays(windows, [])).toEqual(windows);
  });
});

describe("closedDayWords", () => {
  it("names the day and the reason", () => {
    expect(closedDayWords({ date: "2026-11-26", reason: "Thanksgiving" })).toBe(
      "We're closed on Thursday, November 26 (Thanksgiving)",
    );
  });
});
