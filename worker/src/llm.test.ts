import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { frameDeltas } from "./llm";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
});
afterEach(() => {
  vi.useRealTimers();
});

it("sends the first piece at once and gathers the rest of a frame into one delta", () => {
  const sent: string[] = [];
  const frames = frameDeltas((d) => sent.push(d), 25);
  frames.push("Call ");
  expect(sent).toEqual(["Call "]);
  frames.push("(225) ");
  frames.push("555-");
  frames.push("0100 ");
  expect(sent).toEqual(["Call "]);
  vi.advanceTimersByTime(25);
  expect(sent).toEqual(["Call ", "(225) 555-0100 "]);
  // A piece after a quiet frame goes at once again.
  vi.advanceTimersByTime(100);
  frames.push("now.");
  expect(sent).toEqual(["Call ", "(225) 555-0100 ", "now."]);
});

it("flushes what is left at the end, and discards it when told to", () => {
  const sent: string[] = [];
  const frames = frameDeltas((d) => sent.push(d), 25);
  frames.push("a");
  frames.push("b");
  frames.flush();
  expect(sent).toEqual(["a", "b"]);
  frames.push("c");
  frames.discard();
  vi.advanceTimersByTime(100);
  expect(sent).toEqual(["a", "b"]);
  expect(sent.join("")).toBe("ab");
});
