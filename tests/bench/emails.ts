import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { signedInUser } from "../support/accounts";
import { STAFF_EMAIL, type Stack } from "../support/stack";
import { request } from "./http";
import { pool, summarize, type BenchRow } from "./stats";

/** The walk's load (docs/benchmarks.md, "Email latency under load"): this many staff writers booking at once. */
const WRITERS = 32;
/** What one send to the email provider takes over the internet (Resend answers in roughly 100 to 300 ms). */
const PROVIDER_MS = 150;

/**
 * How long after a booking is made its emails reach the email provider (the stand-in), while
 * `WRITERS` staff writers book visits as fast as the server lets them: each booking owes the
 * staff's "New booking" email and the customer's "Your visit is booked" (and a reminder, delayed).
 * The lag is from the moment the writer's POST answered (the change committed) to the moment the
 * stand-in received the send. Measured twice: on the stack's fresh database, and again after the
 * outbox and the email log hold what a busy year leaves (sent rows, cancelled reminders, reminders
 * still to come), to see whether anything grows with the data.
 */
export async function benchEmails(stack: Stack, bookings = 1_500): Promise<BenchRow[]> {
  const admin = await signedInUser(stack.url, stack.db, "admin");
  const customers = await makeCustomers(stack, 200);
  stack.mail.faults.delayMs = PROVIDER_MS;
  try {
    const fresh = await burst(stack, admin.token, customers, bookings);
    const sweepFresh = await sweepQuery(stack.databaseUrl);
    await seedHistory(stack.databaseUrl);
    const sweepLoaded = await sweepQuery(stack.databaseUrl);
    const loaded = await burst(stack, admin.token, customers, bookings);
    const drains: BenchRow[] = [];
    // Alternated, twice each: the machine's other load moves from minute to minute.
    const paces: Record<number, string[]> = { 16: [], 48: [] };
    for (const concurrency of [16, 48, 16, 48])
      paces[concurrency]!.push((await drain(stack, admin.token, customers, 500, concurrency)).toFixed(0));
    for (const [concurrency, values] of Object.entries(paces))
      drains.push({
        benchmark: drains.length ? "" : "a queue of 1,000 emails, sent by one worker process",
        metric: `emails sent/s, ${concurrency} at once (two runs)`,
        value: values.join(" / "),
      });
    return [
      ...drains,
      ...rows(`emails, ${WRITERS} writers booking ${bookings} visits (fresh database)`, fresh),
      ...rows("the same, after a busy year's outbox (600,000 rows)", loaded),
      {
        benchmark: "the sweeper's query (owed rows, due), fresh / after the busy year",
        metric: "execution p50 (ms)",
        value: `${sweepFresh.toFixed(1)} / ${sweepLoaded.toFixed(1)}`,
      },
    ];
  } finally {
    stack.mail.faults.delayMs = 0;
  }
}

interface BurstResult {
  bookingsPerSecond: number;
  emailsPerSecond: number;
  lags: number[];
  missing: number;
  outOfOrder: number;
  /** Writes the server refused with 503 or 500 (then made again). */
  refused: number;
  /** CPU time the worker process spent per email sent (ms): what the worker costs, whatever else runs. */
  workerCpuPerEmail: number;
}

function rows(label: string, r: BurstResult): BenchRow[] {
  const lag = summarize(r.lags);
  const s = (ms: number) => (ms / 1000).toFixed(1);
  return [
    {
      benchmark: label,
      metric: "bookings made/s (refusals retried)",
      value: `${r.bookingsPerSecond.toFixed(0)} (${r.refused})`,
    },
    { benchmark: "", metric: "emails sent/s", value: r.emailsPerSecond.toFixed(0) },
    {
      benchmark: "",
      metric: "email lag p50 / p95 / max (s)",
      value: `${s(lag.p50)} / ${s(lag.p95)} / ${s(lag.max)}`,
      goal: "p95 ≤ 5",
    },
    { benchmark: "", metric: "emails never sent", value: String(r.missing), goal: "0" },
    { benchmark: "", metric: "staff emails out of booking order", value: String(r.outOfOrder) },
    { benchmark: "", metric: "worker CPU per email (ms)", value: r.workerCpuPerEmail.toFixed(1) },
  ];
}

