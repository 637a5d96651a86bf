import { describe, expect, it } from "vitest";
import { centeredOn, nearestInDirection, type Box } from "./keyboard-moves";

const box = (left: number, top: number, width = 100, height = 50): Box => ({ left, top, width, height });

describe("keyboard moves on the board", () => {
  // Two lanes of three slots, and the Unassigned column on the left.
  const slots = new Map<string, Box>([
    ["unassigned", box(0, 0, 100, 200)],
    ["sam-8", box(200, 0)],
    ["sam-10", box(300, 0)],
    ["sam-12", box(400, 0)],
    ["jo-8", box(200, 100)],
    ["jo-10", box(300, 100)],
    ["jo-12", box(400, 100)],
  ]);

  it("goes to the next slot along a lane, and down to the next lane", () => {
    expect(nearestInDirection(slots.get("sam-8")!, slots, "ArrowRight", "sam-8")).toBe("sam-10");
    expect(nearestInDirection(slots.get("sam-10")!, slots, "ArrowDown", "sam-10")).toBe("jo-10");
    expect(nearestInDirection(slots.get("jo-10")!, slots, "ArrowUp", "jo-10")).toBe("sam-10");
    expect(nearestInDirection(slots.get("sam-8")!, slots, "ArrowLeft", "sam-8")).toBe("unassigned");
  });

  it("stays put at an edge", () => {
    expect(nearestInDirection(slots.get("sam-12")!, slots, "ArrowRight", "sam-12")).toBeNull();
    expect(nearestInDirection(slots.get("sam-10")!, slots, "ArrowUp", "sam-10")).toBeNull();
  });

  it("centers the card on the place it goes to", () => {
    expect(centeredOn(box(0, 0, 80, 20), box(300, 100))).toEqual({ x: 310, y: 115 });
  });
});
