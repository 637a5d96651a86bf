import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { addMonths, businessMonth, endOfBusinessDay, monthKey, monthRange, startOfBusinessDay } from "@app/shared/time";
import { pageSessionCookie, signedInUser } from "../support/accounts";
import type { Stack } from "../support/stack";
import { request } from "./http";
import { benchSearch, CUSTOMERS, seedCustomers } from "./search";
import { summarize, type BenchRow } from "./stats";

/** The busy month the staff pages are measured on holds about this many bookings (a busy month for a growing contractor). */
const BUSY_MONTH_BOOKINGS = 2_000;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The seeded history's size, shared by the staff pages' and the chat's benchmarks at scale. */
export const SCALE_BOOKINGS = 100_000;

/**
 * Ten years of history over 20,000 customers (seedCustomers), spread over every status and priority, each
 * visit at its customer's address, and a busy month (three months back) filled to about 2,000 visits. Seeded
 * once per stack: a benchmark that finds the bookings there (an earlier one seeded them) reads them as they are.
 */
export async function seedScale(stack: Stack, bookings = SCALE_BOOKINGS) {
  // Three months back: wholly inside the seeded ten years, whatever today is.
  const busyMonth = addMonths(businessMonth(), -3);
  const busy = monthRange(busyMonth);
  const sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
  // "scheduledDate" is a timestamp without zone holding UTC (as Prisma writes it).
  const utc = (instant: Date) => sql`(${instant.toISOString()}::timestamptz at time zone 'UTC')`;
  const inMonth = async () =>
    Number(
      (
        await sql`select count(*)::int as n from "Booking"
          where "scheduledDate" >= ${utc(busy.from)} and "scheduledDate" < ${utc(busy.to)}`
      )[0]!.n,
    );
  try {
    const [seeded] = await sql<{ n: number }[]>`select count(*)::int as n from "Booking"`;
    if (seeded!.n >= bookings) return { busyMonth, busyCount: await inMonth() };
    // Ten years of history over 20,000 customers (seedCustomers), spread over every status and priority;
    // each visit is at its customer's address.
    await seedCustomers(sql, CUSTOMERS);
    await sql`insert into "Booking" ("customerId", summary, details, priority, status, "scheduledDate", "createdAt", "updatedAt", address)
      select c.id,
             'Service call ' || g, 'Bench booking ' || g,
             (array['low','medium','high','emergency'])[1 + g % 4]::"BookingPriority",
             (array['pending','in_progress','completed','cancelled'])[1 + (g / 7) % 4]::"BookingStatus",
             now() - interval '3650 days' + (g * interval '3650 days' / ${bookings}) + interval '90 days',
             now() - interval '3650 days' + (g * interval '3650 days' / ${bookings}),
             now(), c.address
      from generate_series(1, ${bookings}) g
      join "Customer" c on c.id = (select min(id) from "Customer") + (g % ${CUSTOMERS})`;
    // A busy month: the ten years give each month about 830; more visits fill this one to about 2,000,
    // spread over its days and hours (Baton Rouge time, from the shared clock's month range).
    const extra = BUSY_MONTH_BOOKINGS - (await inMonth());
    if (extra > 0)
      await sql`insert into "Booking" ("customerId", summary, details, priority, status, "scheduledDate", "createdAt", "updatedAt")
        select (select min(id) from "Customer") + (g * 7 % ${CUSTOMERS}),
               'Busy month visit ' || g, 'Bench booking in the busy month ' || g,
               (array['low','medium','high','emergency'])[1 + g % 4]::"BookingPriority",
               (array['pending','in_progress','completed','cancelled'])[1 + (g / 5) % 4]::"BookingStatus",
               ${utc(busy.from)} + (g * (${utc(busy.to)} - ${utc(busy.from)}) / ${extra + 1}),
               ${utc(busy.from)} - interval '30 days' + g * interval '1 minute',
               now()
        from generate_series(1, ${extra}) g`;
    const busyCount = await inMonth();
    // As autovacuum leaves a table after a busy day: statistics, and the new GIN entries merged into their indexes.
    await sql`vacuum analyze "Booking"`;
    await sql`vacuum analyze "Customer"`;
    return { busyMonth, busyCount };
  } finally {
    await sql.end();
  }
}

/**
 * Server time of the admin reads with 100,000 bookings: list pages and a
 * calendar month through the JSON API, and the staff pages' HTML documents as a
 * signed-in admin's browser fetches them, each beside the JSON API's answer
 * for the same data (the floor: what the data itself costs) in the same run.
 */
