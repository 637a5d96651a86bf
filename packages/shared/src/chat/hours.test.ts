import { describe, expect, it } from "vitest";
import { createBusinessFacts } from "../business";
import { formatClock, officeStatus } from "./hours";

// All instants are given in UTC so the test means the same thing on any machine;
// the comments give the America/Chicago wall time.
describe("officeStatus", () => {
  it("is open on a weekday at 10:00", () => {
    // Tuesday 2025-06-10 10:00 CDT
    expect(officeStatus(new Date("2025-06-10T15:00:00Z"))).toEqual({
      open: true,
      label: "Open now until 6:00 PM",
      nextOpen: null,
    });
  });

  it("is closed on a weekday at 19:00 and names the next opening", () => {
    // Tuesday 2025-06-10 19:00 CDT
    expect(officeStatus(new Date("2025-06-11T00:00:00Z"))).toEqual({
      open: false,
      label: "Closed now — opens Wednesday at 7:00 AM",
      nextOpen: "2025-06-11T07:00:00-05:00",
    });
  });

  it("opens later the same day before opening time", () => {
    // Saturday 2025-06-14 07:59 CDT
    const s = officeStatus(new Date("2025-06-14T12:59:00Z"));
    expect(s.open).toBe(false);
    expect(s.label).toBe("Closed now — opens today at 8:00 AM");
    expect(s.nextOpen).toBe("2025-06-14T08:00:00-05:00");
  });

  it("is open on Saturday at 15:59 and closed at 16:00", () => {
    // Saturday 2025-06-14 15:59 and 16:00 CDT
    expect(officeStatus(new Date("2025-06-14T20:59:00Z"))).toMatchObject({
      open: true,
      label: "Open now until 4:00 PM",
    });
    expect(officeStatus(new Date("2025-06-14T21:00:00Z"))).toEqual({
      open: false,
      label: "Closed now — opens Monday at 7:00 AM",
      nextOpen: "2025-06-16T07:00:00-05:00",
    });
  });

  it("treats Sunday as closed (emergency only)", () => {
    // Sunday 2025-06-15 12:00 CDT
    expect(officeStatus(new Date("2025-06-15T17:00:00Z"))).toEqual({
      open: false,
      label: "Closed now — opens Monday at 7:00 AM",
      nextOpen: "2025-06-16T07:00:00-05:00",
    });
  });

  it("follows the clock change into daylight saving time (2025-03-09)", () => {
    // Friday 2025-03-07 12:00 UTC is 06:00 CST: not open yet.
    expect(officeStatus(new Date("2025-03-07T12:00:00Z"))).toMatchObject({
      open: false,
      nextOpen: "2025-03-07T07:00:00-06:00",
    });
    // Saturday evening before the change: Monday's opening is already on CDT.
    expect(officeStatus(new Date("2025-03-08T23:00:00Z")).nextOpen).toBe("2025-03-10T07:00:00-05:00");
    // Monday 2025-03-10 12:00 UTC is 07:00 CDT: open (it would be 06:00 without DST).
    expect(officeStatus(new Date("2025-03-10T12:00:00Z")).open).toBe(true);
  });

  it("follows the clock change back to standard time (2025-11-02)", () => {
    // Saturday 2025-11-01 17:00 CDT → Monday opens on CST.
    expect(officeStatus(new Date("2025-11-01T22:00:00Z")).nextOpen).toBe("2025-11-03T07:00:00-06:00");
    // Monday 2025-11-03 12:00 UTC is 06:00 CST: still closed.
    expect(officeStatus(new Date("2025-11-03T12:00:00Z")).open).toBe(false);
  });

  it("reads the hours from the facts it is given", () => {
    const facts = createBusinessFacts({});
    expect(officeStatus(new Date("2025-06-10T15:00:00Z"), facts).open).toBe(true);
  });
});

describe("formatClock", () => {
  it("formats 24-hour minutes as a 12-hour clock", () => {
    expect([0, 7 * 60, 12 * 60, 18 * 60 + 30].map(formatClock)).toEqual(["12:00 AM", "7:00 AM", "12:00 PM", "6:30 PM"]);
  });
});
