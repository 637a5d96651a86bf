import { describe, expect, it } from "vitest";
import { requireBusinessInstant } from "../time";
import { moveAlternatives, technicianBusyReason } from "./move-alternatives";
import type { ScheduledTechnician } from "./technicians";
import { windowsBetween } from "./windows";

const at = (date: string, time: string) => requireBusinessInstant(date, time);
const tech = (id: number, firstName: string, workingDays = [1, 2, 3, 4, 5, 6]): ScheduledTechnician => ({
  id,
  firstName,
  lastName: "Tech",
  workingDays,
});
// 2026-12-04 is a Friday.
const FRIDAY = "2026-12-04";

describe("a refused move", () => {
  it("names the visit in the way, and its day when it is not the day asked for", () => {
    const sam = { firstName: "Sam", lastName: "Boudreaux" };
    const visit = { id: 342, start: at(FRIDAY, "10:00"), end: at(FRIDAY, "12:00") };
    expect(technicianBusyReason(sam, visit, FRIDAY)).toBe("Sam Boudreaux already has #342 from 10 AM to 12 PM");
    expect(technicianBusyReason(sam, { ...visit, start: at("2026-12-03", "23:00") }, FRIDAY)).toBe(
      "Sam Boudreaux already has #342 on Thursday, Dec 3 from 11 PM to 12 PM",
    );
  });

  const technicians = [tech(1, "Sam"), tech(2, "Jo"), tech(3, "Lee", [0, 6]), tech(4, "Ann")];
  const visits = [
    { id: 342, technicianId: 1, start: at(FRIDAY, "10:00"), end: at(FRIDAY, "12:00") },
    { id: 343, technicianId: 1, start: at(FRIDAY, "12:00"), end: at(FRIDAY, "14:00") },
    { id: 344, technicianId: 4, start: at(FRIDAY, "11:00"), end: at(FRIDAY, "13:00") },
    // The visit being moved, still at its old time: it keeps nobody busy.
    { id: 500, technicianId: 2, start: at(FRIDAY, "10:00"), end: at(FRIDAY, "12:00") },
  ];
  const alternatives = moveAlternatives({
    movingId: 500,
    start: at(FRIDAY, "10:00"),
    end: at(FRIDAY, "12:00"),
    technicianId: 1,
    technicians,
    visits,
    windows: windowsBetween(FRIDAY, 3),
    now: at(FRIDAY, "07:00"),
  });

  it("offers the other technicians working that day who are free then", () => {
    // Lee does not work Fridays; Ann is busy from 11; Jo's only visit is the one being moved.
    expect(alternatives.freeTechnicians).toEqual([{ id: 2, name: "Jo Tech" }]);
  });

  it("offers the technician's own open windows nearest to the time asked for, in time order", () => {
    // 8-10 (two hours before) and 2-4 (four after: 12-2 is taken), then 4-6.
    expect(alternatives.windows.map((w) => w.start)).toEqual(
      [at(FRIDAY, "08:00"), at(FRIDAY, "14:00"), at(FRIDAY, "16:00")].map((d) => d.toISOString()),
    );
  });

  it("offers nothing that has started", () => {
    const later = moveAlternatives({
      movingId: 500,
      start: at(FRIDAY, "10:00"),
      end: at(FRIDAY, "12:00"),
      technicianId: 1,
      technicians,
      visits,
      windows: windowsBetween(FRIDAY, 2),
      now: at(FRIDAY, "15:00"),
      count: 2,
    });
    // At 3 PM only Friday's 4-6 is left today; then Saturday's 8-10 is the nearest.
    expect(later.windows.map((w) => w.start)).toEqual(
      [at(FRIDAY, "16:00"), at("2026-12-05", "08:00")].map((d) => d.toISOString()),
    );
  });
});
