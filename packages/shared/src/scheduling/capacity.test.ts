import { describe, expect, it } from "vitest";
import { requireBusinessInstant } from "../time";
import { windowAvailability } from "./capacity";
import type { ScheduledTechnician } from "./technicians";
import { windowsOn } from "./windows";

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
});
