import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ManagedProcess } from "./processes";

/**
 * The test's side of the controllable clock (tests/support/test-clock.mjs):
 * start a stack with `clock.env` and its processes live at `startAt`; `set`
 * moves them all to another instant (time flows on from there) and returns
 * once each process has applied it.
 */
export interface TestClock {
  /** Environment for the stack's processes (both web and worker). */
  env: Record<string, string>;
  /** The processes' time now. */
  now(): Date;
  set(instant: Date, processes: readonly ManagedProcess[]): Promise<void>;
  dispose(): Promise<void>;
}

const PRELOAD = path.join(import.meta.dirname, "test-clock.mjs");

export async function createTestClock(startAt: Date): Promise<TestClock> {
  const dir = await mkdtemp(path.join(tmpdir(), "bce-clock-"));
  const file = path.join(dir, "offset");
  let offset = startAt.getTime() - Date.now();
  await writeFile(file, String(offset));
  return {
    env: { NODE_OPTIONS: `--import ${pathToFileURL(PRELOAD).href}`, TEST_CLOCK_FILE: file },
    now: () => new Date(Date.now() + offset),
    async set(instant, processes) {
      offset = instant.getTime() - Date.now();
      await writeFile(file, String(offset));
      const live = processes.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
      for (const p of live) p.child.kill("SIGUSR2");
      const deadline = Date.now() + 10_000;
      for (const p of live) {
        while ((await readFile(`${file}.${p.child.pid}`, "utf8").catch(() => "")) !== String(offset)) {
          if (Date.now() > deadline) throw new Error(`${p.name} did not take the new time`);
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}
