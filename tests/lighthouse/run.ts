/**
 * Mobile Lighthouse on every public page, against the production build
 * (docs/product.md#performance-budgets; docs/decisions/015-lighthouse-budget-without-rewrites.md,
 * 019-lighthouse-calibrated-cpu.md, 025-public-pages-without-app-scripts.md).
 *
 *   npm run build && npm run lighthouse            # WEB_BUILD_DIR / WORKER_DIST_DIR are honoured
 *   npm run lighthouse -- --runs 5                 # calibrated runs per page (every one is judged)
 *   npm run lighthouse -- --default-runs 3         # runs per page at Lighthouse's default 4× beside them (0: none)
 *   npm run lighthouse -- --cpu-slowdown 4         # a fixed CPU slowdown instead of the calibrated one
 *   npm run lighthouse -- --pages /,/contact       # some pages only
 *   npm run lighthouse -- --reuse-reports --machine-index 1147
 *                                                  # the table again from the last run's saved reports
 *                                                  # (its calibration given), the counters measured anew
 *
 * It builds nothing. It prepares PostgreSQL and Redis the way the test suites
 * do (tests/global-setup.ts), starts the built web and worker with
 * tests/support/stack.ts in production mode, and for each public page:
 * - audits it in Debian's Chromium with Lighthouse's default mobile settings (emulated phone,
 *   simulated slow 4G) at the CPU slowdown calibrated to this machine (three runs of the home page
 *   measure it first: Lighthouse's 4× turns a fast desktop into a mid-tier phone and a slower
 *   machine into a slower phone than that), and at Lighthouse's default 4× beside it;
 * - reads Chromium's own counters (Performance.getMetrics), unthrottled, over five fresh loads at
 *   390 px with the page's scripts and five without: the main thread's work and its style
 *   recalculation, so what the scripts cost is seen apart from what the HTML and CSS cost.
 * It prints the table and writes docs/lighthouse.md; full JSON reports are kept in
 * tests/.results/lighthouse/. It reports the budgets but never fails on them: these are
 * measurements, not tests.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import { chromium } from "playwright-core";
import lighthouse from "lighthouse";
import { format } from "prettier";
import testGlobalSetup from "../global-setup";
import { ROOT } from "../support/processes";
import { productionEnv, startStack } from "../support/stack";

const SERVICES = ["commercial", "emergency", "generator", "lighting", "panel-upgrades", "residential"];
/** Every public page: the marketing pages, the contact and sign-in pages, and a page that does not exist. */
const PAGES = [
  "/",
  "/about",
  "/services",
  ...SERVICES.map((s) => `/services/${s}`),
  "/contact",
  "/login",
  "/no-such-page",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
/** The budget (docs/product.md#performance-budgets): every calibrated run, and every run at Lighthouse's default 4×. */
const BUDGET = {
  calibrated: { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 } as Record<Category, number>,
  defaultPerformance: 98,
  tbtMs: 50,
  scriptKiB: 15,
  styleKiB: 12,
  /** Unthrottled main-thread work with the page's scripts, against the same page without them. */
  mainThreadRatio: 1.3,
};
const DEFAULT_SLOWDOWN = 4;
const COUNTER_LOADS = 5;

const REPORT_DIR = path.join(ROOT, "tests/.results/lighthouse");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// Without the background-networking flags headless Chromium keeps calling home.
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

interface Run {
  scores: Record<Category, number>;
  metrics: { fcp: string; lcp: string; si: string; cls: string };
  tbtMs: number;
  /** Compressed JavaScript and CSS as transferred (a fresh profile: everything the page asked for without a tap). */
  scriptBytes: number;
  styleBytes: number;
  /** Lighthouse's CPU benchmark for the run: lower means a busier machine and slower-looking pages. */
  benchmarkIndex: number;
  failing: string[];
}

/** Chromium's counters for a page, medians of fresh loads, in milliseconds. */
interface Counters {
  withScripts: { mainThread: number; recalcStyle: number };
  withoutScripts: { mainThread: number; recalcStyle: number };
}

interface PageResult {
  path: string;
  calibrated: Run[];
  atDefault: Run[];
  counters: Counters;
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/**
 * The CPU slowdown that makes a machine of this Lighthouse benchmark index a mid-tier phone: the
 * calibration Lighthouse documents for its simulated throttling (4× at an index of about 1,533, a
 * fast desktop; 2× at 800; 1× at 150 and below, a machine already as slow as that phone).
 */
function cpuSlowdownFor(benchmarkIndex: number): number {
  const slowdown =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + (benchmarkIndex - 150) / 650;
  return Math.max(1, Math.round(slowdown * 10) / 10);
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

async function auditOnce(url: string, cpuSlowdown: number): Promise<Lhr> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), "lh-chromium-"));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    userDataDir,
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      throttling: { cpuSlowdownMultiplier: cpuSlowdown },
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** What a run's report says against the budget. */
function runOf(lhr: Lhr): Run {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const audit = (id: string) => lhr.audits[id];
  const summary = audit("resource-summary")?.details as
    { items?: Array<{ resourceType: string; transferSize: number }> } | undefined;
  const transferred = (type: string) => summary?.items?.find((i) => i.resourceType === type)?.transferSize ?? 0;
  // Every audit that counts towards a category score and did not pass.
  const failing = CATEGORIES.flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => audit(ref.id))
      .filter((a) => a && a.score !== null && a.score < 1 && !(c === "performance" && a.scoreDisplayMode === "numeric"))
      .map((a) => `${c}: ${a!.id} (${a!.title})`),
  );
  return {
    scores,
    metrics: {
      fcp: audit("first-contentful-paint")?.displayValue ?? "",
      lcp: audit("largest-contentful-paint")?.displayValue ?? "",
      si: audit("speed-index")?.displayValue ?? "",
      cls: audit("cumulative-layout-shift")?.displayValue ?? "",
    },
    tbtMs: Math.round(audit("total-blocking-time")?.numericValue ?? 0),
    scriptBytes: transferred("script"),
    styleBytes: transferred("stylesheet"),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex ?? 0),
    failing,
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART and the like): such a run is tried again, twice at most. */
async function withRetry<T>(attempt: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= tries) throw error;
      console.log(`  (retrying after: ${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

/**
 * Several Lighthouse runs of one page at one slowdown, each kept in full in tests/.results/lighthouse/
 * (open one in the Lighthouse viewer to dig into a score). With `reuse`, the last run's reports are
 * read again instead (`--reuse-reports`).
 */
async function auditRuns(
  baseUrl: string,
  pagePath: string,
  runs: number,
  cpuSlowdown: number,
  tag: string,
  reuse: boolean,
) {
  const results: Run[] = [];
  for (let i = 0; i < runs; i++) {
    const file = path.join(REPORT_DIR, `${pagePath.replace(/\//g, "_") || "_"}-${tag}-${i + 1}.json`);
    let lhr: Lhr;
    if (reuse) lhr = JSON.parse(readFileSync(file, "utf8")) as Lhr;
    else {
      lhr = await withRetry(() => auditOnce(new URL(pagePath, baseUrl).href, cpuSlowdown));
      mkdirSync(REPORT_DIR, { recursive: true });
      writeFileSync(file, JSON.stringify(lhr));
    }
    const r = runOf(lhr);
    results.push(r);
    console.log(
      `  ${pagePath} ${cpuSlowdown}× run ${i + 1}/${runs}: ${CATEGORIES.map((c) => `${c} ${r.scores[c]}`).join(", ")}, TBT ${r.tbtMs} ms (CPU benchmark ${r.benchmarkIndex})`,
    );
  }
  return results;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Chromium's own counters of fresh loads of a page at 390 px, unthrottled: TaskDuration (all the
 * main thread's work) and RecalcStyleDuration, read once the page and what it loads at idle are
 * done; with the page's scripts, and with script execution off (the same HTML and CSS).
 */
async function countersOf(baseUrl: string, pagePath: string): Promise<Counters> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--disable-quic"] });
  try {
    const measure = async (javaScriptEnabled: boolean) => {
      const main: number[] = [];
      const recalc: number[] = [];
      for (let i = 0; i < COUNTER_LOADS; i++) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled });
        try {
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send("Performance.enable", { timeDomain: "threadTicks" });
          await page.goto(new URL(pagePath, baseUrl).href, { waitUntil: "networkidle" });
          // What a page starts once loaded (an idle callback, a prerender's rules) is counted too.
          await page.waitForTimeout(1_000);
          const { metrics } = await cdp.send("Performance.getMetrics");
          const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
          main.push(metric("TaskDuration"));
          recalc.push(metric("RecalcStyleDuration"));
        } finally {
          await context.close();
        }
      }
      return { mainThread: Math.round(median(main)), recalcStyle: Math.round(median(recalc)) };
    };
    return { withScripts: await measure(true), withoutScripts: await measure(false) };
  } finally {
    await browser.close();
  }
}

