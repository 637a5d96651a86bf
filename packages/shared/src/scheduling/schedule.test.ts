import { describe, expect, it } from "vitest";
import { business } from "../business";
import type { Reader } from "../db.server";
import { addLocalDays, requireBusinessInstant } from "../time";
import { nextOpenWindows } from "./schedule.server";
import type { ScheduledTechnician } from "./technicians";

/**
 * The schedule's reads, with a stand-in for the database that records the ranges of visits asked for
 * (docs/product.md#performance-budgets: what a chat reply reads does not grow with the bookings).
 */
const dayMs = 24 * 3_600_000;

function standIn(technicians: ScheduledTechnician[], busyUntil?: Date) {
  const visitRanges: Array<{ from: Date; to: Date }> = [];
  // The schedule's one statement (`readSchedule`): its first two parameters are the visits' range, as stored (UTC).
  const db = {
    $queryRawUnsafe: async (_sql: string, ...params: string[]) => {
      const [from, to] = [new Date(`${params[0]}Z`), new Date(`${params[1]}Z`)];
      visitRanges.push({ from, to });
      // Until `busyUntil`, technician 1 is busy all day, every day (a visit of a day from each midnight).
      const busy = [];
      for (let t = from.getTime(); busyUntil && t < Math.min(to.getTime(), busyUntil.getTime()); t += dayMs)
        busy.push([busy.length + 1, 1, t, 24 * 60]);
      return [{ t: technicians.map((x) => [x.id, x.firstName, x.lastName, x.workingDays]), v: busy, c: [] }];
    },
  } as unknown as Reader;
  return { db, visitRanges };
}

const everyDay = [0, 1, 2, 3, 4, 5, 6];
// A Tuesday morning, before the first window.
const now = requireBusinessInstant("2026-12-01", "06:00");

describe("nextOpenWindows", () => {
  it("reads the coming week's visits when it has open windows, not the whole horizon's", async () => {
    const { db, visitRanges } = standIn([{ id: 1, firstName: "Sam", lastName: "Tech", workingDays: everyDay }]);
    const windows = await nextOpenWindows(db, 3, now);
    expect(windows).toHaveLength(3);
    expect(visitRanges).toHaveLength(1);
    expect(visitRanges[0]!.to.getTime() - now.getTime()).toBeLessThanOrEqual(8 * dayMs);
  });

  it("looks on to the horizon when the week has none open, and offers what it finds there", async () => {
    const weekLater = requireBusinessInstant(addLocalDays("2026-12-01", 7), "00:00");
    const { db, visitRanges } = standIn(
      [{ id: 1, firstName: "Sam", lastName: "Tech", workingDays: everyDay }],
      weekLater,
    );
    const windows = await nextOpenWindows(db, 3, now);
    expect(windows).toHaveLength(3);
    expect(new Date(windows[0]!.start).getTime()).toBeGreaterThanOrEqual(weekLater.getTime());
    expect(visitRanges).toHaveLength(2);
    const horizonEnd = requireBusinessInstant(addLocalDays("2026-12-01", business.booking.horizonDays + 1), "00:00");
    expect(visitRanges[1]!.to.getTime()).toBeLessThanOrEqual(horizonEnd.getTime());
  });
});
