import { describe, expect, it } from "vitest";
import { requireBusinessInstant } from "@app/shared/time";
import { boardDates, buildBoard, type BoardRow } from "./board";

// 2026-12-04 is a Friday, 2026-12-05 a Saturday.
const FRIDAY = "2026-12-04";
const at = (date: string, time: string) => requireBusinessInstant(date, time);
const sam = { id: 1, firstName: "Sam", lastName: "Boudreaux", workingDays: [1, 2, 3, 4, 5, 6], isActive: true };
const jo = { id: 2, firstName: "Jo", lastName: "Martin", workingDays: [1, 2, 3, 4], isActive: true };
const gone = { id: 3, firstName: "Old", lastName: "Hand", workingDays: [1, 2, 3, 4, 5, 6], isActive: false };

let ids = 100;
function row(extra: Partial<BoardRow> & Pick<BoardRow, "scheduledDate">): BoardRow {
  const technician = extra.technician ?? null;
  return {
    id: ++ids,
    summary: "Outlet repair",
    priority: "medium",
    status: "pending",
    durationMinutes: 120,
    needsPlacing: false,
    address: null,
    technicianDroppedAt: null,
    customerId: 1,
    customer: { name: "Ann Customer" },
    ...extra,
    technician,
    technicianId: technician?.id ?? null,
  };
}

describe("the dispatch board", () => {
  const late = row({ scheduledDate: at(FRIDAY, "14:00"), technician: sam });
  const early = row({ scheduledDate: at(FRIDAY, "08:00"), technician: sam });
  const emergency = row({ scheduledDate: at(FRIDAY, "16:00"), technician: sam, priority: "emergency" });
  const exact = row({ scheduledDate: at(FRIDAY, "09:30"), technician: sam });
  const offDay = row({ scheduledDate: at(FRIDAY, "10:00"), technician: jo });
  const inactive = row({ scheduledDate: at(FRIDAY, "10:00"), technician: gone });
  const dropped = row({ scheduledDate: at(FRIDAY, "12:00"), technicianDroppedAt: new Date() });
  const request = row({ scheduledDate: at(FRIDAY, "09:00"), needsPlacing: true });
  const cancelled = row({ scheduledDate: at(FRIDAY, "08:00"), technician: jo, status: "cancelled" });
  const board = buildBoard({
    date: FRIDAY,
    view: "day",
    dates: [FRIDAY],
    technicians: [sam, jo],
    rows: [late, early, emergency, exact, offDay, inactive, dropped, request, cancelled],
  });
  const [samLane, joLane] = board.technicians;

  it("has a lane per active technician with their working hours: business hours on their days, Off otherwise", () => {
    expect(board.technicians.map((t) => t.name)).toEqual(["Sam Boudreaux", "Jo Martin"]);
    expect(samLane!.workingHours).toEqual([
      {
        date: FRIDAY,
        start: at(FRIDAY, "07:00").toISOString(),
        end: at(FRIDAY, "18:00").toISOString(),
        label: "7 AM – 6 PM",
      },
    ]);
    expect(joLane!.workingHours[0]!.label).toBe("Off");
    const saturday = buildBoard({
      date: "2026-12-05",
      view: "day",
      dates: ["2026-12-05"],
      technicians: [sam],
      rows: [],
    });
    expect(saturday.technicians[0]!.workingHours[0]!.label).toBe("8 AM – 4 PM");
    expect(saturday.days[0]!.windows.map((w) => w.label)).toEqual([
      "8 AM – 10 AM",
      "10 AM – 12 PM",
      "12 PM – 2 PM",
      "2 PM – 4 PM",
    ]);
  });

  it("orders each lane by arrival window, emergencies first and marked", () => {
    expect(samLane!.visits.map((v) => v.id)).toEqual([emergency.id, early.id, exact.id, late.id]);
    expect(samLane!.visits[0]!.emergency).toBe(true);
    expect(samLane!.visits.find((v) => v.id === early.id)).toMatchObject({ window: "08:00", time: "8 AM – 10 AM" });
    expect(samLane!.visits.find((v) => v.id === exact.id)).toMatchObject({ window: null, time: "9:30 AM" });
  });

  it("puts what nobody active has in Unassigned, and leaves cancelled visits off", () => {
    expect(board.unassigned.map((v) => v.id)).toEqual([request.id, inactive.id, dropped.id]);
    expect(joLane!.visits.map((v) => v.id)).toEqual([offDay.id]);
  });

  it("keeps Unassigned to the board's day: requests of earlier days still to be placed wait apart", () => {
    const earlier = row({ scheduledDate: at("2026-12-01", "09:00"), needsPlacing: true });
    const today = row({ scheduledDate: at(FRIDAY, "10:00") });
    const day = buildBoard({ date: FRIDAY, view: "day", dates: [FRIDAY], technicians: [sam], rows: [earlier, today] });
    expect(day.unassigned.map((v) => v.id)).toEqual([today.id]);
    expect(day.waiting.map((v) => v.id)).toEqual([earlier.id]);
    // The week from Sunday, November 29 holds December 1: it is that week's own.
    const week = buildBoard({
      date: FRIDAY,
      view: "week",
      dates: boardDates(FRIDAY, "week"),
      technicians: [sam],
      rows: [earlier, today],
    });
    expect(week.unassigned.map((v) => v.id)).toEqual([earlier.id, today.id]);
    expect(week.waiting).toEqual([]);
  });

  it("flags a visit whose technician does not work that day, and one the customer's move left without one", () => {
    expect(joLane!.visits[0]!.flags).toEqual([{ kind: "technician-off", message: "Jo Martin does not work Fridays" }]);
    const byId = (id: number) => board.unassigned.find((v) => v.id === id)!;
    expect(byId(inactive.id).flags).toEqual([{ kind: "technician-off", message: "Old Hand is no longer active" }]);
    expect(byId(dropped.id).flags.map((f) => f.kind)).toEqual(["customer-moved"]);
    expect(byId(request.id)).toMatchObject({ needsPlacing: true, flags: [] });
    expect(samLane!.visits.every((v) => v.flags.length === 0)).toBe(true);
  });

  it("marks a visit whose customer is a member with their plans, and no other", () => {
    const member = row({ scheduledDate: at(FRIDAY, "10:00"), customerId: 7 });
    const other = row({ scheduledDate: at(FRIDAY, "10:00"), customerId: 8 });
    const mark = { plans: ["Generator Care"], priorityPlans: ["Generator Care"] };
    const marked = buildBoard({
      date: FRIDAY,
      view: "day",
      dates: [FRIDAY],
      technicians: [],
      rows: [member, other],
      members: new Map([[7, mark]]),
    });
    const visit = (id: number) => marked.unassigned.find((v) => v.id === id)!;
    expect(visit(member.id).member).toEqual(mark);
    expect(visit(other.id).member).toBeNull();
    expect(samLane!.visits.every((v) => v.member === null)).toBe(true);
  });

  it("shows a day, or the week from Sunday holding it", () => {
    expect(boardDates(FRIDAY, "day")).toEqual([FRIDAY]);
    expect(boardDates(FRIDAY, "week")).toEqual([
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
    ]);
    const week = buildBoard({
      date: FRIDAY,
      view: "week",
      dates: boardDates(FRIDAY, "week"),
      technicians: [sam],
      rows: [],
    });
    expect(week.technicians[0]!.workingHours.map((h) => h.label)).toEqual([
      "Off",
      ...Array(5).fill("7 AM – 6 PM"),
      "8 AM – 4 PM",
    ]);
  });
});
