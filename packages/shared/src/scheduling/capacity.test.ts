import { describe, expect, it } from "vitest";
import { requireBusinessInstant } from "../time";
import { windowAvailability } from "./capacity";
import type { ScheduledTechnician } from "./technicians";
import { windowsBetween, windowsOn } from "./windows";

const at = (date: string, time: string) => requireBusinessInstant(date, time);
const tech = (id: number, workingDays = [1, 2, 3, 4, 5, 6]): ScheduledTechnician => ({
  id,
  firstName: `T${id}`,
  lastName: "Tech",
  workingDays,
});

describe("capacity", () => {
  const [first, second] = windowsOn("2026-12-04") as [
    ReturnType<typeof windowsOn>[number],
    ReturnType<typeof windowsOn>[number],
  ];

  it("is the technicians working that day who are free, less unassigned visits placed in the window", () => {
    const technicians = [tech(1), tech(2), tech(3, [0, 6])]; // 3 does not work Fridays
    const visits = [
      { technicianId: 1, start: at("2026-12-04", "09:00"), end: at("2026-12-04", "11:00") },
      { technicianId: null, start: second.start, end: second.end },
    ];
    const [a, b] = windowAvailability([first, second], technicians, visits);
    expect(a!.freeTechnicians.map((t) => t.id)).toEqual([2]);
    expect(a!.available).toBe(1);
    // 10-12: technician 1 is still busy until 11, and the unassigned visit takes technician 2's place.
    expect(b!.freeTechnicians.map((t) => t.id)).toEqual([2]);
    expect(b!.available).toBe(0);
  });

  it("is zero without technicians, never negative", () => {
    const visits = [{ technicianId: null, start: first.start, end: first.end }];
    expect(windowAvailability([first], [], visits)[0]!.available).toBe(0);
  });

  it("frees a technician whose visit ends as the window starts", () => {
    const visits = [{ technicianId: 1, start: at("2026-12-04", "06:00"), end: first.start }];
    expect(windowAvailability([first], [tech(1)], visits)[0]!.available).toBe(1);
  });

  describe("with a month of booked visits (docs/product.md#performance-budgets)", () => {
    /** A Date that counts how often its time is read (a comparison reads it as much as getTime). */
    let reads = 0;
    class CountedDate extends Date {
      override getTime() {
        reads++;
        return super.getTime();
      }
      override valueOf() {
        reads++;
        return super.valueOf();
      }
    }
    const windows = windowsBetween("2026-12-01", 31);
    const technicians = [tech(1), tech(2), tech(3), tech(4, [1, 3, 5])];
    // 400 visits over the month, some assigned, some holding a place, one to four hours long.
    const visits = Array.from({ length: 400 }, (_, i) => {
      const start = windows[(i * 7) % windows.length]!.start.getTime() + ((i * 37) % 180) * 60_000 - 60 * 60_000;
      const hours = 1 + (i % 4);
      return {
        technicianId: i % 3 === 0 ? null : 1 + (i % 4),
        start: new CountedDate(start),
        end: new CountedDate(start + hours * 3_600_000),
      };
    });

    it("reads each visit's times a bounded number of times, not once for every window", () => {
      reads = 0;
      windowAvailability(windows, technicians, visits);
      // Two reads a visit; comparing every visit with every window would read them windows × visits times.
      expect(windows.length).toBeGreaterThan(100);
      expect(reads).toBeLessThanOrEqual(2 * visits.length);
    });

    it("answers as comparing every visit with every window does", () => {
      const overlapping = (w: (typeof windows)[number]) =>
        visits.filter((v) => v.start.getTime() < w.end.getTime() && w.start.getTime() < v.end.getTime());
      const found = windowAvailability(windows, technicians, visits);
      expect(found.map((w) => w.available)).toEqual(
        windows.map((w) => {
          const busy = new Set(overlapping(w).map((v) => v.technicianId));
          const weekday = windowAvailability([w], technicians, [])[0]!.freeTechnicians;
          const free = weekday.filter((t) => !busy.has(t.id));
          return Math.max(0, free.length - overlapping(w).filter((v) => v.technicianId === null).length);
        }),
      );
      expect(found.some((w) => w.available > 0) && found.some((w) => w.available === 0)).toBe(true);
    });
  });
});