const CALIBRATION_RUNS = 3;

/** The machine's median benchmark index over a few runs of the home page (their scores are not kept). */
async function measureMachine(baseUrl: string): Promise<number> {
  const indexes: number[] = [];
  for (let i = 0; i < CALIBRATION_RUNS; i++) {
    const lhr = await withRetry(() => auditOnce(new URL("/", baseUrl).href, DEFAULT_SLOWDOWN));
    indexes.push(Math.round(lhr.environment.benchmarkIndex ?? 0));
  }
  indexes.sort((a, b) => a - b);
  console.log(`  calibration: CPU benchmark ${indexes.join(", ")}`);
  return median(indexes);
}

function chromiumVersion() {
  try {
    return execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return CHROMIUM;
  }
}

function lighthouseVersion(): string {
  return (createRequire(import.meta.url)("lighthouse/package.json") as { version: string }).version;
}

const kib = (bytes: number) => bytes / 1024;
const kb = (bytes: number) => `${kib(bytes).toFixed(1)} KiB`;
const ok = (pass: boolean) => (pass ? "✓" : "✗");
const ratioOf = (c: Counters) => c.withScripts.mainThread / Math.max(1, c.withoutScripts.mainThread);

/** Each budget line of a page, passed or not. */
function verdicts(r: PageResult) {
  const runs = [...r.calibrated, ...r.atDefault];
  return {
    calibrated:
      r.calibrated.length > 0 &&
      r.calibrated.every((x) => CATEGORIES.every((c) => x.scores[c] >= BUDGET.calibrated[c])),
    atDefault: r.atDefault.every((x) => x.scores.performance >= BUDGET.defaultPerformance),
    // Judged where the phone is the budget's phone: at the calibrated slowdown (decision 019); the 4× figure is reported beside it.
    tbt: r.calibrated.every((x) => x.tbtMs <= BUDGET.tbtMs),
    script: runs.every((x) => kib(x.scriptBytes) <= BUDGET.scriptKiB),
    style: runs.every((x) => kib(x.styleBytes) <= BUDGET.styleKiB),
    mainThread: ratioOf(r.counters) <= BUDGET.mainThreadRatio,
  };
}
/** A page Lighthouse cannot audit (the 404) is judged by its counters alone. */
const meetsAll = (r: PageResult) =>
  r.calibrated.length === 0 ? verdicts(r).mainThread : Object.values(verdicts(r)).every(Boolean);

