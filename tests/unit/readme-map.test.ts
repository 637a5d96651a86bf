/**
 * The root README's map stays true: scripts/check-readme-map.mjs (run by `npm run lint`) passes
 * on the README as it is, and names what a README gets wrong.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkReadmeMap } from "../../scripts/check-readme-map.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");

describe("README map", () => {
  it("names only what exists, and every folder it owes a line", () => {
    expect(checkReadmeMap(readme, root)).toEqual({ missing: [], unnamed: [] });
  });

  it("fails on a made-up path, in the map or quoted in the text, naming it", () => {
    const made = readme
      .replace("  src/jobs.ts ", "  src/made-up.ts ")
      .replace("`web/app/root.tsx`", "`web/app/made-up-root.tsx`");
    expect(checkReadmeMap(made, root).missing).toEqual(["packages/shared/src/made-up.ts", "web/app/made-up-root.tsx"]);
  });

  it("fails on a folder the map does not name", () => {
    const { unnamed } = checkReadmeMap(readme.replace(/^ {2}app\/utils\/ .*\n/m, ""), root);
    expect(unnamed).toEqual(["web/app/utils"]);
  });
});
