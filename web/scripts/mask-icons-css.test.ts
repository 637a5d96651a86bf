import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { maskIconNames } from "../app/components/staff/mask-icon-names";
import { ICONS_CSS, maskIconsCss } from "./mask-icons-css";

describe("the dispatch board's mask icons", () => {
  it("draws every icon the pages name, as written by npm run icons -w web", async () => {
    const css = readFileSync(ICONS_CSS, "utf8");
    expect(css).toBe(await maskIconsCss());
    for (const drawing of Object.values(maskIconNames)) expect(css).toContain(`.i-${drawing} {`);
  });
});
