import { describe, expect, it } from "vitest";
import { requireBusinessInstant } from "../time";
import { describeVisitTime, reminderDueAt, reminderFor } from "./visits";

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