export async function benchAdmin(stack: Stack, bookings = SCALE_BOOKINGS, rounds = 60): Promise<BenchRow[]> {
  const { busyMonth, busyCount } = await seedScale(stack, bookings);
  const busy = monthRange(busyMonth);
  const admin = await signedInUser(stack.url, stack.db, "admin");

  const serverTime = async (path: string) => {
    const t0 = performance.now();
    const res = await fetch(`${stack.url}${path}`, { headers: admin.auth });
    const bytes = (await res.arrayBuffer()).byteLength;
    const total = performance.now() - t0;
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    const timing = /app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "");
    return { server: timing ? Number(timing[1]) : total, total, bytes, cursor: res.headers.get("x-next-cursor") };
  };

  const timeRow = (label: string, samples: number[], metric = "server time p50 / p95 (ms)"): BenchRow => {
    const s = summarize(samples);
    return { benchmark: label, metric, value: `${s.p50.toFixed(1)} / ${s.p95.toFixed(1)}`, goal: "p95 ≤ 100" };
  };

  /** Server times and the answer's size of one address, after a warm-up. */
  const measureSamples = async (path: string) => {
    const first = await serverTime(path);
    const server: number[] = [];
    for (let i = 0; i < rounds; i++) server.push((await serverTime(path)).server);
    return { server, bytes: first.bytes };
  };

  const measure = async (label: string, path: () => string | Promise<string>) => {
    const server: number[] = [];
    await serverTime(await path()); // warm-up
    for (let i = 0; i < rounds; i++) server.push((await serverTime(await path())).server);
    return timeRow(label, server);
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

  // The staff pages as a signed-in admin's browser fetches them: the session cookie of the login form,
  // compressed as browsers accept it. Documents carry no Server-Timing, so their figure is the whole
  // response on loopback (rendering and compression included), read from the first byte sent to the last received.
  const cookie = await pageSessionCookie(stack.url, admin.user.email);
  const browserHeaders: Record<string, string> = { Cookie: cookie, Accept: "text/html", "User-Agent": "bench" };
  const document = async (path: string, encoding: string, headers = browserHeaders) => {
    const t0 = performance.now();
    const res = await request(`${stack.url}${path}`, { headers: { ...headers, "Accept-Encoding": encoding } });
    const total = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return { total, bytes: res.body.length, encoding: String(res.headers["content-encoding"] ?? "identity") };
  };
  const measureDocument = async (path: string, headers = browserHeaders) => {
    const plain = await document(path, "identity", headers);
    const compressed = await document(path, "br", headers);
    if (compressed.encoding !== "br") throw new Error(`${path} was not compressed with br`);
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) times.push((await document(path, "gzip, deflate, br", headers)).total);
    return { times, plain: plain.bytes, br: compressed.bytes };
  };
  /** Every booking of the busy month through the JSON API, 500 a page: server time of all pages, and their bytes. */
  const monthThroughApi = async () => {
    let cursor: string | null = null;
    let server = 0;
    let bytes = 0;
    do {
      const r = await serverTime(
        `/api/bookings?limit=500&from=${busy.from.toISOString()}&to=${busy.to.toISOString()}${cursor ? `&cursor=${cursor}` : ""}`,
      );
      server += r.server;
      bytes += r.bytes;
      cursor = r.cursor;
    } while (cursor);
    return { server, bytes };
  };

  const busyKey = monthKey(busyMonth);
  const calendarPage = await measureDocument(`/admin/calendar?month=${busyKey}`);
  await monthThroughApi(); // warm-up
  const apiMonth: number[] = [];
  let apiMonthBytes = 0;
  for (let i = 0; i < rounds; i++) {
    const r = await monthThroughApi();
    apiMonth.push(r.server);
    apiMonthBytes = r.bytes;
  }
  // A day of the busy month as its calendar dialog reads it when opened, beside the same day through the JSON API.
  const day = `${busyKey}-15`;
  const dayPath = `/admin/calendar/day?date=${day}`;
  const dayApiPath = `/api/bookings?limit=500&from=${startOfBusinessDay(day).toISOString()}&to=${endOfBusinessDay(day).toISOString()}`;
  const dayCount = (
    (await (await fetch(`${stack.url}${dayPath}`, { headers: admin.auth })).json()) as { bookings: unknown[] }
  ).bookings.length;
  const dayRead = await measureSamples(dayPath);
  const dayApi = await measureSamples(dayApiPath);

  const bookingsPage = await measureDocument("/admin/bookings");
  const firstPageJson = (await serverTime("/api/bookings?limit=50")).bytes;

  const busyLabel = `${busyKey}, ${busyCount.toLocaleString("en-US")} bookings that month`;
  return [
    await measure(
      `admin list, first page of 50 (${bookings.toLocaleString("en-US")} bookings)`,
      () => "/api/bookings?limit=50",
    ),
    await measure("admin list, page 200 (cursor)", () => `/api/bookings?limit=50&cursor=${deepCursor}`),
    await measure("admin list, pending only", () => "/api/bookings?limit=50&status=pending"),
    await measure("calendar month (≈830 bookings)", month),
    await measure("dashboard statistics", () => "/api/admin/stats"),
    timeRow(`/admin/calendar page (${busyLabel})`, calendarPage.times, "response time p50 / p95 (ms)"),
    {
      benchmark: "",
      metric: "HTML bytes (br)",
      value: `${kb(calendarPage.plain)} (br ${kb(calendarPage.br)})`,
      goal: "< 100 KB",
    },
    timeRow(`reference: the same month through /api/bookings, 500 a page`, apiMonth),
    { benchmark: "", metric: "JSON bytes", value: kb(apiMonthBytes) },
    timeRow(`/admin/calendar/day?date=${day} (its dialog, ${dayCount} bookings)`, dayRead.server),
    { benchmark: "", metric: "JSON bytes", value: kb(dayRead.bytes) },
    timeRow("reference: the same day through /api/bookings", dayApi.server),
    { benchmark: "", metric: "JSON bytes", value: kb(dayApi.bytes) },
    timeRow("/admin/bookings page, first page (50 rows)", bookingsPage.times, "response time p50 / p95 (ms)"),
    {
      benchmark: "",
      metric: "HTML bytes (br)",
      value: `${kb(bookingsPage.plain)} (br ${kb(bookingsPage.br)})`,
      goal: "< 80 KB",
    },
    { benchmark: "reference: /api/bookings?limit=50 (row 1)", metric: "JSON bytes", value: kb(firstPageJson) },
    ...(await benchSearch(stack, admin.auth, rounds)),
    ...(await dispatchRows({ measureDocument, measureSamples, timeRow }, day)),
    ...(await otherStaffPages(stack, { measureDocument, timeRow }, browserHeaders)),
  ];
}