function scoresTable(results: PageResult[], slowdown: number) {
  const runsOf = (runs: Run[], pick: (x: Run) => number) => runs.map(pick).join(", ");
  const lines = [
    `| page | performance, every run at ${slowdown}× | at the default 4× | TBT (ms), ${slowdown}× / 4× | accessibility · best practices · SEO | FCP · LCP · SI · CLS (median run, ${slowdown}×) | JS · CSS (compressed) | CPU benchmark, each run |`,
    "|---|---|---|---|---|---|---|---|",
    ...results.map((r) => {
      if (r.calibrated.length === 0)
        return `| \`${r.path}\` | not audited: Lighthouse refuses an error answer (404); Chromium's counters below | | | | | | |`;
      const v = verdicts(r);
      const mid = [...r.calibrated].sort((a, b) => a.scores.performance - b.scores.performance)[
        Math.floor(r.calibrated.length / 2)
      ]!;
      const other = (c: Category) => Math.min(...r.calibrated.map((x) => x.scores[c]));
      return `| \`${r.path}\` | ${runsOf(r.calibrated, (x) => x.scores.performance)} ${ok(v.calibrated)} | ${
        r.atDefault.length ? `${runsOf(r.atDefault, (x) => x.scores.performance)} ${ok(v.atDefault)}` : "not run"
      } | ${Math.max(...r.calibrated.map((x) => x.tbtMs))} / ${
        r.atDefault.length ? Math.max(...r.atDefault.map((x) => x.tbtMs)) : "–"
      } ${ok(v.tbt)} | ${other("accessibility")} · ${other("best-practices")} · ${other("seo")} | ${mid.metrics.fcp} · ${
        mid.metrics.lcp
      } · ${mid.metrics.si} · ${mid.metrics.cls} | ${kb(Math.max(...r.calibrated.map((x) => x.scriptBytes)))} ${ok(v.script)} · ${kb(
        Math.max(...r.calibrated.map((x) => x.styleBytes)),
      )} ${ok(v.style)} | ${runsOf(r.calibrated, (x) => x.benchmarkIndex)}${
        r.atDefault.length ? ` / ${runsOf(r.atDefault, (x) => x.benchmarkIndex)}` : ""
      } |`;
    }),
  ];
  return lines.join("\n");
}