async function makeCustomers(stack: Stack, count: number): Promise<number[]> {
  const stamp = Date.now();
  const made = await stack.db.customer.createManyAndReturn({
    data: Array.from({ length: count }, (_, i) => ({
      name: `Bench Customer ${String.fromCharCode(65 + (i % 26))}`,
      email: `bench-${stamp}-${i}@example.com`,
      phone: "225-555-0100",
      address: `${100 + i} Government St, Baton Rouge, LA 70802`,
    })),
    select: { id: true },
  });
  return made.map((c) => c.id);
}

/**
 * How fast one worker process empties a queue: `count` bookings are made while no worker runs (two
 * emails each wait), then a worker starts with EMAIL_CONCURRENCY `concurrency`; emails per second
 * from the first send to the last. The writers are done by then, so this is the worker's own pace.
 */
async function drain(stack: Stack, token: string, customers: number[], count: number, concurrency: number) {
  await stack.workers.at(-1)!.kill("SIGTERM");
  stack.mail.clear();
  await pool(count, 8, async (i) => {
    const body = JSON.stringify({
      customerId: customers[i % customers.length],
      summary: "Panel Upgrade",
      priority: "medium",
      scheduledDate: new Date(Date.UTC(2032, 0, 6 + (i % 700), 16)).toISOString(),
    });
    const res = await request(`${stack.url}/api/bookings`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Content-Length": String(Buffer.byteLength(body)),
        Authorization: `Bearer ${token}`,
      },
      body,
    });
    if (res.status !== 201) throw new Error(`POST /api/bookings answered ${res.status}: ${res.body.toString()}`);
  });
  await stack.startWorker({ EMAIL_CONCURRENCY: String(concurrency) });
  const sent = await stack.mail.waitFor((all) => all.length >= count * 2, 600_000);
  const times = sent.map((e) => Date.parse(e.createdAt));
  return (sent.length - 1) / ((Math.max(...times) - Math.min(...times)) / 1000);
}

