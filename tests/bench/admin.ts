import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { signedInUser } from "../support/accounts";
import type { Stack } from "../support/stack";
import { summarize, type BenchRow } from "./stats";

/** Server time of the admin reads with 100,000 bookings: list pages and a calendar month. */
export async function benchAdmin(stack: Stack, bookings = 100_000, rounds = 60): Promise<BenchRow[]> {
  const sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    // Ten years of history, 2,000 customers, spread over every status and priority.
    await sql`insert into "Customer" (name, email, phone, "updatedAt")
      select 'Bench Customer ' || g, 'bench' || g || '@example.com', '(225) 555-' || lpad((g % 10000)::text, 4, '0'), now()
      from generate_series(1, 2000) g`;
    await sql`insert into "Booking" ("customerId", summary, details, priority, status, "scheduledDate", "createdAt", "updatedAt")
      select (select min(id) from "Customer") + (g % 2000),
             'Service call ' || g, 'Bench booking ' || g,
             (array['low','medium','high','emergency'])[1 + g % 4]::"BookingPriority",
             (array['pending','in_progress','completed','cancelled'])[1 + (g / 7) % 4]::"BookingStatus",
             now() - interval '3650 days' + (g * interval '3650 days' / ${bookings}) + interval '90 days',
             now() - interval '3650 days' + (g * interval '3650 days' / ${bookings}),
             now()
      from generate_series(1, ${bookings}) g`;
    await sql`analyze "Booking"`;
    await sql`analyze "Customer"`;
  } finally {
    await sql.end();
  }
  const admin = await signedInUser(stack.url, stack.db, "admin");

  const serverTime = async (path: string) => {
    const t0 = performance.now();
    const res = await fetch(`${stack.url}${path}`, { headers: admin.auth });
    await res.arrayBuffer();
    const total = performance.now() - t0;
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    const timing = /app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "");
    return { server: timing ? Number(timing[1]) : total, total, cursor: res.headers.get("x-next-cursor") };
  };

  const measure = async (label: string, path: () => string | Promise<string>) => {
    const server: number[] = [];
    await serverTime(await path()); // warm-up
    for (let i = 0; i < rounds; i++) server.push((await serverTime(await path())).server);
    const s = summarize(server);
    return {
      benchmark: label,
      metric: "server time p50 / p95 (ms)",
      value: `${s.p50.toFixed(1)} / ${s.p95.toFixed(1)}`,
      goal: "p95 ≤ 100",
    };
  };

  // A cursor deep in the history (page 500 of 50).
  let deepCursor = "";
  {
    let cursor: string | null = null;
    for (let page = 0; page < 20; page++) {
      const r = await serverTime(`/api/bookings?limit=500${cursor ? `&cursor=${cursor}` : ""}`);
      cursor = r.cursor;
    }
    deepCursor = cursor ?? "";
  }
  const month = () => {
    const offset = Math.floor(Math.random() * 120);
    const d = new Date();
    d.setUTCMonth(d.getUTCMonth() - offset, 1);
    const from = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1, 6));
    const to = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 6));
    return `/api/bookings?limit=500&from=${from.toISOString()}&to=${to.toISOString()}`;
  };

  return [
    await measure(
      `admin list, first page of 50 (${bookings.toLocaleString("en-US")} bookings)`,
      () => "/api/bookings?limit=50",
    ),
    await measure("admin list, page 200 (cursor)", () => `/api/bookings?limit=50&cursor=${deepCursor}`),
    await measure("admin list, pending only", () => "/api/bookings?limit=50&status=pending"),
    await measure("calendar month (≈830 bookings)", month),
    await measure("dashboard statistics", () => "/api/admin/stats"),
  ];
}
