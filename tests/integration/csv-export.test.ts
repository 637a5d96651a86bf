import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, pageSessionCookie, signedInUser } from "../support/accounts";
import { startStack, type Stack } from "../support/stack";
import { addLocalDays, businessDate, businessMonth, monthKey, requireBusinessInstant } from "@app/shared/time";

/**
 * GET /api/bookings/export.csv (docs/product.md#admin): a filter that is not
 * valid is refused before the first byte, the file arrives whole with its
 * length, and no cell can become a formula in a spreadsheet.
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
    const file = Buffer.from(await res.arrayBuffer());
    // Sent whole, with its length.
    expect(res.headers.get("content-length")).toBe(String(file.byteLength));
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
    const file = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("content-length")).toBe(String(file.byteLength));
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
