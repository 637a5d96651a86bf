import { describe, expect, it } from "vitest";
import {
  addLocalDays,
  addLocalYears,
  addMonths,
  BUSINESS_TIME_ZONE,
  businessDate,
  businessInstant,
  businessMonth,
  businessParts,
  businessYear,
  businessWeek,
  endOfBusinessDay,
  formatClock,
  formatDate,
  formatDateTime,
  formatExpectedClock,
  formatFullDateTime,
  formatLocalDate,
  formatLocalDay,
  formatMonthTitle,
  formatTime,
  formatTimestamp,
  formatWeekdayDateTime,
  localDateKey,
  localDaysBetween,
  localIsoWithOffset,
  localWeekday,
  monthGrid,
  monthRange,
  parseLocalDate,
  parseLocalTime,
  parseMonth,
  requireBusinessInstant,
  slotEnd,
  slotLabel,
  slotTimes,
  startOfBusinessDay,
  startOfBusinessWeek,
} from "./time";

// Instants are written in UTC so the tests mean the same on any machine; comments give Baton Rouge time.
const at = (iso: string) => new Date(iso);
const hours = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 3_600_000;

describe("the business zone", () => {
  it("comes from the business facts", () => {
    expect(BUSINESS_TIME_ZONE).toBe("America/Chicago");
  });
});

