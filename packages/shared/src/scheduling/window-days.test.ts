import { describe, expect, it } from "vitest";
import { business } from "../business";
import { requireBusinessInstant } from "../time";
import { dayNote, dayOfWindow, dayWords, placesLeft, windowChoiceLabel, windowDays, windowsOfDay } from "./window-days";
import type { WindowJson } from "./windows";

const window = (date: string, hour: number, available: number): WindowJson => ({
  start: requireBusinessInstant(date, hour * 60).toISOString(),
  end: requireBusinessInstant(date, (hour + 2) * 60).toISOString(),
  available,
});

describe("the days of the day-then-window choice", () => {
  // 2026-11-23 is a Monday; the 26th is Thanksgiving, the 29th a Sunday.
  const windows = [
    window("2026-11-23", 8, 2),
    window("2026-11-23", 10, 1),
    window("2026-11-24", 8, 0),
    window("2026-11-25", 16, 3),
    window("2026-11-27", 8, 1),
  ];
  const closures = [{ date: "2026-11-26", reason: "Thanksgiving" }];
  const sundayBefore = requireBusinessInstant("2026-11-22", 12 * 60);
  const days = windowDays("2026-11-23", 7, windows, closures, business.booking, sundayBefore);

  it("are each open (with their open windows), fully booked or closed, in date order", () => {
    expect(days.map((d) => [d.date, d.state, d.open, d.reason])).toEqual([
      ["2026-11-23", "open", 2, null],
      ["2026-11-24", "full", 0, null],
      ["2026-11-25", "open", 1, null],
      ["2026-11-26", "closed", 0, "Thanksgiving"],
      ["2026-11-27", "open", 1, null],
      ["2026-11-28", "full", 0, null],
      ["2026-11-29", "closed", 0, null],
    ]);
    expect(days[0]!.weekday).toBe(1);
  });

  it("are named with the date and what is open, for screen readers and under the day's number", () => {
    expect(days.map(dayWords)).toEqual([
      "Monday, November 23: 2 open times",
      "Tuesday, November 24: fully booked",
      "Wednesday, November 25: 1 open time",
      "Thursday, November 26: closed (Thanksgiving)",
      "Friday, November 27: 1 open time",
      "Saturday, November 28: fully booked",
      "Sunday, November 29: closed",
    ]);
    expect(days.slice(0, 4).map(dayNote)).toEqual(["2 open", "Full", "1 open", "Closed"]);
  });

  it("call a day past, not fully booked, when its windows are all too soon to book", () => {
    // Monday at 3 PM: the day's last window (4 PM) starts within the minimum notice.
    const mondayAfternoon = requireBusinessInstant("2026-11-23", 15 * 60);
    const later = windowDays("2026-11-23", 2, [window("2026-11-24", 8, 1)], [], business.booking, mondayAfternoon);
    expect(later.map((d) => [d.date, d.state])).toEqual([
      ["2026-11-23", "past"],
      ["2026-11-24", "open"],
    ]);
    expect(dayWords(later[0]!)).toBe("Monday, November 23: no times left to book");
    expect(dayNote(later[0]!)).toBe("Past");
  });

  it("give a day's windows with a place, each with the places left", () => {
    expect(windowsOfDay(windows, "2026-11-23").map(windowChoiceLabel)).toEqual([
      "8 AM – 10 AM · 2 places left",
      "10 AM – 12 PM · 1 place left",
    ]);
    expect(windowsOfDay(windows, "2026-11-24")).toEqual([]);
    expect(placesLeft(5)).toBe("5 places left");
  });

  it("read a window's day in Baton Rouge time, not UTC", () => {
    // 4 PM in Baton Rouge is 10 PM UTC (still the 25th), 6 PM is midnight UTC (the 26th).
    expect(dayOfWindow(window("2026-11-25", 16, 1).start)).toBe("2026-11-25");
    expect(dayOfWindow(requireBusinessInstant("2026-11-25", 23 * 60 + 30).toISOString())).toBe("2026-11-25");
  });
});
