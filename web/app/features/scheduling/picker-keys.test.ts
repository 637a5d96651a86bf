import { describe, expect, it } from "vitest";
import type { WindowDay } from "@app/shared/scheduling/window-days";
import { pickerKey, pickerTabStop } from "./picker-keys";

// Two weeks from Sunday 2031-03-02: open on the 3rd, 5th, 6th, 12th and 14th; the rest full, past or closed.
const OPEN = new Set([3, 5, 6, 12, 14]);
const days: WindowDay[] = Array.from({ length: 14 }, (_, i) => {
  const day = i + 2;
  const open = OPEN.has(day);
  return {
    date: `2031-03-${String(day).padStart(2, "0")}`,
    weekday: i % 7,
    state: open ? "open" : day === 4 ? "full" : "closed",
    open: open ? 2 : 0,
    reason: null,
  };
});

describe("the window picker's keys", () => {
  it("move to the next and previous open day with Right and Left, skipping the others", () => {
    expect(pickerKey(days, "2031-03-03", "ArrowRight")).toBe("2031-03-05");
    expect(pickerKey(days, "2031-03-05", "ArrowLeft")).toBe("2031-03-03");
    expect(pickerKey(days, "2031-03-06", "ArrowRight")).toBe("2031-03-12");
  });

  it("move a week with Down and Up, to the nearest open day beyond it", () => {
    expect(pickerKey(days, "2031-03-05", "ArrowDown")).toBe("2031-03-12");
    expect(pickerKey(days, "2031-03-14", "ArrowUp")).toBe("2031-03-06");
    expect(pickerKey(days, "2031-03-12", "ArrowUp")).toBe("2031-03-05");
  });

  it("stay put at the ends, and go to the first and last open day with Home and End", () => {
    expect(pickerKey(days, "2031-03-14", "ArrowRight")).toBeNull();
    expect(pickerKey(days, "2031-03-03", "ArrowLeft")).toBeNull();
    expect(pickerKey(days, "2031-03-03", "ArrowUp")).toBeNull();
    expect(pickerKey(days, "2031-03-12", "ArrowDown")).toBeNull();
    expect(pickerKey(days, "2031-03-06", "Home")).toBe("2031-03-03");
    expect(pickerKey(days, "2031-03-06", "End")).toBe("2031-03-14");
  });

  it("leave other keys and modified keys to the browser", () => {
    expect(pickerKey(days, "2031-03-05", "Tab")).toBeNull();
    expect(pickerKey(days, "2031-03-05", "Enter")).toBeNull();
    expect(pickerKey(days, "2031-03-05", "ArrowRight", { altKey: true })).toBeNull();
    expect(pickerKey(days, "2031-03-05", "Home", { ctrlKey: true })).toBeNull();
  });
});

describe("the days' one Tab stop", () => {
  it("is the chosen day when it is open, else the first open day", () => {
    expect(pickerTabStop(days, "2031-03-12")).toBe("2031-03-12");
    expect(pickerTabStop(days, "2031-03-04")).toBe("2031-03-03");
    expect(pickerTabStop(days, null)).toBe("2031-03-03");
    expect(pickerTabStop([], null)).toBeNull();
  });
});
