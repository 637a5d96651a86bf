/**
 * `npm run bench`: builds nothing itself (the script builds first), starts the
 * production build of web and worker against real PostgreSQL and Redis, runs
 * every benchmark, prints one table, and writes docs/benchmarks.md.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { format } from "prettier";
import testGlobalSetup from "../global-setup";
import { productionEnv, startStack } from "../support/stack";
import { benchAdmin } from "./admin";
import { benchChat, benchChatAtScale } from "./chat";
import { benchContact } from "./contact";
import { benchEmails } from "./emails";
import { benchSsr } from "./ssr";
import type { BenchRow } from "./stats";

process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/postgres";
process.env.REDIS_URL ??= "redis://127.0.0.1:6379";

const teardown = await testGlobalSetup();
// Production mode (React's production build, no dev checks), as customers get it.
const stack = await startStack({
  name: "bench",
  // The sweeper at its production pace (the test stack's is much quicker), as the email latency is measured.
  env: {
    ...productionEnv(),
    CHAT_STREAM_DELAY_MS: "0",
    SHUTDOWN_DELAY_MS: "0",
    SWEEP_INTERVAL_MS: "30000",
    SWEEP_GRACE_MS: "60000",
  },
  webEnv: { LOG_LEVEL: "warn" },
});
// `npm run bench -- chat ssr` runs only those (`-- chat chat-scale`: the chat on a fresh database, then at 100,000 bookings) (and leaves docs/benchmarks.md alone).
const benches: Record<string, (s: typeof stack) => Promise<BenchRow[]>> = {
  ssr: benchSsr,
  contact: benchContact,
  emails: benchEmails,
  chat: benchChat,
  admin: benchAdmin,
  // After the staff benchmarks, on the history they seeded (or seeding it, when run alone).
  "chat-scale": benchChatAtScale,
};
const only = process.argv.slice(2);
for (const name of only)
  if (!(name in benches))
    throw new Error(`unknown benchmark "${name}"; choose from ${Object.keys(benches).join(", ")}`);
const rows: BenchRow[] = [];
try {
  for (const [name, bench] of Object.entries(benches))
    if (!only.length || only.includes(name)) rows.push(...(await bench(stack)));
} finally {
  await stack.stop();
  await teardown();
}

const header = ["benchmark", "metric", "value", "goal"];
const table = [header, ...rows.map((r) => [r.benchmark, r.metric, r.value, r.goal ?? ""])];
const widths = header.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
console.log("\n" + table.map((row) => row.map((c, i) => c.padEnd(widths[i]!)).join("  ")).join("\n") + "\n");

if (only.length) process.exit(0);
// What people wrote about the figures (a "## " section after the table) is kept across runs.
const docPath = path.resolve(import.meta.dirname, "../../docs/benchmarks.md");
const previous = existsSync(docPath) ? readFileSync(docPath, "utf8") : "";
const notesAt = previous.search(/^## /m);
const notes = notesAt >= 0 ? previous.slice(notesAt) : "";
const date = new Date().toISOString().slice(0, 10);
const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const md = [
  "# Benchmarks",
  "",
  `Measured ${date} on ${machine}, with \`npm run bench\` (production build of web and worker, real PostgreSQL and Redis, email provider stand-in on loopback).`,
  "",
  "| benchmark | metric | value | goal |",
  "|---|---|---|---|",
  ...rows.map((r) => `| ${r.benchmark} | ${r.metric} | ${r.value} | ${r.goal ?? ""} |`),
  "",
  "Figures vary from run to run by roughly ±15% on this 2-core machine; the goals are checked by reading this table, never by timed tests.",
  "",
  notes,
].join("\n");
// Written as Prettier writes it, so the repository's format check passes on what a run wrote.
writeFileSync(docPath, await format(md, { parser: "markdown" }));
console.log("written to docs/benchmarks.md");
