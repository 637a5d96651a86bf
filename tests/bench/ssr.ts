import http from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { signedInUser } from "../support/accounts";
import type { Stack } from "../support/stack";
import { agent, request } from "./http";
import { summarize, type BenchRow } from "./stats";

/** One GET as a browser would send it, its body read and dropped; resolves with its latency (ms), rejects unless 200. */
function get(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(url, { agent, headers: { "Accept-Encoding": "gzip, br", "User-Agent": "bench", ...headers } }, (res) => {
        res.resume();
        res.on("end", () =>
          res.statusCode === 200 ? resolve(performance.now() - t0) : reject(new Error(`${url}: ${res.statusCode}`)),
        );
      })
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

/**
 * Server-rendered /services against a bare Node server sending the same
 * compressed bytes: how much serving a page costs over the floor of this
 * machine. Anonymous visitors get the page kept by the page cache (with their
 * own nonce, compressed for them); a signed-in customer's page is rendered for
 * every request (session lookup, loaders, React).
 */
export async function benchSsr(stack: Stack, seconds = 8, concurrency = 32): Promise<BenchRow[]> {
  const page = `${stack.url}/services`;
  // The bytes the app sends (compressed as a browser would receive them).
  const sample = await request(page, { headers: { "Accept-Encoding": "br" } });
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Encoding": String(sample.headers["content-encoding"] ?? "identity"),
      "Content-Length": sample.body.length,
    });
    res.end(sample.body);
  });
  await new Promise<void>((r) => bare.listen(0, "127.0.0.1", r));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  try {
    const { auth } = await signedInUser(stack.url, stack.db, "customer");
    await load(page, 1, concurrency); // warm-up
    await load(page, 1, concurrency, auth);
    const app = await load(page, seconds, concurrency);
    const floor = await load(bareUrl, seconds, concurrency);
    const signedIn = await load(page, seconds, concurrency, auth);
    return [
      {
        benchmark: `SSR /services, anonymous (${concurrency} concurrent, ${sample.body.length} bytes ${sample.headers["content-encoding"] ?? "plain"})`,
        metric: "requests/s (app / bare Node)",
        value: `${app.rps.toFixed(0)} / ${floor.rps.toFixed(0)}`,
      },
      { benchmark: "", metric: "app ÷ bare Node", value: `${((app.rps / floor.rps) * 100).toFixed(1)}%` },
      { benchmark: "", metric: "latency p50 / p99 (ms)", value: `${app.p50.toFixed(1)} / ${app.p99.toFixed(1)}` },
      {
        benchmark: `SSR /services, signed-in customer (rendered per request)`,
        metric: "requests/s",
        value: signedIn.rps.toFixed(0),
      },
      {
        benchmark: "",
        metric: "latency p50 / p99 (ms)",
        value: `${signedIn.p50.toFixed(1)} / ${signedIn.p99.toFixed(1)}`,
      },
    ];
  } finally {
    bare.close();
  }
}
