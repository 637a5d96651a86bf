import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import zlib from "node:zlib";
import { pageSessionCookie, signedInUser } from "../support/accounts";
import type { Stack } from "../support/stack";
import { agent, request } from "./http";
import { summarize, type BenchRow } from "./stats";

/** Browsers ask for pages this way. */
const ACCEPT_ENCODING = "br, gzip";

/** One GET as a browser would send it, its body read and dropped; resolves with its latency (ms), rejects unless 200. */
function get(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(
        url,
        { agent, headers: { "Accept-Encoding": ACCEPT_ENCODING, "User-Agent": "bench", ...headers } },
        (res) => {
          res.resume();
          res.on("end", () =>
            res.statusCode === 200 ? resolve(performance.now() - t0) : reject(new Error(`${url}: ${res.statusCode}`)),
          );
        },
      )
      .on("error", reject);
  });
}

async function load(url: string, seconds: number, concurrency: number, headers: Record<string, string> = {}) {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) latencies.push(await get(url, headers));
    }),
  );
  return { rps: latencies.length / seconds, ...summarize(latencies) };
}

const latency = (r: { p50: number; p99: number }) => `${r.p50.toFixed(1)} / ${r.p99.toFixed(1)}`;

/**
 * /services as browsers fetch it, against the floor of this machine: a bare Node server sending
 * the same page, brotli-compressed once ahead of time (docs/product.md#performance-budgets).
 * Anonymous visitors and a signed-in customer (with the session cookie the login form sets) get
 * the kept page (web/server/page-cache.ts); the same page with a query string is rendered for
 * every request, which is what a page costs without the cache.
 */
export async function benchSsr(stack: Stack, seconds = 8, concurrency = 16): Promise<BenchRow[]> {
  const page = `${stack.url}/services`;
  const plain = await request(page, { headers: { "Accept-Encoding": "identity" } });
  const compressed = zlib.brotliCompressSync(plain.body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
  });
  const bare = await startBareServer(compressed);
  try {
    const { user } = await signedInUser(stack.url, stack.db, "customer");
    const customer = { Cookie: await pageSessionCookie(stack.url, user.email) };
    const sent = await request(page, { headers: { "Accept-Encoding": ACCEPT_ENCODING } });
    // Warm-up: each kept page is rendered and compressed on its first request.
    await load(page, 1, concurrency);
    await load(page, 1, concurrency, customer);
    await load(`${page}?render=1`, 1, concurrency);
    await load(bare.url, 1, concurrency);
    const floor = await load(bare.url, seconds, concurrency);
    const anonymous = await load(page, seconds, concurrency);
    const signedIn = await load(page, seconds, concurrency, customer);
    const rendered = await load(`${page}?render=1`, seconds, concurrency, customer);
    const encoding = String(sent.headers["content-encoding"] ?? "plain");
    return [
      {
        benchmark: `/services, ${concurrency} connections, \`accept-encoding: ${ACCEPT_ENCODING}\` (${sent.body.length} bytes ${encoding}; bare Node: ${compressed.length} bytes br)`,
        metric: "requests/s: bare Node server (reference)",
        value: floor.rps.toFixed(0),
      },
      {
        benchmark: "",
        metric: "requests/s: anonymous (÷ bare Node)",
        value: `${anonymous.rps.toFixed(0)} (${((anonymous.rps / floor.rps) * 100).toFixed(0)}%)`,
        goal: "≥ 90%",
      },
      { benchmark: "", metric: "latency p50 / p99 (ms): anonymous", value: latency(anonymous) },
      {
        benchmark: "",
        // Decision 021: a share of the bare server on the same machine, not an absolute figure.
        metric: "requests/s: signed-in customer (÷ bare Node)",
        value: `${signedIn.rps.toFixed(0)} (${((signedIn.rps / floor.rps) * 100).toFixed(1)}%)`,
        goal: "≥ 10%",
      },
      {
        benchmark: "",
        metric: "latency p50 / p99 (ms): signed-in customer",
        value: latency(signedIn),
        goal: "p99 ≤ 50",
      },
      {
        benchmark: "",
        metric: "requests/s: signed-in, rendered per request (`?render=1`)",
        value: rendered.rps.toFixed(0),
      },
      { benchmark: "", metric: "latency p50 / p99 (ms): rendered per request", value: latency(rendered) },
    ];
  } finally {
    bare.stop();
  }
}

/**
 * The reference: a bare Node server in a process of its own (as the app's web process is), sending
 * the page from memory with only the headers a browser needs.
 */
async function startBareServer(body: Buffer) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-bare-"));
  const file = path.join(dir, "page.br");
  writeFileSync(file, body);
  const source = `
    const body = require("node:fs").readFileSync(${JSON.stringify(file)});
    const server = require("node:http").createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "br", "Content-Length": body.length });
      res.end(body);
    });
    server.keepAliveTimeout = 65000;
    server.listen(0, "127.0.0.1", () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  const [port] = (await once(child.stdout, "data")) as [Buffer];
  return {
    url: `http://127.0.0.1:${port.toString().trim()}/`,
    stop() {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