async function burst(stack: Stack, token: string, customers: number[], total: number): Promise<BurstResult> {
  stack.mail.clear();
  const workerPid = stack.workers.at(-1)!.child.pid!;
  const cpuBefore = cpuMs(workerPid);
  const done = new Map<number, number>();
  let refused = 0;
  const start = performance.now();
  const startedAt = Date.now();
  await pool(total, WRITERS, async (i) => {
    // Weekdays at 10 AM Baton Rouge time, years ahead: every one a visit to confirm and remind.
    const day = new Date(Date.UTC(2031, 0, 6 + (i % 700), 16));
    const body = JSON.stringify({
      customerId: customers[i % customers.length],
      summary: "Panel Upgrade",
      priority: "medium",
      scheduledDate: day.toISOString(),
    });
    const post = () =>
      request(`${stack.url}/api/bookings`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Content-Length": String(Buffer.byteLength(body)),
          Authorization: `Bearer ${token}`,
        },
        body,
      });
    let res = await post();
    // A server past its capacity answers 503, or 500 when no transaction could start in time (nothing stored):
    // the writer tries again a moment later, as a loader would.
    for (let tries = 0; (res.status === 503 || res.status === 500) && tries < 20; tries++) {
      refused++;
      await new Promise((r) => setTimeout(r, 250));
      res = await post();
    }
    if (res.status !== 201) throw new Error(`POST /api/bookings answered ${res.status}: ${res.body.toString()}`);
    const id = (JSON.parse(res.body.toString()) as { booking: { id: number } }).booking.id;
    done.set(id, Date.now());
  });
  const madeSeconds = (performance.now() - start) / 1000;
  const expected = total * 2;
  await stack.mail.waitFor((all) => all.length >= expected, 600_000).catch(() => undefined);
  const mail = stack.mail.list();
  const workerCpu = cpuMs(workerPid) - cpuBefore;
  const lags: number[] = [];
  const lastSent = Math.max(...mail.map((e) => Date.parse(e.createdAt)));
  for (const email of mail) {
    const id = Number(/#(\d+)/.exec(`${email.subject}\n${email.text ?? ""}`)?.[1]);
    const at = done.get(id);
    if (at) lags.push(Date.parse(email.createdAt) - at);
  }
  // The staff's emails, in the order the bookings were made (by id: the order they committed).
  const staff = mail
    .filter((e) => e.to.includes(STAFF_EMAIL))
    .map((e) => Number(/#(\d+)/.exec(e.subject)?.[1]))
    .filter((id) => done.has(id));
  let outOfOrder = 0;
  for (let i = 1; i < staff.length; i++) if (staff[i]! < staff[i - 1]!) outOfOrder++;
  return {
    bookingsPerSecond: total / madeSeconds,
    emailsPerSecond: mail.length / ((lastSent - startedAt) / 1000),
    lags,
    missing: expected - lags.length,
    outOfOrder,
    refused,
    workerCpuPerEmail: workerCpu / Math.max(1, mail.length),
  };
}

/**
 * What a busy year leaves in the outbox and the email log: 300,000 sent notifications (and their
 * log rows), 100,000 cancelled reminders (visits moved or cancelled), 200,000 reminders still to
 * come. Written straight into the tables: none of them is in the queue.
 */
async function seedHistory(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`insert into "Outbox" (key, queue, kind, payload, subject, "availableAt", "sentAt", "createdAt")
      select 'bench-sent-' || g, 'email', 'booking-staff-notification', jsonb_build_object('bookingId', g),
             'booking:' || g, now() - g * interval '100 seconds', now() - g * interval '100 seconds',
             now() - g * interval '100 seconds'
      from generate_series(1, 300000) g`;
    await sql`insert into "Outbox" (key, queue, kind, payload, subject, "availableAt", "cancelledAt", "createdAt")
      select 'bench-cancelled-' || g, 'email', 'visit-reminder',
             jsonb_build_object('bookingId', g, 'version', '1', 'at', 0),
             'booking:' || g, now() - g * interval '300 seconds', now() - g * interval '300 seconds',
             now() - g * interval '300 seconds'
      from generate_series(1, 100000) g`;
    await sql`insert into "Outbox" (key, queue, kind, payload, subject, "availableAt", "createdAt")
      select 'bench-future-' || g, 'email', 'visit-reminder',
             jsonb_build_object('bookingId', g, 'version', '1', 'at', 0),
             'booking:' || g, now() + interval '30 days' + g * interval '100 seconds', now()
      from generate_series(1, 200000) g`;
    await sql`insert into "EmailLog" ("to", subject, kind, status, "relatedKey", "createdAt")
      select 'someone' || (g % 20000) || '@example.com', 'Your visit is booked', 'visit-confirmation', 'sent',
             'bench:' || g, now() - g * interval '100 seconds'
      from generate_series(1, 300000) g`;
    await sql`vacuum analyze "Outbox"`;
    await sql`vacuum analyze "EmailLog"`;
  } finally {
    await sql.end();
  }
}

/** What the sweeper's query (sweepOutbox, packages/shared/src/outbox.server.ts) costs PostgreSQL: the median of 9 runs. */
async function sweepQuery(databaseUrl: string): Promise<number> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const times: number[] = [];
    for (let i = 0; i < 9; i++) {
      const plan = await sql.unsafe(`explain (analyze, format json)
        select kind, payload, priority from "Outbox"
        where "sentAt" is null and "cancelledAt" is null and "failedAt" is null and "availableAt" <= now() - interval '60 seconds'
        order by "availableAt" asc limit 200`);
      times.push((plan[0]!["QUERY PLAN"] as Array<{ "Execution Time": number }>)[0]!["Execution Time"]);
    }
    return summarize(times).p50;
  } finally {
    await sql.end();
  }
}

/** A process's CPU time so far (user and system, ms), from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are fields 14 and 15 of the line; after "pid (comm) " they are at 11 and 12, in clock ticks (100 a second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
