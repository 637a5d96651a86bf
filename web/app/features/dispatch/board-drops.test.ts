import { describe, expect, it } from "vitest";
import { requireBusinessInstant } from "@app/shared/time";
import { buildBoard, type BoardRow } from "./board";
import { dropFields, postedMove, withPendingMove } from "./board-drops";

const FRIDAY = "2026-12-04";
const at = (time: string) => requireBusinessInstant(FRIDAY, time);
const sam = { id: 1, firstName: "Sam", lastName: "Boudreaux", workingDays: [1, 2, 3, 4, 5, 6], isActive: true };
const row = (id: number, time: string, technician: typeof sam | null, needsPlacing = false): BoardRow => ({
  id,
  summary: "Outlet repair",
  priority: "medium",
  status: "pending",
  scheduledDate: at(time),
  durationMinutes: 120,
  needsPlacing,
  address: null,
  technicianId: technician?.id ?? null,
  technicianDroppedAt: null,
  customerId: id,
  customer: null,
  technician,
});
const board = buildBoard({
  date: FRIDAY,
  view: "day",
  dates: [FRIDAY],
  technicians: [sam],
  rows: [row(7, "09:00", null, true), row(8, "14:00", sam)],
});
const [request] = board.unassigned;
const scheduled = board.technicians[0]!.visits[0]!;

describe("a drop on the board", () => {
  it("asks for the window dropped on, with that lane's technician", () => {
    const target = { technicianId: 1, date: FRIDAY, window: "10:00", label: "Sam Boudreaux, 10 AM – 12 PM" };
    expect(dropFields(request!, target)).toEqual({ date: FRIDAY, window: "10:00", time: "", technicianId: "1" });
  });

  it("keeps the time when dropped on a lane or the Unassigned column, and is nothing where it already was", () => {
    const unassign = { technicianId: null, date: null, window: null, label: "Unassigned" };
    expect(dropFields(scheduled, unassign)).toEqual({ date: FRIDAY, window: "14:00", time: "", technicianId: "" });
    expect(dropFields(request!, { ...unassign, technicianId: 1 })).toEqual({
      date: FRIDAY,
      window: "",
      time: "09:00",
      technicianId: "1",
    });
    expect(dropFields(scheduled, { technicianId: 1, date: FRIDAY, window: "14:00", label: "" })).toBeNull();
  });

  it("shows the card where it goes while the move is on its way", () => {
    const fields = { date: FRIDAY, window: "10:00", time: "", technicianId: "1" };
    const pending = withPendingMove(board, request!.id, fields);
    expect(pending.unassigned).toEqual([]);
    expect(pending.technicians[0]!.visits.map((v) => [v.id, v.window])).toEqual([
      [7, "10:00"],
      [8, "14:00"],
    ]);
  });

  it("reads the move a post carries, and nothing else", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "move-visit", bookingId: "7", date: FRIDAY, window: "10:00" }))
      form.set(k, v);
    expect(postedMove(form)).toEqual({
      bookingId: 7,
      fields: { date: FRIDAY, window: "10:00", time: "", technicianId: "" },
    });
    expect(postedMove({ intent: "assign-technician", bookingId: "7", date: FRIDAY })).toBeNull();
    expect(postedMove(null)).toBeNull();
  });
});
