import { describe, expect, it } from "vitest";
import {
  closedBox,
  resultsMessage,
  searchBoxReducer,
  type SearchBoxEvent,
  type SearchBoxState,
} from "./search-box-state";

const run = (events: SearchBoxEvent[], from: SearchBoxState = closedBox) => events.reduce(searchBoxReducer, from);
const key = (k: "ArrowDown" | "ArrowUp" | "Home" | "End", count = 3): SearchBoxEvent => ({
  type: "key",
  key: k,
  count,
});

describe("searchBoxReducer", () => {
  it("opens on typing with nothing active, and closes when the text is cleared", () => {
    expect(run([{ type: "typed", text: "thib" }])).toEqual({ open: true, active: -1 });
    expect(
      run([
        { type: "typed", text: "thib" },
        { type: "typed", text: "  " },
      ]),
    ).toEqual(closedBox);
  });

  it("moves through the results with the arrows, around the ends, and Home and End", () => {
    const typed: SearchBoxEvent = { type: "typed", text: "thib" };
    expect(run([typed, key("ArrowDown")]).active).toBe(0);
    expect(run([typed, key("ArrowDown"), key("ArrowDown"), key("ArrowDown"), key("ArrowDown")]).active).toBe(0);
    expect(run([typed, key("ArrowUp")]).active).toBe(2);
    expect(run([typed, key("ArrowDown"), key("ArrowUp")]).active).toBe(2);
    expect(run([typed, key("End"), key("Home")]).active).toBe(0);
    expect(run([typed, key("ArrowDown", 0)])).toEqual({ open: true, active: -1 });
  });

  it("reopens a closed box on Down, on its first result", () => {
    expect(run([key("ArrowDown")])).toEqual({ open: true, active: 0 });
    expect(run([key("ArrowUp")])).toEqual({ open: true, active: -1 });
    expect(run([key("ArrowDown", 0)])).toEqual({ open: true, active: -1 });
  });

  it("keeps the active result while it still exists, and closes on Escape", () => {
    const at2 = { open: true, active: 2 };
    expect(run([{ type: "results", count: 5 }], at2).active).toBe(2);
    expect(run([{ type: "results", count: 2 }], at2).active).toBe(-1);
    expect(run([{ type: "close" }], at2)).toEqual(closedBox);
  });
});

describe("resultsMessage", () => {
  it("counts the three groups", () => {
    expect(resultsMessage(0, 0, 0)).toBe("No customers, bookings or documents found");
    expect(resultsMessage(1, 3, 0)).toBe("1 customer, 3 bookings and 0 documents found");
    expect(resultsMessage(2, 1, 1)).toBe("2 customers, 1 booking and 1 document found");
    expect(resultsMessage(1, 0, 2)).toBe("1 customer, 0 bookings and 2 documents found");
  });
});
