import { describe, expect, it } from "vitest";
import { outcomeAt } from "./use-action-outcome";

describe("the outcome of a page's own form post on a page that reloads live", () => {
  const replied = { ok: true, message: "Reply sent." };

  it("shows the action's answer while Remix holds it", () => {
    expect(outcomeAt(null, replied, "k1")).toBe(replied);
  });

  it("stays when a live refresh (same location) drops the action's data", () => {
    expect(outcomeAt({ data: replied, locationKey: "k1" }, undefined, "k1")).toBe(replied);
  });

  it("goes with the next navigation", () => {
    expect(outcomeAt({ data: replied, locationKey: "k1" }, undefined, "k2")).toBeUndefined();
  });

  it("the next post's answer replaces it", () => {
    const taken = { ok: true, message: "You have taken this conversation over." };
    expect(outcomeAt({ data: replied, locationKey: "k1" }, taken, "k2")).toBe(taken);
  });
});
