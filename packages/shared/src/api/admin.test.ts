import { describe, expect, it } from "vitest";
import { ANOTHER_TIME, newBookingSchema } from "./admin";

const base = { customerId: "7", summary: "Panel upgrade estimate", priority: "medium" };

describe("newBookingSchema's time", () => {
  it("takes an ISO instant with offset, as documented", () => {
    const parsed = newBookingSchema.parse({ ...base, scheduledDate: "2032-01-10T15:00:00Z" });
    expect(parsed.scheduledDate.toISOString()).toBe("2032-01-10T15:00:00.000Z");
  });

  it("takes the local date and time staff typed as Baton Rouge time", () => {
    expect(newBookingSchema.parse({ ...base, date: "2033-06-15", time: "09:00" }).scheduledDate.toISOString()).toBe(
      "2033-06-15T14:00:00.000Z",
    );
    expect(newBookingSchema.parse({ ...base, date: "2033-11-06", time: "09:00" }).scheduledDate.toISOString()).toBe(
      "2033-11-06T15:00:00.000Z",
    );
  });

  it("takes another time of day than the ten slots: Another time… reads the exact time typed (tonight's 8 PM emergency)", () => {
    const evening = newBookingSchema.parse({ ...base, date: "2033-06-15", time: ANOTHER_TIME, exactTime: "20:00" });
    expect(evening.scheduledDate.toISOString()).toBe("2033-06-16T01:00:00.000Z");
    // The exact time counts only when Another time… is chosen; without one there is no time.
    expect(
      newBookingSchema.parse({ ...base, date: "2033-06-15", time: "09:00", exactTime: "20:00" }).scheduledDate,
    ).toEqual(new Date("2033-06-15T14:00:00.000Z"));
    const missing = newBookingSchema.safeParse({ ...base, date: "2033-06-15", time: ANOTHER_TIME, exactTime: "" });
    expect(missing.error?.issues[0]?.path).toEqual(["scheduledDate"]);
  });

  it("prefers scheduledDate when both are sent, and refuses an unreadable local date or time under scheduledDate", () => {
    const both = newBookingSchema.parse({
      ...base,
      scheduledDate: "2032-01-10T15:00:00Z",
      date: "2033-06-15",
      time: "09:00",
    });
    expect(both.scheduledDate.toISOString()).toBe("2032-01-10T15:00:00.000Z");
    for (const local of [
      { date: "2033-02-30", time: "09:00" },
      { date: "2033-06-15", time: "" },
      { date: "2033-06-15" },
    ]) {
      const result = newBookingSchema.safeParse({ ...base, ...local });
      expect(result.success, JSON.stringify(local)).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["scheduledDate"]);
    }
  });
});
