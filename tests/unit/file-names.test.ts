/**
 * One name, one file: no two files of the production source (web/, worker/, packages/, prisma/)
 * share a file name, so a name found in a log, a stack trace or a review leads to one file. The
 * conventions that name a file by its role are the exceptions: Remix's `route.tsx`, each
 * workspace's `package.json` and `build.mjs`, each folder's `README.md` and `index.ts`, each
 * feature's `public.server.ts` (what it offers the others), and Prisma's `migration.sql`. Tests are not production source.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const SOURCE = /^(web|worker|packages|prisma)\//;
const BY_ROLE = new Set([
  "route.tsx",
  "package.json",
  "build.mjs",
  "README.md",
  "index.ts",
  "public.server.ts",
  "migration.sql",
]);

describe("file names", () => {
  it("name one file each in the production source", () => {
    const files = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" })
      .split("\n")
      .filter((file) => SOURCE.test(file) && !/\.test\.tsx?$/.test(file));
    const byName = new Map<string, string[]>();
    for (const file of files) {
      const name = path.posix.basename(file);
      if (!BY_ROLE.has(name)) byName.set(name, [...(byName.get(name) ?? []), file]);
    }
    const shared = [...byName.values()].filter((paths) => paths.length > 1);
    expect(shared).toEqual([]);
    expect(files.length).toBeGreaterThan(100);
  });
});
