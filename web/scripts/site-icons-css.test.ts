import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { siteIconNames } from "../app/components/site/icon-names";
import { ICONS_CSS, siteIconsCss } from "./site-icons-css";

describe("the site's icon stylesheet", () => {
  it("draws every icon the pages name, as written by npm run icons -w web", async () => {
    const css = readFileSync(ICONS_CSS, "utf8");
    expect(css).toBe(await siteIconsCss());
    for (const drawing of Object.values(siteIconNames)) expect(css).toContain(`.i-${drawing} {`);
  });
});
