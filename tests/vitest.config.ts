import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "..");

/** The integration files on a worker's shared stack: those that call sharedStack() (tests/support/shared-stack.ts). */
const sharedStackFiles = readdirSync(path.join(root, "tests/integration"))
  .filter((name) => name.endsWith(".test.ts"))
  .map((name) => `tests/integration/${name}`)
  .filter((file) => readFileSync(path.join(root, file), "utf8").includes("sharedStack()"));

export default defineConfig({
  root,
  resolve: { alias: { "~": path.join(root, "web/app") } },
  test: {
    exclude: ["**/node_modules/**", "**/build/**", "**/dist/**"],
    globalSetup: [path.join(root, "tests/global-setup.ts")],
    pool: "forks",
    maxWorkers: 2,
    // A file's beforeAll, and many tests of their own (faults, a second web process), start a whole stack:
    // a database copied from the template, web and worker processes, waiting until ready. On a machine
    // shared with other heavy work that took over 60 s. A test or hook that hangs still fails, two minutes in.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // What a test waits for through the worker (an email, a live event) arrives when the worker gets to
    // it, later on a busy machine: a poll waits up to 15 s instead of Vitest's 1 s (it ends at the first pass).
    expect: { poll: { timeout: 15_000 } },
    reporters: ["default"],
    projects: [
      {
        extends: true,
        test: {
          name: "isolated",
          include: [
            "packages/**/*.test.ts",
            "web/**/*.test.ts",
            "worker/**/*.test.ts",
            "tests/unit/**/*.test.ts",
            "tests/integration/**/*.test.ts",
          ],
          exclude: ["**/node_modules/**", "**/build/**", "**/dist/**", ...sharedStackFiles],
        },
      },
      // A worker runs these one after another in one process, which keeps its stack between them.
      { extends: true, test: { name: "shared-stack", include: sharedStackFiles, isolate: false } },
    ],
  },
});
