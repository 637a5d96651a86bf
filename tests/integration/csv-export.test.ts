import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, pageSessionCookie, signedInUser } from "../support/accounts";
import { startStack, type Stack } from "../support/stack";
import { addLocalDays, businessDate, businessMonth, monthKey, requireBusinessInstant } from "@app/shared/time";

/**
 * GET /api/bookings/export.csv and the /admin/bookings page's Export CSV (docs/product.md#bookings-list,
 * docs/decisions/022-exports-that-finish.md): a filter that is not valid is refused before the first
 * byte, the file is streamed with the list's filters and a range of days, no cell can become a
 * formula in a spreadsheet, and an export too large for a request arrives by email with a link.
 */

// A stack of its own: the money report counts every invoice and payment of the business, so another
// file's (a visit completed drafts an invoice) would change its answers (tests/support/shared-stack.ts).
let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  stack = await startStack({ name: "csv-export" });
  admin = await signedInUser(stack.url, stack.db, "admin");
});
afterAll(async () => {
  await stack?.stop();
});

const exportCsv = (query: string) => fetch(`${stack.url}/api/bookings/export.csv?${query}`, { headers: admin.auth });

describe("GET /api/bookings/export.csv", () => {
  it("refuses a filter out of range with a JSON 400 naming it, never a 200 cut short", async () => {
    for (const [query, field] of [
      ["customerId=2147483648", "customerId"],
      ["customerId=99999999999999999999", "customerId"],
      ["from=0001-01-01T00:00:00Z", "from"],
      ["to=9999-12-31T00:00:00Z", "to"],
    ] as const) {
      const res = await exportCsv(query);
      expect(res.status, query).toBe(400);
      expect(res.headers.get("content-type"), query).toContain("application/json");
      const body = await res.json();
      expect(body, query).toMatchObject({ success: false, errors: { [field]: expect.any(String) } });
    }
  });

  it("quotes every cell and defuses every cell that starts like a formula", async () => {
    const c = await api(stack.url, "POST", "/api/customers", admin.token, {
      name: "x;=1+1",
      email: "formula@example.com",
      phone: "225-555-0158",
    });
    expect(c.status, c.text).toBe(201);
    const b = await api(stack.url, "POST", "/api/bookings", admin.token, {
      customerId: c.json.customer.id,
      summary: "-2+3",
      details: "@SUM(A1:A9)",
      address: "+1 Main St",
      scheduledDate: "2032-01-10T15:00:00Z",
    });
    expect(b.status, b.text).toBe(201);
    const res = await exportCsv(`customerId=${c.json.customer.id}`);
    expect(res.status).toBe(200);
    // Streamed as it is read: no length up front.
    expect(res.headers.get("content-length")).toBeNull();
    const file = Buffer.from(await res.arrayBuffer());
    const lines = file
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      '"Booking ID","Customer ID","Customer Name","Customer Email","Customer Phone","Summary","Details","Priority","Status","Scheduled (America/Chicago)","Created (America/Chicago)","ServiceTitan ID","Source","Technician","Address"',
    );
    const id = b.json.booking.id;
    const customerId = c.json.customer.id;
    expect(lines[1]).toMatch(
      new RegExp(
        `^"${id}","${customerId}","x;=1\\+1","formula@example.com","225-555-0158","'-2\\+3","'@SUM\\(A1:A9\\)","medium","pending","2032-01-10 09:00 CST","\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d C[SD]T","","api","","'\\+1 Main St"$`,
      ),
    );
  });
});

/**
 * The office's money (docs/product.md#money-on-the-dashboard): estimates, invoices and payments
 * seeded on both sides of October 2025's edges (Baton Rouge time), and invoices owed for a number
 * of days before today.
 */