/**
 * Every other staff page at this size, as a signed-in browser fetches it (the whole response on loopback): the
 * dashboard, the inbox, estimates, invoices, a booking's and a customer's page, the search page, users, closed
 * days, the price book, the queues, and a technician's /jobs. Each is held to the staff pages' budget
 * (docs/product.md#performance-budgets).
 */
async function otherStaffPages(
  stack: Stack,
  tools: {
    measureDocument: (path: string, headers?: Record<string, string>) => Promise<{ times: number[] }>;
    timeRow: (label: string, samples: number[], metric?: string) => BenchRow;
  },
  adminHeaders: Record<string, string>,
): Promise<BenchRow[]> {
  const sql = postgres(stack.databaseUrl, { max: 1, onnotice: () => {} });
  let bookingId: number;
  let customerId: number;
  try {
    // The newest visit, and the customer with the most visits (their page lists them all).
    bookingId = (await sql<{ id: number }[]>`select max(id) as id from "Booking"`)[0]!.id;
    customerId = (
      await sql<{ id: number }[]>`select "customerId" as id from "Booking" group by 1 order by count(*) desc limit 1`
    )[0]!.id;
  } finally {
    await sql.end();
  }
  const technician = await signedInUser(stack.url, stack.db, "technician");
  const technicianHeaders = { ...adminHeaders, Cookie: await pageSessionCookie(stack.url, technician.user.email) };
  const pages: Array<[string, Record<string, string>?]> = [
    ["/dashboard"],
    ["/admin/inbox"],
    ["/admin/estimates"],
    ["/admin/invoices"],
    [`/admin/bookings/${bookingId}`],
    [`/admin/customers/${customerId}`],
    ["/admin/search?q=Thibodeaux"],
    ["/admin/users"],
    ["/admin/closures"],
    ["/admin/price-book"],
    ["/admin/queues"],
    ["/jobs", technicianHeaders],
  ];
  const rows: BenchRow[] = [];
  for (const [path, headers] of pages)
    rows.push(
      tools.timeRow(
        `${path} page${headers ? " (a technician)" : ""}`,
        (await tools.measureDocument(path, headers)).times,
        "response time p50 / p95 (ms)",
      ),
    );
  return rows;
}

/**
 * The dispatch board on a day of the busy month (docs/product.md#dispatch-board): the page as a
 * browser fetches it, its week, and GET /api/dispatch, which reads the same (one day's or week's
 * rows over the scheduledDate index, and the requests still to be placed over their partial index).
 */
async function dispatchRows(
  tools: {
    measureDocument: (path: string) => Promise<{ times: number[]; plain: number; br: number }>;
    measureSamples: (path: string) => Promise<{ server: number[]; bytes: number }>;
    timeRow: (label: string, samples: number[], metric?: string) => BenchRow;
  },
  day: string,
): Promise<BenchRow[]> {
  const page = await tools.measureDocument(`/admin/dispatch?date=${day}`);
  const week = await tools.measureDocument(`/admin/dispatch?date=${day}&view=week`);
  const api = await tools.measureSamples(`/api/dispatch?date=${day}`);
  return [
    tools.timeRow(`/admin/dispatch?date=${day} page`, page.times, "response time p50 / p95 (ms)"),
    { benchmark: "", metric: "HTML bytes (br)", value: `${kb(page.plain)} (br ${kb(page.br)})` },
    tools.timeRow("/admin/dispatch, its week (&view=week)", week.times, "response time p50 / p95 (ms)"),
    tools.timeRow(`/api/dispatch?date=${day}`, api.server),
    { benchmark: "", metric: "JSON bytes", value: kb(api.bytes) },
  ];
}
