import { describe, expect, it } from "vitest";
import { calendarKey, tabStopDay } from "./calendar-keys";

const to = (date: string) => ({ type: "move", date });

describe("the calendar's keys", () => {
  // March 2031: the 1st is a Saturday, the 12th a Wednesday, the 31st a Monday.
  it("move a day with Left and Right, a week with Up and Down", () => {
    expect(calendarKey("2031-03-12", "ArrowLeft")).toEqual(to("2031-03-11"));
    expect(calendarKey("2031-03-12", "ArrowRight")).toEqual(to("2031-03-13"));
    expect(calendarKey("2031-03-12", "ArrowUp")).toEqual(to("2031-03-05"));
    expect(calendarKey("2031-03-12", "ArrowDown")).toEqual(to("2031-03-19"));
  });

  it("cross into the neighbouring month at its edges", () => {
    expect(calendarKey("2031-03-01", "ArrowLeft")).toEqual(to("2031-02-28"));
    expect(calendarKey("2031-03-31", "ArrowRight")).toEqual(to("2031-04-01"));
    expect(calendarKey("2031-03-03", "ArrowUp")).toEqual(to("2031-02-24"));
    expect(calendarKey("2031-12-29", "ArrowDown")).toEqual(to("2032-01-05"));
  });

  it("go to the start and end of the week with Home and End, staying in the month", () => {
    expect(calendarKey("2031-03-12", "Home")).toEqual(to("2031-03-09"));
    expect(calendarKey("2031-03-12", "End")).toEqual(to("2031-03-15"));
    // The first week starts on Saturday the 1st; the last ends on Monday the 31st.
    expect(calendarKey("2031-03-01", "Home")).toEqual(to("2031-03-01"));
    expect(calendarKey("2031-03-31", "End")).toEqual(to("2031-03-31"));
    expect(calendarKey("2031-03-31", "Home")).toEqual(to("2031-03-30"));
  });

  it("go to the same day of the previous or next month with Page Up and Page Down, or its last day", () => {
    expect(calendarKey("2031-03-12", "PageUp")).toEqual(to("2031-02-12"));
    expect(calendarKey("2031-03-12", "PageDown")).toEqual(to("2031-04-12"));
    expect(calendarKey("2031-03-31", "PageUp")).toEqual(to("2031-02-28"));
    expect(calendarKey("2032-01-31", "PageDown")).toEqual(to("2032-02-29"));
    expect(calendarKey("2031-12-15", "PageDown")).toEqual(to("2032-01-15"));
    expect(calendarKey("2031-01-15", "PageUp")).toEqual(to("2030-12-15"));
  });

  it("open the day with Enter or Space, and leave other keys and modified keys to the browser", () => {
    expect(calendarKey("2031-03-12", "Enter")).toEqual({ type: "open" });
    expect(calendarKey("2031-03-12", " ")).toEqual({ type: "open" });
    expect(calendarKey("2031-03-12", "Tab")).toBeNull();
    expect(calendarKey("2031-03-12", "a")).toBeNull();
    expect(calendarKey("2031-03-12", "ArrowLeft", { altKey: true })).toBeNull();
    expect(calendarKey("2031-03-12", "Home", { ctrlKey: true })).toBeNull();
    expect(calendarKey("2031-03-12", "PageDown", { metaKey: true })).toBeNull();
  });
});

describe("the month's one Tab stop", () => {
  it("is the day moved to or chosen, else today, else the 1st", () => {
    expect(tabStopDay("2031-03", "2031-03-20", "2031-03-12")).toBe("2031-03-20");
    expect(tabStopDay("2031-03", "2031-04-20", "2031-03-12")).toBe("2031-03-12");
    expect(tabStopDay("2031-03", null, "2031-03-12")).toBe("2031-03-12");
    expect(tabStopDay("2031-04", null, "2031-03-12")).toBe("2031-04-01");
  });
});
