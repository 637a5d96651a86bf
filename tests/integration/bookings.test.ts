/** Bookings as staff create, change, page through and export them (/api/bookings). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, signedInUser } from "../support/accounts";
import { STAFF_EMAIL, startStack, type Stack } from "../support/stack";

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  stack = await startStack({ name: "bookings" });
  admin = await signedInUser(stack.url, stack.db, "admin");
});
afterAll(async () => {
  await stack?.stop();
});

describe("bookings", () => {
  let customerId: number;
  beforeAll(async () => {
    customerId = (
      await api(stack.url, "POST", "/api/customers", admin.token, {
        name: "Paige Hebert",
        email: "paige@example.com",
        phone: "225-555-0172",
      })
    ).json.customer.id;
  });

  it("creates a pending booking, emails staff, and changes its status by the staff's rules of the visit's state machine", async () => {
    const created = await api(stack.url, "POST", "/api/bookings", admin.token, {
      customerId,
      summary: "Install EV charger",
      details: "Tesla wall connector, garage",
      priority: "high",
      scheduledDate: "2030-03-04T15:00:00.000Z",
      status: "pending",
    });
    expect(created.status).toBe(201);
    expect(created.json.booking).toMatchObject({
      customerId,
      status: "pending",
      priority: "high",
      scheduledDate: "2030-03-04T15:00:00.000Z",
      serviceTitanId: null,
    });
    const id = created.json.booking.id;
    await stack.mail.waitFor((all) => all.some((e) => e.to.includes(STAFF_EMAIL) && e.subject.includes(`#${id}`)));

    // Any of the four from any other, as the specification says (packages/shared/src/booking/visit-status.ts).
    for (const status of ["completed", "cancelled", "completed", "pending", "cancelled", "in_progress", "completed"]) {
      const res = await api(stack.url, "PATCH", `/api/bookings/${id}`, admin.token, { status });
      expect(res.status, res.text).toBe(200);
      expect(res.json.booking.status).toBe(status);
    }
    expect((await api(stack.url, "PATCH", `/api/bookings/${id}`, admin.token, { status: "done" })).status).toBe(400);
    expect((await api(stack.url, "PATCH", "/api/bookings/999999", admin.token, { status: "completed" })).status).toBe(
      404,
    );
  });

  it("refuses bookings for unknown customers, without a summary or date, or not pending", async () => {
    const base = { customerId, summary: "x", priority: "low", scheduledDate: "2030-01-01T10:00:00Z" };
    const unknown = await api(stack.url, "POST", "/api/bookings", admin.token, { ...base, customerId: 999999 });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors.customerId).toEqual(expect.any(String));
    for (const patch of [
      { summary: "" },
      { scheduledDate: undefined },
      { scheduledDate: "tomorrow" },
      { status: "completed" },
      { priority: "whenever" },
    ]) {
      const res = await api(stack.url, "POST", "/api/bookings", admin.token, { ...base, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.json.success).toBe(false);
    }
  });

  it("pages newest first with a cursor and ranges by scheduled date", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api(stack.url, "POST", "/api/bookings", admin.token, {
        customerId,
        summary: `Paging ${i}`,
        priority: "low",
        scheduledDate: `2031-06-${String(10 + i).padStart(2, "0")}T14:00:00Z`,
      });
      ids.push(res.json.booking.id);
    }
    const first = await api(stack.url, "GET", "/api/bookings?limit=2", admin.token);
    expect(Array.isArray(first.json)).toBe(true);
    expect(first.json.map((b: { id: number }) => b.id)).toEqual([ids[4], ids[3]]);
    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    const second = await api(stack.url, "GET", `/api/bookings?limit=2&cursor=${cursor}`, admin.token);
    expect(second.json.map((b: { id: number }) => b.id)).toEqual([ids[2], ids[1]]);

    const ranged = await api(
      stack.url,
      "GET",
      `/api/bookings?from=2031-06-11T00:00:00Z&to=2031-06-13T00:00:00Z`,
      admin.token,
    );
    expect(ranged.json.map((b: { summary: string }) => b.summary).sort()).toEqual(["Paging 1", "Paging 2"]);
    expect((await api(stack.url, "GET", "/api/bookings?limit=0", admin.token)).status).toBe(400);
    expect((await api(stack.url, "GET", "/api/bookings?cursor=zzz", admin.token)).status).toBe(400);
  });
});

describe("the bookings CSV export", () => {
  it("exports the bookings list as filtered, with the right columns and rows", async () => {
    const c = await api(stack.url, "POST", "/api/customers", admin.token, {
      name: '=HYPERLINK("x")',
      email: "csv@example.com",
      phone: "225-555-0156",
    });
    const made: number[] = [];
    for (const [summary, status] of [
      ["CSV one", "pending"],
      ['CSV, two "quoted"', "completed"],
      ["CSV three", "completed"],
    ] as const) {
      const r = await api(stack.url, "POST", "/api/bookings", admin.token, {
        customerId: c.json.customer.id,
        summary,
        priority: "medium",
        scheduledDate: "2032-01-10T15:00:00Z",
      });
      made.push(r.json.booking.id);
      if (status !== "pending")
        await api(stack.url, "PATCH", `/api/bookings/${r.json.booking.id}`, admin.token, { status });
    }
    const res = await fetch(`${stack.url}/api/bookings/export.csv?status=completed&customerId=${c.json.customer.id}`, {
      headers: admin.auth,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(
      /attachment; filename="bookings-completed-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const text = (await res.text()).replace(/^\uFEFF/, "");
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe(
      '"Booking ID","Customer ID","Customer Name","Customer Email","Customer Phone","Summary","Details","Priority","Status","Scheduled (America/Chicago)","Created (America/Chicago)","ServiceTitan ID","Source","Technician","Address"',
    );
    expect(lines).toHaveLength(3);
    // Newest first; every cell quoted, quotes doubled; a formula-looking name defused.
    expect(lines[1]).toMatch(
      new RegExp(
        `^"${made[2]}","${c.json.customer.id}","'=HYPERLINK\\(""x""\\)","csv@example.com","225-555-0156","CSV three","","medium","completed","2032-01-10 09:00 CST",`,
      ),
    );
    expect(lines[2]).toContain(`"${made[1]}",`);
    expect(lines[2]).toContain('"CSV, two ""quoted"""');
    expect((await fetch(`${stack.url}/api/bookings/export.csv?status=nope`, { headers: admin.auth })).status).toBe(400);
  });
});
