import { describe, expect, it } from "vitest";
import { requireBusinessInstant } from "../time";
import { customerServiceName, describeVisitTime, reminderDueAt, reminderFor, visitSchedule } from "./visits";

const visit = (date: string, minutes: number, more: Partial<{ status: string; needsPlacing: boolean }> = {}) => ({
  status: "pending",
  needsPlacing: false,
  durationMinutes: 120,
  scheduledDate: requireBusinessInstant(date, minutes),
  ...more,
});

describe("a visit's reminder", () => {
  it("is due at the hour, Baton Rouge time, the day before, across a change of clocks", () => {
    expect(reminderDueAt(requireBusinessInstant("2027-03-02", 10 * 60), 9).toISOString()).toBe(
      "2027-03-01T15:00:00.000Z",
    );
    // The night of March 13 to 14, 2027 the clocks go forward: the day before is still in standard time.
    expect(reminderDueAt(requireBusinessInstant("2027-03-15", 8 * 60), 9).toISOString()).toBe(
      "2027-03-14T14:00:00.000Z",
    );
    expect(reminderDueAt(requireBusinessInstant("2027-03-14", 8 * 60), 9).toISOString()).toBe(
      "2027-03-13T15:00:00.000Z",
    );
  });

  it("is owed only for a scheduled visit whose moment has not passed", () => {
    const now = requireBusinessInstant("2027-03-01", 8 * 60);
    expect(reminderFor(visit("2027-03-02", 600), 9, now)?.toISOString()).toBe("2027-03-01T15:00:00.000Z");
    expect(reminderFor(visit("2027-03-02", 600), 7, now)).toBeNull();
    expect(reminderFor(visit("2027-03-02", 600, { needsPlacing: true }), 9, now)).toBeNull();
    expect(reminderFor(visit("2027-03-02", 600, { status: "cancelled" }), 9, now)).toBeNull();
    expect(reminderFor(visit("2027-03-02", 600, { status: "completed" }), 9, now)).toBeNull();
    // Started already (staff set it in progress): nobody needs reminding of it.
    expect(reminderFor(visit("2027-03-02", 600, { status: "in_progress" }), 9, now)).toBeNull();
  });
});

describe("how emails name a visit's time", () => {
  it("names its arrival window, or its start when it is not in one", () => {
    expect(describeVisitTime(visit("2027-03-02", 600))).toEqual({
      label: "Tuesday, Mar 2, between 10 AM and 12 PM",
      isWindow: true,
    });
    expect(describeVisitTime(visit("2027-03-02", 630)).isWindow).toBe(false);
  });
});

describe("how the staff pages show a visit's time", () => {
  it("reads it from the schedule: the day and its arrival window, or its start and end at an exact time", () => {
    expect(visitSchedule(visit("2026-12-02", 12 * 60))).toEqual({
      day: "Wednesday, December 2, 2026",
      label: "Arrival window",
      time: "12 PM – 2 PM",
    });
    expect(visitSchedule({ ...visit("2026-12-02", 20 * 60), durationMinutes: 90 })).toEqual({
      day: "Wednesday, December 2, 2026",
      label: "Time",
      time: "8 PM – 9:30 PM",
    });
  });
});

describe("the service a customer is told a visit is for", () => {
  it("is one of our fixed service names, never staff's words", () => {
    expect(customerServiceName("Panel Upgrade")).toBe("Panel Upgrade");
    expect(customerServiceName("panel upgrade 100A to 200A")).toBe("Panel Upgrade");
    expect(customerServiceName("Outlet Installation (phone call)")).toBe("Outlet Installation");
    expect(customerServiceName("Replace two bathroom GFCI outlets (phone call)")).toBe("General Electrical Service");
    expect(customerServiceName("Panel inspection")).toBe("General Electrical Service");
    // A name is a whole word: "Panel Upgraded…" is not "Panel Upgrade".
    expect(customerServiceName("Panel Upgraded last year")).toBe("General Electrical Service");
  });
});
