import { describe, expect, it } from "vitest";
import { planVisitSummary, planYearDueDates } from "./visit-dates";

describe("planYearDueDates", () => {
  it("has none for a plan without visits", () => {
    expect(planYearDueDates("2027-03-01", 0)).toEqual([]);
  });

  it("puts one visit 14 days into the year", () => {
    expect(planYearDueDates("2027-03-01", 1)).toEqual(["2027-03-15"]);
    expect(planYearDueDates("2027-12-25", 1)).toEqual(["2028-01-08"]);
  });

  it("steps whole months when the visits divide the year", () => {
    expect(planYearDueDates("2027-03-01", 2)).toEqual(["2027-03-15", "2027-09-15"]);
    expect(planYearDueDates("2027-01-10", 4)).toEqual(["2027-01-24", "2027-04-24", "2027-07-24", "2027-10-24"]);
    expect(planYearDueDates("2027-01-01", 3)).toEqual(["2027-01-15", "2027-05-15", "2027-09-15"]);
    const monthly = planYearDueDates("2027-01-01", 12);
    expect(monthly).toHaveLength(12);
    expect(monthly[0]).toBe("2027-01-15");
    expect(monthly[11]).toBe("2027-12-15");
    expect(planYearDueDates("2027-06-01", 6)).toEqual([
      "2027-06-15",
      "2027-08-15",
      "2027-10-15",
      "2027-12-15",
      "2028-02-15",
      "2028-04-15",
    ]);
  });

  it("keeps a month's last day when a later month is shorter", () => {
    // 14 days after Jan 17 is Jan 31: February and April have no 31st.
    expect(planYearDueDates("2027-01-17", 12).slice(0, 4)).toEqual([
      "2027-01-31",
      "2027-02-28",
      "2027-03-31",
      "2027-04-30",
    ]);
    expect(planYearDueDates("2028-01-17", 12)[1]).toBe("2028-02-29");
  });

  it("shares the year's days evenly when the visits do not divide it", () => {
    // 365 days / 5 = 73.
    expect(planYearDueDates("2027-01-01", 5)).toEqual([
      "2027-01-15",
      "2027-03-29",
      "2027-06-10",
      "2027-08-22",
      "2027-11-03",
    ]);
    // A leap year's 366 / 7 = 52.
    const seven = planYearDueDates("2028-01-01", 7);
    expect(seven).toHaveLength(7);
    expect(seven[1]).toBe("2028-03-07");
  });

  it("never goes past the year's end, whatever the count", () => {
    for (const start of ["2027-01-01", "2027-02-28", "2027-12-31", "2028-02-29", "2026-11-01"]) {
      for (let visits = 1; visits <= 12; visits++) {
        const dates = planYearDueDates(start, visits);
        expect(dates, `${start} × ${visits}`).toHaveLength(visits);
        expect(new Set(dates).size).toBe(visits);
        expect([...dates].sort()).toEqual(dates);
        expect(dates[0]! > start).toBe(true);
        const nextYear = `${Number(start.slice(0, 4)) + 1}${start.slice(4)}`;
        expect(dates.every((d) => d < (nextYear.endsWith("02-29") ? `${nextYear.slice(0, 8)}28` : nextYear))).toBe(
          true,
        );
      }
    }
  });

  it("refuses what is not a date or a count of visits", () => {
    expect(() => planYearDueDates("2027-02-30", 1)).toThrow(RangeError);
    expect(() => planYearDueDates("2027-03-01", 13)).toThrow(RangeError);
    expect(() => planYearDueDates("2027-03-01", 1.5)).toThrow(RangeError);
    expect(() => planYearDueDates("2027-03-01", -1)).toThrow(RangeError);
  });
});

describe("planVisitSummary", () => {
  it("names the plan, how often and the service", () => {
    expect(planVisitSummary({ name: "Generator Care", serviceType: "generator", visitsPerYear: 1 })).toBe(
      "Generator Care: yearly generator service",
    );
    expect(planVisitSummary({ name: "Home Safety Check", serviceType: "residential", visitsPerYear: 2 })).toBe(
      "Home Safety Check: twice-yearly home electrical safety check",
    );
    expect(planVisitSummary({ name: "Shop Care", serviceType: "unknown", visitsPerYear: 5 })).toBe(
      "Shop Care: included maintenance visit",
    );
  });
});