describe("money: GET /api/reports/money, GET /api/payments/export.csv and the dashboard", () => {
  /** A Baton Rouge local date and time as an instant. */
  const local = (date: string, time = "12:00") => requireBusinessInstant(date, time);
  const today = businessDate();
  const daysAgo = (days: number, time = "12:00") => local(addLocalDays(today, -days), time);
  const seeded: Record<string, { id: number; number: string }> = {};

  beforeAll(async () => {
    const db = stack.db;
    const customer = await db.customer.create({
      data: { name: "=1+1 Co", email: "money@example.com", phone: "225-555-0190" },
    });
    const other = await db.customer.create({
      data: { name: 'Ann "Sparky" Lee', email: "ann@example.com", phone: "225-555-0191" },
    });
    const estimate = async (key: string, sentAt: Date | null, approvedAt: Date | null = null) => {
      const e = await db.estimate.create({
        data: { customerId: customer.id, taxRatePpm: 0, status: sentAt ? "sent" : "draft", sentAt },
      });
      if (approvedAt) {
        const option = await db.estimateOption.create({
          data: {
            estimateId: e.id,
            position: 1,
            name: "Good",
            subtotalCents: 10_000,
            taxCents: 0,
            totalCents: 10_000,
            depositCents: 2_500,
          },
        });
        await db.estimate.update({
          where: { id: e.id },
          data: { status: "approved", approvedAt, approvedOptionId: option.id, signatureName: "Ann Lee" },
        });
      }
      seeded[key] = { id: e.id, number: e.number };
    };
    // Sent in October: its first instant, and 23:30 on its last day (04:30 UTC on November 1).
    await estimate("e1", local("2025-10-01", "00:00"), local("2025-10-03"));
    await estimate("e2", local("2025-10-31", "23:30"));
    // Sent on September 30 at 23:30 (in September), approved in October.
    await estimate("e3", local("2025-09-30", "23:30"), local("2025-10-02"));
    // Sent in September, declined on October 31 at 23:30 (in October); another declined in November.
    const declined = async (sentAt: Date, declinedAt: Date) =>
      db.estimate.create({
        data: {
          customerId: customer.id,
          taxRatePpm: 0,
          status: "declined",
          sentAt,
          declinedAt,
          declineReason: "price",
        },
      });
    await declined(local("2025-09-20"), local("2025-10-31", "23:30"));
    await declined(local("2025-09-21"), local("2025-11-01", "00:00"));
    // Sent at midnight starting November; a draft never sent.
    await estimate("e4", local("2025-11-01", "00:00"));
    await estimate("e5", null);

    const invoice = async (
      key: string,
      status: "draft" | "sent" | "partially_paid" | "paid" | "void",
      sentAt: Date | null,
      totalCents: number,
      paidCents = 0,
      customerId = customer.id,
    ) => {
      const i = await db.invoice.create({
        data: {
          customerId,
          status,
          sentAt,
          taxRatePpm: 0,
          subtotalCents: totalCents,
          taxCents: 0,
          totalCents,
          paidCents,
          paidAt: status === "paid" ? sentAt : null,
        },
      });
      seeded[key] = { id: i.id, number: i.number };
    };
    // October's invoices: paid, void, sent in September, and partly paid on October's last evening.
    await invoice("i1", "paid", local("2025-10-10"), 100_000, 100_000);
    await invoice("i2", "void", local("2025-10-11"), 5_000);
    await invoice("i3", "paid", local("2025-09-30", "23:30"), 9_000, 9_000);
    await invoice("i4", "partially_paid", local("2025-10-31", "23:30"), 20_000, 5_000, other.id);
    // Owed now: 5 days, 30 days (from its first minute), 31 days (its last minute), 90 and 91 days.
    await invoice("a1", "sent", daysAgo(5), 10_000);
    await invoice("a2", "partially_paid", daysAgo(30, "00:00"), 30_000, 10_000);
    await invoice("a3", "sent", daysAgo(31, "23:59"), 7_000);
    await invoice("a4", "sent", daysAgo(90), 6_000);
    await invoice("a5", "sent", daysAgo(91), 4_000);
    // Not owed: paid, void, a draft.
    await invoice("a6", "paid", daysAgo(3), 8_000, 8_000);
    await invoice("a7", "void", daysAgo(3), 8_000);
    await invoice("a8", "draft", null, 8_000);

    const payment = (
      receivedAt: Date,
      amountCents: number,
      method: "card" | "us_bank_account" | "cash" | "check" | "other",
      of: { invoiceId?: number; estimateId?: number },
      reference: string | null = null,
      customerId = customer.id,
    ) => db.payment.create({ data: { customerId, amountCents, method, receivedAt, reference, ...of } });
    await payment(local("2025-10-15", "09:05"), 100_000, "card", { invoiceId: seeded.i1!.id }, 'chk "12", paid');
    // A deposit before any invoice, received at 23:30 on October's last day: October's.
    await payment(local("2025-10-31", "23:30"), 2_500, "check", { estimateId: seeded.e1!.id }, "-2+3");
    // Midnight starting November, and 23:30 on September 30: neither is October's.
    await payment(local("2025-11-01", "00:00"), 5_000, "cash", { invoiceId: seeded.i4!.id }, null, other.id);
    await payment(local("2025-09-30", "23:30"), 9_000, "other", { invoiceId: seeded.i3!.id });
  });

  it("sums October's figures by Baton Rouge days and ages what is owed today", async () => {
    const res = await api(stack.url, "GET", "/api/reports/money?month=2025-10", admin.token);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      month: "2025-10",
      // e1 and e2 sent, e1 and e3 approved, one declined; of the two sent, e1 approved: 50 %.
      estimates: { sent: 2, approved: 2, declined: 1, approvalRatePercent: 50 },
      invoicedCents: 120_000,
      collectedCents: 102_500,
      outstandingCents: 62_000,
      aging: [
        { bucket: "0-30", count: 2, cents: 30_000 },
        { bucket: "31-60", count: 1, cents: 7_000 },
        { bucket: "61-90", count: 1, cents: 6_000 },
        { bucket: "90+", count: 2, cents: 19_000 },
      ],
      unpaidCount: 6,
    });
    const unpaid = res.json.unpaid as Array<Record<string, unknown>>;
    expect(unpaid.map((i) => [i.number, i.daysOutstanding, i.totalCents, i.balanceCents])).toEqual([
      [seeded.i4!.number, expect.any(Number), 20_000, 15_000],
      [seeded.a5!.number, 91, 4_000, 4_000],
      [seeded.a4!.number, 90, 6_000, 6_000],
      [seeded.a3!.number, 31, 7_000, 7_000],
      [seeded.a2!.number, 30, 30_000, 20_000],
      [seeded.a1!.number, 5, 10_000, 10_000],
    ]);
    expect(unpaid[0]).toMatchObject({ customerName: 'Ann "Sparky" Lee', sentDate: "2025-10-31" });

    // This month by default; none of October's estimates, and no estimate sent: "—" (null).
    const now = await api(stack.url, "GET", "/api/reports/money", admin.token);
    expect(now.status, now.text).toBe(200);
    expect(now.json).toMatchObject({
      month: monthKey(businessMonth()),
      estimates: { sent: 0, approved: 0, declined: 0, approvalRatePercent: null },
      outstandingCents: 62_000,
    });
  });

  it("exports October's payments with Baton Rouge dates, plain amounts and every cell escaped", async () => {
    const res = await fetch(`${stack.url}/api/payments/export.csv?from=2025-10-01&to=2025-10-31`, {
      headers: admin.auth,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="payments-2025-10-01-to-2025-10-31.csv"');
    expect(res.headers.get("content-length")).toBeNull();
    const file = Buffer.from(await res.arrayBuffer());
    const text = file.toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.slice(1).split("\r\n")).toEqual([
      '"Received (America/Chicago)","Invoice or estimate","Customer","Method","Amount (USD)","Reference"',
      `"2025-10-15","${seeded.i1!.number}","'=1+1 Co","Card","1000.00","chk ""12"", paid"`,
      `"2025-10-31","${seeded.e1!.number}","'=1+1 Co","Check","25.00","'-2+3"`,
      "",
    ]);
    // One day given: to the end of its month; November 1 midnight's cash payment is November's.
    const november = await fetch(`${stack.url}/api/payments/export.csv?from=2025-11-01`, { headers: admin.auth });
    expect((await november.text()).split("\r\n")[1]).toBe(
      `"2025-11-01","${seeded.i4!.number}","Ann ""Sparky"" Lee","Cash","50.00",""`,
    );
  });

  it("refuses a month or dates that are not valid (400 naming them) and everyone but admins", async () => {
    for (const [path, field] of [
      ["/api/reports/money?month=2026-13", "month"],
      ["/api/reports/money?month=1999-12", "month"],
      ["/api/payments/export.csv?from=2026-02-30", "from"],
      ["/api/payments/export.csv?from=2026-03-02&to=2026-03-01", "to"],
    ] as const) {
      const res = await api(stack.url, "GET", path, admin.token);
      expect(res.status, path).toBe(400);
      expect(res.json, path).toMatchObject({ success: false, errors: { [field]: expect.any(String) } });
    }
    const technician = await signedInUser(stack.url, stack.db, "technician");
    for (const path of ["/api/reports/money?month=2025-10", "/api/payments/export.csv"]) {
      expect((await api(stack.url, "GET", path)).status, path).toBe(401);
      const res = await api(stack.url, "GET", path, technician.token);
      expect(res.status, path).toBe(403);
      expect(res.json).toMatchObject({ success: false });
    }
  });

  it("shows the month on the dashboard, with links to the unpaid invoices and the month's CSV", async () => {
    const cookie = await pageSessionCookie(stack.url, admin.user.email);
    const page = await fetch(`${stack.url}/dashboard?month=2025-10`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Money in October 2025");
    expect(html).toContain("$1,200.00");
    expect(html).toContain(`href="/admin/invoices/${seeded.a5!.id}"`);
    expect(html).toContain('href="/api/payments/export.csv?from=2025-10-01&amp;to=2025-10-31"');
    const bad = await fetch(`${stack.url}/dashboard?month=2026-13`, { headers: { Cookie: cookie } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Money this month");
  });
});

/**
 * Exports that finish (docs/decisions/022-exports-that-finish.md): the page's Export CSV posts the
 * list's search and filters with a range of scheduled days; up to 20,000 rows the download is
 * streamed, past that the worker writes the file and emails its asker a signed link.
 */
describe("bookings export with the list's filters: streamed, or by email past 20,000 rows", () => {
  const BULK = 100_500;
  let cookie: string;
  let customerId: number;
  let otherId: number;

  /** The page's Export CSV form, posted as a browser without JavaScript posts it. */
  const exportForm = (fields: Record<string, string>, headers: Record<string, string> = { Cookie: cookie }) =>
    fetch(`${stack.url}/admin/bookings`, {
      method: "POST",
      redirect: "manual",
      headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "export-bookings", ...fields }),
    });

  /** Bookings made by PostgreSQL (generate_series): `count` of them, cheaply. */
  const seed = (
    count: number,
    of: number,
    fields: { status: string; priority: string; day: string; summary: string; createdFrom: string },
  ) =>
    stack.db.$executeRawUnsafe(
      `INSERT INTO "Booking" ("customerId", summary, priority, status, "scheduledDate", "createdAt", "updatedAt", address)
       SELECT $1, $2 || ' ' || g, $3::"BookingPriority", $4::"BookingStatus",
              $5::timestamp + (g % 200) * interval '1 hour', $6::timestamp + g * interval '1 second', now(), '12 Bulk St'
         FROM generate_series(1, $7::int) g`,
      of,
      fields.summary,
      fields.priority,
      fields.status,
      fields.day,
      fields.createdFrom,
      count,
    );

  beforeAll(async () => {
    cookie = await pageSessionCookie(stack.url, admin.user.email);
    const customer = await stack.db.customer.create({
      data: { name: "Zephyrine Broussard", email: "zephyrine@example.com", phone: "225-555-0170" },
    });
    const other = await stack.db.customer.create({
      data: { name: "Octave Guidry", email: "octave@example.com", phone: "225-555-0171" },
    });
    customerId = customer.id;
    otherId = other.id;
    // Matching: Zephyrine's completed low-priority visits scheduled from 2030-06-02 on (15:00 UTC, 10:00 in Baton Rouge).
    await seed(BULK, customerId, {
      status: "completed",
      priority: "low",
      day: "2030-06-02 15:00",
      summary: "Bulk visit",
      createdFrom: "2030-01-01 00:00",
    });
    // Not matching: another status, another customer (the search), and days outside the range.
    await seed(40, customerId, {
      status: "pending",
      priority: "low",
      day: "2030-06-02 15:00",
      summary: "Pending visit",
      createdFrom: "2029-01-01 00:00",
    });
    await seed(40, otherId, {
      status: "completed",
      priority: "low",
      day: "2030-06-02 15:00",
      summary: "Other visit",
      createdFrom: "2029-02-01 00:00",
    });
    await seed(40, customerId, {
      status: "completed",
      priority: "low",
      day: "2030-07-20 15:00",
      summary: "Later visit",
      createdFrom: "2029-03-01 00:00",
    });
  }, 180_000);

  const filters = { q: "Zephyrine", status: "completed", priority: "low", from: "2030-06-01", to: "2030-06-30" };

  it("the button sends a small export to its streamed download, with the list's filters and the days", async () => {
    // Of those days, one Baton Rouge day only: 24 of the bulk's hours land on June 2 (10:00 to 23:00) and on June 3.
    const res = await exportForm({ ...filters, from: "2030-06-03", to: "2030-06-03" });
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toBe(
      "/api/bookings/export.csv?q=Zephyrine&status=completed&priority=low&from=2030-06-03&to=2030-06-03",
    );
    const download = await fetch(`${stack.url}${location}`, { headers: { Cookie: cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toContain("text/csv");
    expect(download.headers.get("content-disposition")).toMatch(
      /^attachment; filename="bookings-completed-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(download.headers.get("content-length")).toBeNull();
    const lines = (await download.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toMatch(/^"Booking ID","Customer ID","Customer Name",/);
    const rows = lines.slice(1);
    expect(rows.length).toBeGreaterThan(1_000);
    for (const row of rows) {
      expect(row).toMatch(
        new RegExp(
          `^"\\d+","${customerId}","Zephyrine Broussard",.*"Bulk visit \\d+","","low","completed","2030-06-03 `,
        ),
      );
    }
    // Newest first, as the list.
    const ids = rows.map((r) => Number(r.split(",")[0]!.replaceAll('"', "")));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("refuses days that are not valid beside the button (400), never the size", async () => {
    const res = await exportForm({ ...filters, from: "2030-06-30", to: "2030-06-01" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Use a date on or after the first");
  });

  it(`an export of ${BULK.toLocaleString("en-US")} bookings is emailed with a link that works for its asker only`, async () => {
    const res = await exportForm(filters);
    expect(res.status).toBe(200);
    const page = await res.text();
    const told = `Your export of ${BULK.toLocaleString("en-US")} bookings is being prepared; we&#x27;ll email it to ${admin.user.email}`;
    expect(page).toContain(told);

    const [email] = await stack.mail.waitFor((emails) => emails.some((e) => e.to.includes(admin.user.email)), 240_000);
    const sent = stack.mail.list(admin.user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Your export of ${BULK.toLocaleString("en-US")} bookings is ready`);
    const link = /http:\/\/\S+\/admin\/exports\/[0-9a-f-]{36}\?expires=\d+&signature=[\w-]+/.exec(
      sent[0]!.text ?? "",
    )?.[0];
    expect(link, email?.text).toBeTruthy();
    const path = new URL(link!).pathname + new URL(link!).search;

    const file = await fetch(`${stack.url}${path}`, { headers: { Cookie: cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="bookings-completed-/);
    const lines = (await file.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(BULK + 1);
    expect(lines[0]).toContain('"Scheduled (America/Chicago)"');
    expect(
      lines
        .slice(1)
        .every((l) => l.includes(`"${customerId}","Zephyrine Broussard"`) && l.includes('"low","completed"')),
    ).toBe(true);
    expect(lines.some((l) => /Pending visit|Other visit|Later visit/.test(l))).toBe(false);

    // The same export asked again the same day (here through the API) is the one already emailed.
    const again = await fetch(`${stack.url}/api/bookings/export.csv?${new URLSearchParams(filters)}`, {
      headers: admin.auth,
    });
    expect(again.status).toBe(202);
    expect(await again.json()).toMatchObject({ success: true, export: { rowCount: BULK, email: admin.user.email } });

    // Signed out: sign in first; another admin, or the link changed: refused alike.
    const signedOut = await fetch(`${stack.url}${path}`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe("/login");
    const colleague = await signedInUser(stack.url, stack.db, "admin");
    const theirs = await fetch(`${stack.url}${path}`, { headers: colleague.auth });
    expect(theirs.status).toBe(403);
    expect(await theirs.json()).toMatchObject({ success: false });
    const changed = await fetch(`${stack.url}${path.replace(/expires=(\d+)/, (_, n) => `expires=${Number(n) + 1}`)}`, {
      headers: { Cookie: cookie },
    });
    expect(changed.status).toBe(403);
    await new Promise((r) => setTimeout(r, 500));
    expect(stack.mail.list(admin.user.email)).toHaveLength(1);
  }, 300_000);
});