describe("local date and time → instant", () => {
  it("reads 9:00 in Baton Rouge as 14:00 UTC in summer and 15:00 UTC in winter", () => {
    expect(businessInstant("2026-07-15", "09:00")?.toISOString()).toBe("2026-07-15T14:00:00.000Z");
    expect(businessInstant("2026-01-15", "09:00")?.toISOString()).toBe("2026-01-15T15:00:00.000Z");
    expect(businessInstant({ year: 2026, month: 1, day: 15 }, 9 * 60)?.toISOString()).toBe("2026-01-15T15:00:00.000Z");
  });

  it("follows the spring change (2026-03-08): 01:59 CST, then 03:00 CDT; 02:30 does not exist and moves on", () => {
    expect(businessInstant("2026-03-08", "01:00")?.toISOString()).toBe("2026-03-08T07:00:00.000Z");
    expect(businessInstant("2026-03-08", "03:00")?.toISOString()).toBe("2026-03-08T08:00:00.000Z");
    expect(businessInstant("2026-03-08", "02:30")?.toISOString()).toBe("2026-03-08T08:30:00.000Z");
    expect(businessInstant("2026-03-08", "09:00")?.toISOString()).toBe("2026-03-08T14:00:00.000Z");
    expect(businessInstant("2026-03-07", "09:00")?.toISOString()).toBe("2026-03-07T15:00:00.000Z");
  });

  it("follows the autumn change (2026-11-01): 01:30 happens twice and is the first (CDT) one", () => {
    expect(businessInstant("2026-11-01", "00:30")?.toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(businessInstant("2026-11-01", "01:30")?.toISOString()).toBe("2026-11-01T06:30:00.000Z");
    expect(businessInstant("2026-11-01", "09:00")?.toISOString()).toBe("2026-11-01T15:00:00.000Z");
    expect(businessInstant("2026-10-31", "09:00")?.toISOString()).toBe("2026-10-31T14:00:00.000Z");
  });

  it("means the same on a machine in another zone (Los Angeles changes clocks the same night)", () => {
    const saved = process.env.TZ;
    try {
      for (const zone of ["America/Los_Angeles", "Europe/Berlin", "Asia/Tokyo"]) {
        process.env.TZ = zone; // Node applies a new TZ at once
        expect(businessInstant("2026-11-01", "01:30")?.toISOString(), zone).toBe("2026-11-01T06:30:00.000Z");
        expect(businessInstant("2026-03-08", "02:30")?.toISOString(), zone).toBe("2026-03-08T08:30:00.000Z");
        expect(businessDate(at("2026-06-11T01:30:00Z")), zone).toBe("2026-06-10");
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it("refuses what is not a real date or time", () => {
    for (const [date, time] of [
      ["2026-02-30", "09:00"],
      ["2026-13-01", "09:00"],
      ["26-01-01", "09:00"],
      ["2026-01-01", "24:00"],
      ["2026-01-01", "9:00"],
      ["2026-01-01", ""],
    ]) {
      expect(businessInstant(date!, time!), `${date} ${time}`).toBeNull();
    }
    expect(parseLocalDate("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseLocalDate("2027-02-29")).toBeNull();
    expect(parseLocalTime("23:59")).toBe(23 * 60 + 59);
    expect(parseLocalTime("12:60")).toBeNull();
  });
});

describe("instant → Baton Rouge calendar and clock", () => {
  it("gives the local date, which is not the UTC date in the evening", () => {
    // 2026-06-10 20:30 CDT is already June 11 in UTC.
    expect(businessDate(at("2026-06-11T01:30:00Z"))).toBe("2026-06-10");
    expect(businessParts(at("2026-06-11T01:30:00Z"))).toEqual({
      year: 2026,
      month: 6,
      day: 10,
      hour: 20,
      minute: 30,
      second: 0,
      weekday: 3,
    });
    expect(businessMonth(at("2026-07-01T04:59:00Z"))).toEqual({ year: 2026, month: 6 });
  });

  it("gives the business's year, still the old one on New Year's Eve evening when UTC has turned", () => {
    // 2026-12-31 23:59 CST is 2027-01-01 05:59 UTC: the footer and "years serving" still read 2026.
    expect(businessYear(at("2027-01-01T05:59:00Z"))).toBe(2026);
    expect(businessYear(at("2027-01-01T06:00:00Z"))).toBe(2027);
  });

  it("reads the clock either side of both changes", () => {
    expect(businessParts(at("2026-03-08T07:59:00Z"))).toMatchObject({ day: 8, hour: 1, minute: 59 });
    expect(businessParts(at("2026-03-08T08:00:00Z"))).toMatchObject({ day: 8, hour: 3, minute: 0 });
    expect(businessParts(at("2026-11-01T06:59:00Z"))).toMatchObject({ day: 1, hour: 1, minute: 59 });
    expect(businessParts(at("2026-11-01T07:00:00Z"))).toMatchObject({ day: 1, hour: 1, minute: 0 });
  });

  it("reads every few minutes of both change days as the runtime's zone data does (offsets are kept by the hour)", () => {
    const intl = new Intl.DateTimeFormat("en-US", {
      timeZone: BUSINESS_TIME_ZONE,
      hourCycle: "h23",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    for (const day of ["2026-03-08T00:00:00Z", "2026-11-01T00:00:00Z"])
      for (let minutes = 0; minutes < 24 * 60; minutes += 7) {
        const instant = new Date(at(day).getTime() + minutes * 60_000);
        const parts = Object.fromEntries(intl.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
        expect(businessParts(instant), instant.toISOString()).toMatchObject({
          day: parts.day,
          hour: parts.hour,
          minute: parts.minute,
        });
      }
  });

  it("knows the weekday of a local date", () => {
    expect(localWeekday("2026-03-08")).toBe(0);
    expect(localWeekday("2026-11-01")).toBe(0);
    expect(localWeekday("2031-03-12")).toBe(3);
  });
});

describe("day, week and month boundaries", () => {
  it("a business day runs midnight to midnight, 23 hours in March and 25 in November", () => {
    expect(startOfBusinessDay("2026-03-08").toISOString()).toBe("2026-03-08T06:00:00.000Z");
    expect(endOfBusinessDay("2026-03-08").toISOString()).toBe("2026-03-09T05:00:00.000Z");
    expect(hours(startOfBusinessDay("2026-03-08"), endOfBusinessDay("2026-03-08"))).toBe(23);
    expect(hours(startOfBusinessDay("2026-11-01"), endOfBusinessDay("2026-11-01"))).toBe(25);
    expect(hours(startOfBusinessDay("2026-06-10"), endOfBusinessDay("2026-06-10"))).toBe(24);
  });

  it("the day of an instant is the Baton Rouge day", () => {
    // 23:30 CDT on June 10 is 04:30 UTC on June 11.
    expect(startOfBusinessDay(at("2026-06-11T04:30:00Z")).toISOString()).toBe("2026-06-10T05:00:00.000Z");
    expect(endOfBusinessDay(at("2026-06-11T04:30:00Z")).toISOString()).toBe("2026-06-11T05:00:00.000Z");
  });

  it("adds calendar days, not 24-hour steps, across the changes", () => {
    expect(addLocalDays("2026-03-07", 1)).toBe("2026-03-08");
    expect(addLocalDays("2026-03-08", 1)).toBe("2026-03-09");
    expect(addLocalDays("2026-11-01", -1)).toBe("2026-10-31");
    expect(addLocalDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addLocalDays("2028-02-28", 1)).toBe("2028-02-29");
    // Whole calendar days, a 23-hour day of a change counted as one.
    expect(localDaysBetween("2026-03-07", "2026-03-09")).toBe(2);
    expect(localDaysBetween("2026-12-31", "2026-11-01")).toBe(-60);
  });

  it("adds calendar years; February 29 becomes the 28th in a year without one", () => {
    expect(addLocalYears("2026-11-29", 1)).toBe("2027-11-29");
    expect(addLocalYears("2028-02-29", 1)).toBe("2029-02-28");
    expect(addLocalYears("2028-02-29", 4)).toBe("2032-02-29");
    expect(addLocalYears("2027-03-01", -1)).toBe("2026-03-01");
  });

  it("a week runs Sunday 00:00 to Sunday 00:00, Baton Rouge time", () => {
    // Tuesday 2026-03-10 10:00 CDT; its week began on the change day.
    expect(startOfBusinessWeek(at("2026-03-10T15:00:00Z")).toISOString()).toBe("2026-03-08T06:00:00.000Z");
    const week = businessWeek(at("2026-03-10T15:00:00Z"));
    expect(week.to.toISOString()).toBe("2026-03-15T05:00:00.000Z");
    expect(hours(week.from, week.to)).toBe(7 * 24 - 1);
    // Saturday 23:30 CST is still that week (05:30 UTC Sunday).
    expect(startOfBusinessWeek(at("2026-11-08T05:30:00Z")).toISOString()).toBe("2026-11-01T05:00:00.000Z");
  });

  it("a month runs from the 1st 00:00 to the next 1st 00:00", () => {
    expect(monthRange({ year: 2026, month: 3 })).toEqual({
      from: at("2026-03-01T06:00:00Z"),
      to: at("2026-04-01T05:00:00Z"),
    });
    expect(monthRange({ year: 2026, month: 12 })).toEqual({
      from: at("2026-12-01T06:00:00Z"),
      to: at("2027-01-01T06:00:00Z"),
    });
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(parseMonth("2026-03")).toEqual({ year: 2026, month: 3 });
    expect(parseMonth("2026-13")).toBeNull();
    expect(parseMonth("1969-12")).toBeNull();
  });
});

describe("dates at the edges of the calendar", () => {
  it("a local date of any year from 0 to 9999 reads back as itself, with the year in four digits", () => {
    for (const key of [
      "0000-03-01",
      "0001-01-01",
      "0099-12-31",
      "0100-01-01",
      "0999-06-01",
      "2026-03-08",
      "9999-12-31",
    ]) {
      const parsed = parseLocalDate(key);
      expect(parsed, key).not.toBeNull();
      expect(localDateKey(parsed!), key).toBe(key);
    }
    expect(localDateKey({ year: 999, month: 6, day: 1 })).toBe("0999-06-01");
    expect(parseLocalDate("0001-02-29")).toBeNull();
    expect(parseLocalDate("999-06-01")).toBeNull();
  });

  it("instants of those years have a Baton Rouge day, a start and an end, and days count across them", () => {
    expect(businessDate(at("0999-06-01T14:00:00Z"))).toBe("0999-06-01");
    expect(businessDate(at("0001-01-01T12:00:00Z"))).toBe("0001-01-01");
    expect(businessDate(at("9999-12-31T18:00:00Z"))).toBe("9999-12-31");
    for (const key of ["0001-01-01", "0099-12-31", "0100-01-01", "9999-12-30"]) {
      expect(businessDate(startOfBusinessDay(key)), key).toBe(key);
      expect(businessDate(requireBusinessInstant(key, "09:00")), key).toBe(key);
      expect(hours(startOfBusinessDay(key), endOfBusinessDay(key)), key).toBe(24);
    }
    expect(addLocalDays("0100-01-01", -1)).toBe("0099-12-31");
    expect(addLocalDays("0099-12-31", 1)).toBe("0100-01-01");
    expect(addLocalDays("0001-01-01", 31)).toBe("0001-02-01");
    expect(localWeekday("0001-01-01")).toBe(1); // a Monday, in the proleptic Gregorian calendar
    expect(localWeekday("2026-03-08")).toBe(0);
  });
});

describe("the month grid", () => {
  it("starts on a Sunday, pads with the neighbouring months and ends with the month's last week", () => {
    const grid = monthGrid({ year: 2026, month: 3 });
    expect(grid).toHaveLength(5);
    expect(grid[0]![0]).toEqual({ key: "2026-03-01", day: 1, inMonth: true, weekday: 0 });
    expect(grid[1]![0]!.key).toBe("2026-03-08");
    expect(grid[4]!.map((d) => d.key)).toEqual([
      "2026-03-29",
      "2026-03-30",
      "2026-03-31",
      "2026-04-01",
      "2026-04-02",
      "2026-04-03",
      "2026-04-04",
    ]);
    expect(grid[4]![3]!.inMonth).toBe(false);
  });

  it("has six weeks when the month needs them, and each week is seven days in order", () => {
    const grid = monthGrid({ year: 2026, month: 8 }); // Aug 1 2026 is a Saturday
    expect(grid).toHaveLength(6);
    expect(grid[0]![0]).toMatchObject({ key: "2026-07-26", inMonth: false });
    expect(grid[0]![6]).toMatchObject({ key: "2026-08-01", inMonth: true, weekday: 6 });
    const keys = grid.flat().map((d) => d.key);
    for (let i = 1; i < keys.length; i++) expect(keys[i]).toBe(addLocalDays(keys[i - 1]!, 1));
  });
});

describe("slots", () => {
  it("lists slot times and words them", () => {
    expect(slotTimes("08:00", 10)).toEqual([
      "08:00",
      "09:00",
      "10:00",
      "11:00",
      "12:00",
      "13:00",
      "14:00",
      "15:00",
      "16:00",
      "17:00",
    ]);
    expect(slotTimes("08:00", 3, 30)).toEqual(["08:00", "08:30", "09:00"]);
    expect(["00:00", "08:00", "12:00", "17:30"].map(slotLabel)).toEqual(["12:00 AM", "8:00 AM", "12:00 PM", "5:30 PM"]);
    expect(formatClock(18 * 60)).toBe("6:00 PM");
  });

  it("a one-hour visit lasts one hour even across a change", () => {
    const start = businessInstant("2026-11-01", "01:30")!;
    expect(slotEnd(start, 60).toISOString()).toBe("2026-11-01T07:30:00.000Z");
  });

  it("writes a local time with that day's offset", () => {
    expect(localIsoWithOffset("2026-03-07", 7 * 60)).toBe("2026-03-07T07:00:00-06:00");
    expect(localIsoWithOffset("2026-03-09", 7 * 60)).toBe("2026-03-09T07:00:00-05:00");
    expect(localIsoWithOffset("2026-11-02", 7 * 60)).toBe("2026-11-02T07:00:00-06:00");
  });
});

describe("formatting", () => {
  const nine = at("2026-06-12T14:00:00Z"); // Friday 9:00 AM CDT

  it("words dates and times for pages in Baton Rouge time", () => {
    expect(formatDate(nine)).toBe("Jun 12, 2026");
    expect(formatDateTime(nine)).toBe("Jun 12, 2026, 9:00 AM");
    expect(formatTime(nine)).toBe("9:00 AM");
    expect(formatDateTime("2026-06-12T14:00:00.000Z")).toBe("Jun 12, 2026, 9:00 AM");
    // 22:30 CDT on June 11 is June 12 in UTC.
    expect(formatDateTime(at("2026-06-12T03:30:00Z"))).toBe("Jun 11, 2026, 10:30 PM");
  });

  it("falls back for missing or unreadable values", () => {
    expect(formatDate(null)).toBe("Unknown");
    expect(formatDateTime("not a date", "—")).toBe("—");
    expect(formatTime(undefined)).toBe("");
  });

  it("words the emails', the portal's and the chat's times", () => {
    expect(formatFullDateTime(nine)).toBe("Friday, June 12, 2026 at 9:00 AM");
    expect(formatWeekdayDateTime(nine)).toBe("Friday, June 12 at 9:00 AM");
    expect(formatFullDateTime(businessInstant("2026-11-01", "09:00")!)).toBe("Sunday, November 1, 2026 at 9:00 AM");
  });

  it("words an expected time to the nearest five minutes (On my way)", () => {
    const told = at("2026-06-12T19:13:27Z"); // 2:13 PM CDT
    expect(formatExpectedClock(told, 30)).toBe("2:45 PM");
    expect(formatExpectedClock(told, 45)).toBe("3 PM");
    expect(formatExpectedClock(at("2026-06-12T16:51:00Z"), 15)).toBe("12:05 PM");
  });

  it("words local dates and months", () => {
    expect(formatLocalDate("2031-03-12")).toBe("Wednesday, March 12, 2031");
    expect(formatLocalDate("2026-03-08")).toBe("Sunday, March 8, 2026");
    expect(formatLocalDay("2026-11-26")).toBe("Thursday, November 26");
    expect(formatMonthTitle({ year: 2026, month: 11 })).toBe("November 2026");
  });

  it("writes the CSV's times in Baton Rouge time with the zone's abbreviation", () => {
    expect(formatTimestamp(nine)).toBe("2026-06-12 09:00 CDT");
    expect(formatTimestamp(businessInstant("2026-12-01", "14:00")!)).toBe("2026-12-01 14:00 CST");
    // The autumn change's two 1:30 AMs, an hour apart, read apart.
    expect(formatTimestamp(new Date("2026-11-01T06:30:00Z"))).toBe("2026-11-01 01:30 CDT");
    expect(formatTimestamp(new Date("2026-11-01T07:30:00Z"))).toBe("2026-11-01 01:30 CST");
  });
});