function countersTable(results: PageResult[]) {
  const lines = [
    "| page | main thread with scripts (ms) | without (ms) | ratio | style recalculation with scripts (ms) | without (ms) |",
    "|---|---|---|---|---|---|",
    ...results.map(
      ({ path: p, counters: c }) =>
        `| \`${p}\` | ${c.withScripts.mainThread} | ${c.withoutScripts.mainThread} | ${ratioOf(c).toFixed(2)} ${ok(
          ratioOf(c) <= BUDGET.mainThreadRatio,
        )} | ${c.withScripts.recalcStyle} | ${c.withoutScripts.recalcStyle} |`,
    ),
  ];
  return lines.join("\n");
}

async function main() {
  const runs = Math.max(1, Number(argValue("--runs") ?? 5));
  const defaultRuns = Math.max(0, Number(argValue("--default-runs") ?? 3));
  const fixedSlowdown = argValue("--cpu-slowdown");
  const reuse = process.argv.includes("--reuse-reports");
  const pages = argValue("--pages")?.split(",") ?? PAGES;
  const webBuild = path.join(ROOT, "web", process.env.WEB_BUILD_DIR ?? "build", "server.js");
  const workerBuild = path.join(ROOT, "worker", process.env.WORKER_DIST_DIR ?? "dist", "index.js");
  for (const file of [webBuild, workerBuild]) {
    if (!existsSync(file))
      throw new Error(
        `${path.relative(ROOT, file)} is missing: run \`npm run build\` first (this script builds nothing).`,
      );
  }
  if (!existsSync(CHROMIUM))
    throw new Error(`No Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH).`);
  // The local services `npm run dev` uses (see the README), unless the caller points elsewhere.
  process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/postgres";
  process.env.REDIS_URL ??= "redis://127.0.0.1:6379";

  const teardownServices = await testGlobalSetup();
  const stack = await startStack({ name: "lighthouse", env: productionEnv() });
  const results: PageResult[] = [];
  let machineIndex: number | undefined;
  let cpuSlowdown: number;
  try {
    console.log(`Lighthouse (mobile) against ${stack.url}: ${runs} run(s) per page, and ${defaultRuns} at 4×`);
    if (fixedSlowdown) cpuSlowdown = Number(fixedSlowdown);
    else {
      machineIndex = reuse ? Number(argValue("--machine-index")) : await measureMachine(stack.url);
      if (!(machineIndex > 0)) throw new Error("--reuse-reports needs --machine-index: the last run's calibration");
      cpuSlowdown = cpuSlowdownFor(machineIndex);
    }
    console.log(`  CPU slowdown ${cpuSlowdown}×`);
    for (const page of pages) {
      // Lighthouse refuses to audit an error answer (ERRORED_DOCUMENT_REQUEST): the not-found page gets the counters only.
      const audited = (await fetch(new URL(page, stack.url))).ok;
      const calibrated = audited ? await auditRuns(stack.url, page, runs, cpuSlowdown, "calibrated", reuse) : [];
      const atDefault = audited
        ? await auditRuns(stack.url, page, defaultRuns, DEFAULT_SLOWDOWN, "default", reuse)
        : [];
      const counters = await countersOf(stack.url, page);
      console.log(
        `  ${page} counters: main thread ${counters.withScripts.mainThread} / ${counters.withoutScripts.mainThread} ms, style recalculation ${counters.withScripts.recalcStyle} / ${counters.withoutScripts.recalcStyle} ms (with / without scripts)`,
      );
      results.push({ path: page, calibrated, atDefault, counters });
    }
  } finally {
    await stack.stop();
    await teardownServices();
  }

  const args = [
    runs !== 5 ? `--runs ${runs}` : "",
    defaultRuns !== 3 ? `--default-runs ${defaultRuns}` : "",
    fixedSlowdown ? `--cpu-slowdown ${fixedSlowdown}` : "",
    pages !== PAGES ? `--pages ${pages.join(",")}` : "",
    reuse ? `--reuse-reports --machine-index ${machineIndex}` : "",
  ].filter(Boolean);
  const command = `npm run build && npm run lighthouse${args.length ? ` -- ${args.join(" ")}` : ""}`;
  const slowdownLine =
    machineIndex === undefined
      ? `${cpuSlowdown}× CPU slowdown, as asked (not calibrated)`
      : `${cpuSlowdown}× CPU slowdown, calibrated: the machine's median CPU benchmark over ${CALIBRATION_RUNS} runs of \`/\` read ${machineIndex}, and ${cpuSlowdown}× makes it a mid-tier phone ([decision 019](decisions/019-lighthouse-calibrated-cpu.md))`;
  const failing = [
    ...new Set(
      results.flatMap((r) =>
        [...r.calibrated, ...r.atDefault].flatMap((x) => x.failing.map((f) => `\`${r.path}\` ${f}`)),
      ),
    ),
  ];
  const met = results.every(meetsAll);

  console.log(`\n${scoresTable(results, cpuSlowdown)}\n\n${countersTable(results)}\n`);
  if (failing.length) console.log(`Audits not passing:\n${failing.map((f) => `  - ${f}`).join("\n")}`);
  console.log(met ? "All budgets met." : "Some budgets are not met (see ✗).");

  const doc = `# Lighthouse

Mobile Lighthouse on every public page against the production build, as [product.md](product.md#performance-budgets)
budgets them: performance ${BUDGET.calibrated.performance} on every run at the calibrated CPU slowdown and at least
${BUDGET.defaultPerformance} at Lighthouse's default 4×, Total Blocking Time within ${BUDGET.tbtMs} ms at the calibrated slowdown
(the 4× figure beside it), 100 in accessibility,
best practices and SEO; at most ${BUDGET.scriptKiB} KiB of compressed JavaScript and ${BUDGET.styleKiB} KiB of compressed
CSS before the first tap; and, in Chromium's own counters, a page's main-thread work at most ${BUDGET.mainThreadRatio}× that
of the same page without its scripts ([decision 015](decisions/015-lighthouse-budget-without-rewrites.md),
[decision 025](decisions/025-public-pages-without-app-scripts.md)). These are measurements, not tests: no test asserts a timing.

- Date: ${new Date().toISOString().slice(0, 10)}
- Command: \`${command}\`
- Lighthouse ${lighthouseVersion()}, default mobile settings (emulated phone, simulated slow 4G) with a
  ${slowdownLine}; and ${defaultRuns} run(s) per page at Lighthouse's default 4× beside them
- Browser: ${chromiumVersion()}, headless (\`${CHROME_FLAGS.join(" ")}\`), a fresh profile per run
- Server: \`web\` and \`worker\` production builds started by \`tests/support/stack.ts\` (NODE_ENV=production) on 127.0.0.1,
  with PostgreSQL and Redis on this machine (2 cores)
- The CPU benchmark is Lighthouse's measure of the machine during each run: machines of this kind have read from
  about 800 to 4,000 when idle, and it drops when other builds or test suites run beside it, which costs
  performance points (mostly Total Blocking Time) on every page alike. Measure on a quiet machine.

${scoresTable(results, cpuSlowdown)}

JavaScript and CSS are the most any run of the page transferred, compressed, headers included; a fresh profile
asks for nothing more until the visitor taps (the chat's code comes when they reach for its button).

Chromium's counters (\`Performance.getMetrics\`: TaskDuration and RecalcStyleDuration), unthrottled, the median of
${COUNTER_LOADS} fresh loads at 390 px each with the page's scripts and with script execution off, counted until a second
after the network is idle:

${countersTable(results)}

${met ? "All budgets are met." : "Not all budgets are met (✗ above)."}${
    failing.length ? `\n\nAudits that did not pass:\n\n${failing.map((f) => `- ${f}`).join("\n")}` : ""
  }
`;
  // Written as Prettier writes it, so the repository's format check passes on what a run wrote.
  writeFileSync(path.join(ROOT, "docs/lighthouse.md"), await format(doc, { parser: "markdown" }));
  console.log("Wrote docs/lighthouse.md");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
