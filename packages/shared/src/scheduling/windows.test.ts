import { describe, expect, it } from "vitest";
import { business } from "../business";
import { requireBusinessInstant } from "../time";
import {
  bookableWindowsBetween,
  formatWindow,
  isBookable,
  windowsBetween,
  windowsOn,
  windowStartingAt,
} from "./windows";

const at = (date: string, time: string) => requireBusinessInstant(date, time);

describe("arrival windows", () => {
  it("are two hours, 8 to 6 on weekdays, 8 to 4 on Saturday, and none on Sunday", () => {
    // 2026-12-04 is a Friday.
    const friday = windowsOn("2026-12-04");
    expect(friday.map((w) => [w.start, w.end])).toEqual([
      [at("2026-12-04", "08:00"), at("2026-12-04", "10:00")],
      [at("2026-12-04", "10:00"), at("2026-12-04", "12:00")],
      [at("2026-12-04", "12:00"), at("2026-12-04", "14:00")],
      [at("2026-12-04", "14:00"), at("2026-12-04", "16:00")],
      [at("2026-12-04", "16:00"), at("2026-12-04", "18:00")],
    ]);
    expect(windowsOn("2026-12-05")).toHaveLength(4);
    expect(windowsOn("2026-12-06")).toEqual([]);
    expect(windowsBetween("2026-12-04", 3)).toHaveLength(9);
  });

  it("keep Baton Rouge wall-clock times across the change back to standard time", () => {
    // 2026-11-01 is the Sunday the clocks go back; Monday 8 AM is 14:00 UTC (CST), Friday before was 13:00 UTC (CDT).
    expect(windowsOn("2026-11-02")[0]!.start.toISOString()).toBe("2026-11-02T14:00:00.000Z");
    expect(windowsOn("2026-10-30")[0]!.start.toISOString()).toBe("2026-10-30T13:00:00.000Z");
  });

  it("are named as people say them", () => {
    expect(formatWindow(windowsOn("2026-12-04")[1]!)).toBe("Friday, Dec 4, between 10 AM and 12 PM");
  });

  it("are recognised by their start, and nothing else is", () => {
    expect(windowStartingAt(at("2026-12-04", "10:00"))?.end).toEqual(at("2026-12-04", "12:00"));
    expect(windowStartingAt(at("2026-12-04", "11:00"))).toBeNull();
    expect(windowStartingAt(at("2026-12-06", "10:00"))).toBeNull();
  });
});

describe("what a customer may choose", () => {
  const now = at("2026-12-04", "09:30");
  it("starts after the minimum notice and ends at the horizon", () => {
    const today = windowsOn("2026-12-04");
    // 9:30 + 2 hours = 11:30: the 10-12 window is too soon, 12-2 is the first.
    expect(today.filter((w) => isBookable(w, now)).map((w) => w.start)).toEqual(today.slice(2).map((w) => w.start));
    expect(isBookable(windowsOn("2027-01-02")[0]!, now)).toBe(true); // 29 days on
    expect(isBookable(windowsOn("2027-01-04")[0]!, now)).toBe(false); // 31 days on
    expect(business.booking.horizonDays).toBe(30);
  });

  it("a customer may choose now: the same as each window asked in turn, from the notice to the horizon", () => {
    for (const now of [at("2026-12-04", "07:30"), at("2026-12-04", "19:00"), at("2026-12-31", "23:59")]) {
      const bookable = bookableWindowsBetween("2026-12-04", 45, now);
      expect(bookable).toEqual(windowsBetween("2026-12-04", 45).filter((w) => isBookable(w, now)));
      expect(bookable.length).toBeGreaterThan(0);
    }
  });
});
