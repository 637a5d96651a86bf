/**
 * One stack (tests/support/stack.ts, default options) per Vitest worker, for the integration files
 * that need nothing of their own. Starting a database, web and worker costs a file more than most
 * of its tests do; the files that call `sharedStack()` run in the "shared-stack" project of
 * tests/vitest.config.ts, whose workers are kept from one file to the next (`isolate: false`), so
 * the files a worker runs one after another share one stack. Files never share it at the same time.
 *
 * A file on the shared stack must not depend on what other files leave behind, nor leave what
 * would change their answers:
 * - it makes its own data (accounts, customers, visits with unique emails) and counts only its own
 *   rows, or rows before and after one of its own requests;
 * - it reads emails by their recipient or content (`mail.waitFor`/`mail.list(to)`), never by position;
 * - it changes nothing business-wide (settings, closed days, the mail stand-in's faults, env) and
 *   asks nothing whose answer depends on who else works (arrival windows, capacity, the dispatch board):
 *   such files start a stack of their own with `startStack()`.
 *
 * The stack outlives the files that use it: the global setup (tests/global-setup.ts) stops every
 * shared stack of the run at its end, from the list each one writes (`stopSharedStacks`).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dropDatabase } from "./database";
import { deleteRedisPrefix, startStack, type Stack } from "./stack";

const KEY = Symbol.for("bce.test.sharedStack");
type Holder = { [KEY]?: Promise<Stack> };

interface Registered {
  pids: number[];
  serverUrl: string;
  database: string;
  redisUrl: string;
  redisPrefix: string;
}

/** This worker's shared stack, started by the first file that asks. */
export function sharedStack(): Promise<Stack> {
  // On globalThis: a module re-evaluated in the same worker still finds the stack already running.
  const holder = globalThis as Holder;
  holder[KEY] ??= startStack({ name: "shared" }).then(register, (error: unknown) => {
    delete holder[KEY];
    throw error;
  });
  return holder[KEY];
}

function register(stack: Stack): Stack {
  const dir = process.env.TEST_SHARED_STACKS;
  if (dir) {
    const database = new URL(stack.databaseUrl);
    const entry: Registered = {
      pids: [...stack.webs, ...stack.workers].flatMap((p) => (p.child.pid ? [p.child.pid] : [])),
      serverUrl: process.env.TEST_PG_URL!,
      database: database.pathname.slice(1),
      redisUrl: stack.redisUrl,
      redisPrefix: stack.redisPrefix,
    };
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${stack.redisPrefix}.json`), JSON.stringify(entry));
  }
  return stack;
}

/** Stops the shared stacks a run started (their processes, database and Redis keys), once every file has run. */
export async function stopSharedStacks(dir: string): Promise<void> {
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".json"));
  } catch {
    return; // no file asked for one
  }
  for (const name of names) {
    const entry = JSON.parse(readFileSync(path.join(dir, name), "utf8")) as Registered;
    for (const pid of entry.pids) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // ended already
      }
    }
    await dropDatabase(entry.serverUrl, entry.database);
    await deleteRedisPrefix(entry.redisUrl, entry.redisPrefix).catch(() => {});
  }
  rmSync(dir, { recursive: true, force: true });
}
