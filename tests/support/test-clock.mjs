/**
 * A controllable clock for a test's web and worker processes, loaded with
 * `node --import` (tests/support/clock.ts sets that up; never in production).
 * The process's `Date` runs `offset` ms ahead of the machine's clock (time
 * still flows); the offset is read from TEST_CLOCK_FILE at start and again on
 * SIGUSR2, and acknowledged in `<file>.<pid>` so the test knows it applied.
 * Everything in the process that reads the time (the app, Prisma, BullMQ's
 * delays) sees the same moved clock, as if the test ran at that moment.
 */
import { readFileSync, writeFileSync } from "node:fs";

const file = process.env.TEST_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  let offset = 0;
  const read = () => {
    offset = Number(readFileSync(file, "utf8").trim()) || 0;
    writeFileSync(`${file}.${process.pid}`, String(offset));
  };
  read();
  process.on("SIGUSR2", read);
  const now = () => RealDate.now() + offset;
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [now()], newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, property, receiver) => (property === "now" ? now : Reflect.get(target, property, receiver)),
  });
}
