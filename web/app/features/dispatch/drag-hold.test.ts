import { describe, expect, it } from "vitest";
import { dragEnded, dragStarted, holdForDrag } from "./drag-hold";

describe("the board holds still while a card is dragged", () => {
  it("lets live reloads through when nothing is dragged", () => {
    expect(holdForDrag()).toBe(false);
    expect(dragEnded()).toBe(false);
  });

  it("holds a reload during a drag and says so when the drag ends, once", () => {
    dragStarted();
    expect(holdForDrag()).toBe(true);
    expect(holdForDrag()).toBe(true);
    expect(dragEnded()).toBe(true);
    expect(holdForDrag()).toBe(false);
    expect(dragEnded()).toBe(false);
  });

  it("a drag with no reload meanwhile has nothing to catch up", () => {
    dragStarted();
    expect(dragEnded()).toBe(false);
  });
});
