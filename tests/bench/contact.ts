import { performance } from "node:perf_hooks";
import { randomIp, STAFF_EMAIL, type Stack } from "../support/stack";
import { postJson } from "./http";
import { pool, summarize, type BenchRow } from "./stats";

/**
 * Contact messages accepted per second (HTTP 201, stored) and emailed per
 * second (delivered to the email stand-in by the worker), and how many were
 * lost (accepted but never emailed, or emailed twice).
 */
export async function benchContact(stack: Stack, total = 1_000, concurrency = 50): Promise<BenchRow[]> {
  stack.mail.clear();
  const latencies: number[] = [];
  let accepted = 0;
  const start = performance.now();
  await pool(total, concurrency, async (i) => {
    const t0 = performance.now();
    const res = await postJson(
      `${stack.url}/api/contact`,
      {
        firstName: "Bench",
        lastName: "Visitor",
        email: `bench${i}@example.com`,
        message: `benchmark message #${i}`,
      },
      randomIp(),
    );
    latencies.push(performance.now() - t0);
    if (res.status === 201) accepted++;
  });
  const acceptedSeconds = (performance.now() - start) / 1000;
  await stack.mail.waitFor((all) => all.length >= accepted, 120_000).catch(() => undefined);
  const emailedSeconds = (performance.now() - start) / 1000;
  // Let stragglers (duplicates) show up before counting.
  await new Promise((r) => setTimeout(r, 1_000));
  const emails = stack.mail.list(STAFF_EMAIL).filter((e) => /benchmark message #\d+/.test(e.text ?? ""));
  const unique = new Set(emails.map((e) => (e.text ?? "").match(/benchmark message #(\d+)/)![1]));
  const lat = summarize(latencies);
  return [
    {
      benchmark: `contact (${total} messages, ${concurrency} concurrent)`,
      metric: "accepted/s",
      value: (accepted / acceptedSeconds).toFixed(0),
    },
    { benchmark: "", metric: "emailed/s (end to end)", value: (unique.size / emailedSeconds).toFixed(0) },
    { benchmark: "", metric: "POST latency p50 / p95 (ms)", value: `${lat.p50.toFixed(1)} / ${lat.p95.toFixed(1)}` },
    {
      benchmark: "",
      metric: "lost / duplicated",
      value: `${accepted - unique.size} / ${emails.length - unique.size}`,
      goal: "0 / 0",
    },
  ];
}
