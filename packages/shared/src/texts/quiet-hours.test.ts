import { describe, expect, it } from "vitest";
import { requireBusinessInstant } from "../time";
import { QUIET_HOURS, textSendAt } from "./quiet-hours";

// Instants are made from Baton Rouge dates and times; expected ones are written in UTC so they mean
// the same on any machine (CST is UTC-6, CDT UTC-5).
const at = (date: string, time: string) => requireBusinessInstant(date, time);
const sendAt = (date: string, time: string, urgent?: boolean) =>
  textSendAt(at(date, time), urgent === undefined ? undefined : { urgent }).toISOString();

describe("quiet hours", () => {
  it("are 9 PM to 8 AM", () => {
    expect(QUIET_HOURS).toEqual({ from: 21, until: 8 });
  });

  it("let a text due outside them go at once", () => {
    expect(sendAt("2026-12-01", "08:00")).toBe("2026-12-01T14:00:00.000Z");
    expect(sendAt("2026-12-01", "12:30")).toBe("2026-12-01T18:30:00.000Z");
    expect(sendAt("2026-12-01", "20:59")).toBe("2026-12-02T02:59:00.000Z");
  });

  it("hold a text due from 9 PM until 8 AM the next day", () => {
    expect(sendAt("2026-12-01", "21:00")).toBe("2026-12-02T14:00:00.000Z");
    expect(sendAt("2026-12-01", "23:30")).toBe("2026-12-02T14:00:00.000Z");
    expect(sendAt("2026-12-31", "23:59")).toBe("2027-01-01T14:00:00.000Z");
  });

  it("hold a text due after midnight until 8 AM the same day", () => {
    expect(sendAt("2026-12-02", "00:00")).toBe("2026-12-02T14:00:00.000Z");
    expect(sendAt("2026-12-02", "03:00")).toBe("2026-12-02T14:00:00.000Z");
    expect(sendAt("2026-12-02", "07:59")).toBe("2026-12-02T14:00:00.000Z");
  });

  it("let an urgent text go at once, whenever it is due", () => {
    expect(sendAt("2026-12-01", "23:30", true)).toBe("2026-12-02T05:30:00.000Z");
    expect(sendAt("2026-12-02", "03:00", true)).toBe("2026-12-02T09:00:00.000Z");
    expect(sendAt("2026-12-02", "03:00", false)).toBe("2026-12-02T14:00:00.000Z");
  });

  it("keep 8 AM Baton Rouge time across the spring change (2026-03-08)", () => {
    // 10 PM CST on Saturday → 8 AM CDT on Sunday, only 9 hours later.
    expect(sendAt("2026-03-07", "22:00")).toBe("2026-03-08T13:00:00.000Z");
    // 1:30 AM CST, before the clocks go forward → 8 AM CDT the same day.
    expect(sendAt("2026-03-08", "01:30")).toBe("2026-03-08T13:00:00.000Z");
    expect(textSendAt(new Date("2026-03-08T08:30:00Z")).toISOString()).toBe("2026-03-08T13:00:00.000Z"); // 3:30 AM CDT
    expect(sendAt("2026-03-08", "08:00")).toBe("2026-03-08T13:00:00.000Z");
    expect(sendAt("2026-03-08", "21:00")).toBe("2026-03-09T13:00:00.000Z");
  });

  it("keep 8 AM Baton Rouge time across the autumn change (2026-11-01)", () => {
    // 10 PM CDT on Saturday → 8 AM CST on Sunday, 11 hours later.
    expect(sendAt("2026-10-31", "22:00")).toBe("2026-11-01T14:00:00.000Z");
    // Both 1:30 AMs (CDT, then CST an hour later) → 8 AM CST.
    expect(textSendAt(new Date("2026-11-01T06:30:00Z")).toISOString()).toBe("2026-11-01T14:00:00.000Z");
    expect(textSendAt(new Date("2026-11-01T07:30:00Z")).toISOString()).toBe("2026-11-01T14:00:00.000Z");
    expect(sendAt("2026-11-01", "07:59")).toBe("2026-11-01T14:00:00.000Z");
    expect(sendAt("2026-11-01", "08:00")).toBe("2026-11-01T14:00:00.000Z");
    expect(sendAt("2026-11-01", "20:59")).toBe("2026-11-02T02:59:00.000Z");
  });

  it("mean the same on a machine in another zone", () => {
    const saved = process.env.TZ;
    try {
      for (const zone of ["UTC", "Asia/Tokyo", "America/Los_Angeles"]) {
        process.env.TZ = zone;
        expect(sendAt("2026-12-01", "23:30"), zone).toBe("2026-12-02T14:00:00.000Z");
        expect(sendAt("2026-12-01", "20:59"), zone).toBe("2026-12-02T02:59:00.000Z");
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});
