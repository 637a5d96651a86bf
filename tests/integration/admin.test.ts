import ical from "node-ical";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, signedInUser } from "../support/accounts";
import { connectAdminSocket, connectSocket } from "../support/chat";
import { postJson, randomIp, STAFF_EMAIL, startStack, type Stack } from "../support/stack";
import { notificationSentAt } from "../support/outbox";
import { createQueues } from "@app/shared/queues.server";
import { createFastFailRedis } from "@app/shared/redis.server";
import { requireBusinessInstant } from "@app/shared/time";

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;
let technician: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  stack = await startStack({ name: "admin" });
  admin = await signedInUser(stack.url, stack.db, "admin");
  customer = await signedInUser(stack.url, stack.db, "customer");
  technician = await signedInUser(stack.url, stack.db, "technician");
});
afterAll(async () => {
  await stack?.stop();
});

const endpoints: Array<[string, string, unknown?]> = [
  ["GET", "/api/admin/stats"],
  ["GET", "/api/admin/users"],
  ["PATCH", "/api/admin/users/1/role", { role: "admin" }],
  ["GET", "/api/bookings"],
  ["POST", "/api/bookings", { customerId: 1, summary: "x", priority: "low", scheduledDate: "2030-01-01T10:00:00Z" }],
  ["PATCH", "/api/bookings/1", { status: "completed" }],
  ["GET", "/api/customers/search?name=a"],
  ["POST", "/api/customers", { name: "n", email: "e@x.co", phone: "2255550100" }],
  ["GET", "/api/admin/audit"],
  ["GET", "/api/bookings/export.csv"],
  ["GET", "/api/reports/money"],
  ["GET", "/api/payments/export.csv"],
  ["GET", "/api/admin/calendar-feed"],
  ["POST", "/api/admin/calendar-feed"],
  ["GET", "/admin/calendar/day?date=2031-03-12"],
];

describe("every admin endpoint is refused to everyone but admins", () => {
  it.each(endpoints)("%s %s", async (method, path, body) => {
    const before = await Promise.all([
      stack.db.booking.count(),
      stack.db.customer.count(),
      stack.db.user.findMany({ select: { role: true } }),
    ]);
    const anonymous = await api(stack.url, method, path, undefined, body);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toMatchObject({ success: false, message: expect.any(String) });
    for (const who of [customer, technician]) {
      const res = await api(stack.url, method, path, who.token, body);
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ success: false });
    }
    const bad = await api(stack.url, method, path, "not-a-real-token", body);
    expect(bad.status).toBe(401);
    const after = await Promise.all([
      stack.db.booking.count(),
      stack.db.customer.count(),
      stack.db.user.findMany({ select: { role: true } }),
    ]);
    expect(after).toEqual(before);
  });
});

describe("users and roles", () => {
  it("lists users without secrets and changes another user's role", async () => {
    const list = await api(stack.url, "GET", "/api/admin/users", admin.token);
    expect(list.status).toBe(200);
    expect(list.json.success).toBe(true);
    expect(list.json.users.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(list.json)).not.toMatch(/password|hash/i);
    expect(list.json.users[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        firstName: expect.any(String),
        email: expect.any(String),
        role: expect.any(String),
        isActive: true,
      }),
    );

    const changed = await api(stack.url, "PATCH", `/api/admin/users/${technician.user.id}/role`, admin.token, {
      role: "customer",
    });
    expect(changed.status).toBe(200);
    expect(changed.json.user).toMatchObject({ id: technician.user.id, role: "customer" });
    expect((await stack.db.user.findUniqueOrThrow({ where: { id: technician.user.id } })).role).toBe("customer");
    await api(stack.url, "PATCH", `/api/admin/users/${technician.user.id}/role`, admin.token, { role: "technician" });
  });

  it("a change to admin posted from the Users page is saved only once confirmed; the JSON API's is saved at once", async () => {
    const other = await signedInUser(stack.url, stack.db, "customer");
    const roleNow = async () => (await stack.db.user.findUniqueOrThrow({ where: { id: other.user.id } })).role;
    const post = async (form: Record<string, string>) => {
      const res = await fetch(`${stack.url}/admin/users`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": randomIp(),
          Authorization: `Bearer ${admin.token}`,
        },
        body: new URLSearchParams({ intent: "change-role", userId: String(other.user.id), ...form }),
      });
      return { status: res.status, html: await res.text() };
    };
    // Without confirm=yes the page asks, and nothing is saved.
    const asked = await post({ role: "admin" });
    expect(asked.status).toBe(200);
    expect(asked.html).toContain(`Make ${other.user.firstName} ${other.user.lastName} an admin?`);
    expect(asked.html).toContain('name="confirm" value="yes"');
    expect(await roleNow()).toBe("customer");
    const confirmed = await post({ role: "admin", confirm: "yes" });
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain("User role updated successfully.");
    expect(await roleNow()).toBe("admin");
    // Other roles are not asked about.
    expect((await post({ role: "technician" })).html).toContain("User role updated successfully.");
    expect(await roleNow()).toBe("technician");
    // An API client is explicit: PATCH saves a change to admin at once.
    const patched = await api(stack.url, "PATCH", `/api/admin/users/${other.user.id}/role`, admin.token, {
      role: "admin",
    });
    expect(patched.status).toBe(200);
    expect(await roleNow()).toBe("admin");
  });

  it("the Users page lists 50 accounts a page, newest first, with links to the others that keep the search", async () => {
    const tag = `pagetest${Date.now().toString(36)}`;
    await stack.db.user.createMany({
      data: Array.from({ length: 57 }, (_, i) => ({
        firstName: "Paged",
        lastName: `Person ${String(i).padStart(2, "0")}`,
        email: `${tag}.${i}@example.com`,
        passwordHash: "x",
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    });
    const page = async (query: string) => {
      const res = await fetch(`${stack.url}/admin/users?${query}`, {
        headers: { Authorization: `Bearer ${admin.token}`, "X-Forwarded-For": randomIp() },
      });
      expect(res.status).toBe(200);
      const html = await res.text();
      return { html, rows: [...html.matchAll(new RegExp(`${tag}\\.(\\d+)@`, "g"))].map((m) => Number(m[1])) };
    };
    const first = await page(`q=${tag}`);
    expect(new Set(first.rows).size).toBe(50);
    expect(first.rows[0]).toBe(56); // newest first
    expect(first.html).toContain("57 users found, 50 a page, newest first.");
    expect(first.html).toContain("Users 1–50, page 1 of 2");
    expect(first.html).toContain(`href="/admin/users?q=${tag}&amp;page=2"`);
    const second = await page(`q=${tag}&page=2`);
    expect([...new Set(second.rows)]).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect(second.html).toContain("Users 51–57, page 2 of 2");
    expect(second.html).toContain(`href="/admin/users?q=${tag}"`);
    // A page past the last, or no page at all, shows the nearest one.
    expect([...new Set((await page(`q=${tag}&page=9`)).rows)]).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect(new Set((await page(`q=${tag}&page=zero`)).rows).size).toBe(50);
  });

  it("finds users by part of a name or email and by role, and refuses a bad query", async () => {
    const byName = await api(
      stack.url,
      "GET",
      `/api/admin/users?q=${encodeURIComponent(technician.user.firstName.slice(1, 5).toUpperCase())}`,
      admin.token,
    );
    expect(byName.status).toBe(200);
    expect(byName.json.users.map((u: { id: number }) => u.id)).toContain(technician.user.id);
    expect(byName.json.users.map((u: { id: number }) => u.id)).not.toContain(admin.user.id);

    const byEmail = await api(
      stack.url,
      "GET",
      `/api/admin/users?q=${encodeURIComponent(customer.user.email.split("@")[0]!)}`,
      admin.token,
    );
    expect(byEmail.json.users.map((u: { id: number }) => u.id)).toEqual([customer.user.id]);

    const admins = await api(stack.url, "GET", "/api/admin/users?role=admin", admin.token);
    expect(admins.json.users.length).toBeGreaterThanOrEqual(1);
    expect(admins.json.users.every((u: { role: string }) => u.role === "admin")).toBe(true);

    const nobody = await api(stack.url, "GET", "/api/admin/users?q=zzzz-nobody-here", admin.token);
    expect(nobody.json.users).toEqual([]);

    const bad = await api(stack.url, "GET", "/api/admin/users?role=owner", admin.token);
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ success: false, errors: { role: expect.any(String) } });
  });

  it("refuses an admin's own role change, unknown roles and unknown users", async () => {
    const own = await api(stack.url, "PATCH", `/api/admin/users/${admin.user.id}/role`, admin.token, {
      role: "customer",
    });
    expect(own.status).toBe(403);
    expect(own.json.message).toMatch(/own role/);
    expect((await stack.db.user.findUniqueOrThrow({ where: { id: admin.user.id } })).role).toBe("admin");

    const badRole = await api(stack.url, "PATCH", `/api/admin/users/${customer.user.id}/role`, admin.token, {
      role: "superuser",
    });
    expect(badRole.status).toBe(400);
    expect(badRole.json.errors.role).toEqual(expect.any(String));
    expect((await api(stack.url, "PATCH", "/api/admin/users/999999/role", admin.token, { role: "admin" })).status).toBe(
      404,
    );
    expect((await api(stack.url, "PATCH", "/api/admin/users/abc/role", admin.token, { role: "admin" })).status).toBe(
      404,
    );
  });
});

describe("customers", () => {
  it("creates customers and finds them by partial name, any case, and by ids", async () => {
    const created = await api(stack.url, "POST", "/api/customers", admin.token, {
      name: "Beau Arceneaux",
      email: "Beau@Example.com",
      phone: "(225) 555-0170",
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      success: true,
      customer: { id: expect.any(Number), name: "Beau Arceneaux", email: "beau@example.com" },
    });
    const other = await api(stack.url, "POST", "/api/customers", admin.token, {
      name: "Odile Guidry",
      email: "odile@example.com",
      phone: "225-555-0171",
    });

    const byName = await api(stack.url, "GET", "/api/customers/search?name=arcen", admin.token);
    expect(byName.json.map((c: { name: string }) => c.name)).toEqual(["Beau Arceneaux"]);
    const byIds = await api(
      stack.url,
      "GET",
      `/api/customers/search?ids=${created.json.customer.id},${other.json.customer.id}`,
      admin.token,
    );
    expect(byIds.json.map((c: { id: number }) => c.id)).toEqual([created.json.customer.id, other.json.customer.id]);
    const all = await api(stack.url, "GET", "/api/customers/search", admin.token);
    expect(all.json.length).toBeGreaterThanOrEqual(2);
    expect((await api(stack.url, "GET", "/api/customers/search?ids=1,x", admin.token)).status).toBe(400);
  });

  it("requires name, email and phone", async () => {
    for (const body of [
      { email: "a@b.co", phone: "2255550100" },
      { name: "A", phone: "2255550100" },
      { name: "A", email: "a@b.co" },
      { name: "A", email: "nope", phone: "2255550100" },
    ]) {
      const res = await api(stack.url, "POST", "/api/customers", admin.token, body);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ success: false, message: "Please fill in all customer fields" });
    }
  });
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

describe("staff screens at scale (docs/decisions/011-staff-screens-at-scale.md)", () => {
  let client: { id: number; name: string; email: string; phone: string };
  beforeAll(async () => {
    client = await stack.db.customer.create({
      data: { name: "Roselyn Thibodeaux", email: "roselyn@example.com", phone: "(225) 555-0123" },
    });
  });
  const book = (summary: string, date: string, minutes: number, extra: object = {}) =>
    stack.db.booking.create({
      data: { customerId: client.id, summary, scheduledDate: requireBusinessInstant(date, minutes), ...extra },
    });
  /** A page as a signed-in admin's browser gets it. */
  const page = async (path: string) => {
    const res = await fetch(`${stack.url}${path}`, { headers: { ...admin.auth, Accept: "text/html" } });
    return { status: res.status, html: await res.text() };
  };
  const count = (text: string, part: string) => text.split(part).length - 1;

  it("GET /admin/calendar/day answers one Baton Rouge day's bookings with their customers, never stored", async () => {
    const before = await book("Day before, late", "2034-05-16", 23 * 60 + 30);
    const ids = [
      (await book("Day morning", "2034-05-17", 8 * 60, { details: "Back door", priority: "emergency" })).id,
      (await book("Day noon", "2034-05-17", 12 * 60)).id,
      (await book("Day night", "2034-05-17", 23 * 60 + 45)).id,
    ];
    const after = await book("Day after, early", "2034-05-18", 15);
    const res = await fetch(`${stack.url}/admin/calendar/day?date=2034-05-17`, { headers: admin.auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const body = (await res.json()) as {
      success: boolean;
      date: string;
      bookings: Array<{ id: number; details: string | null; priority: string; customer: unknown }>;
      technicians: unknown[];
    };
    expect(body).toMatchObject({ success: true, date: "2034-05-17", technicians: expect.any(Array) });
    expect(body.bookings.map((b) => b.id)).toEqual(ids);
    expect(body.bookings.map((b) => b.id)).not.toContain(before.id);
    expect(body.bookings.map((b) => b.id)).not.toContain(after.id);
    expect(body.bookings[0]).toMatchObject({
      details: "Back door",
      priority: "emergency",
      customer: { name: client.name, email: client.email, phone: client.phone },
    });
  });

  it("GET /admin/calendar/day refuses a date that is not one with 400 and the error shape", async () => {
    for (const query of ["?date=2034-5-17", "?date=2034-02-30", "?date=tomorrow", ""]) {
      const res = await fetch(`${stack.url}/admin/calendar/day${query}`, { headers: admin.auth });
      expect(res.status, query).toBe(400);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(await res.json()).toEqual({
        success: false,
        message: "Invalid query",
        errors: { date: expect.any(String) },
      });
    }
    const posted = await fetch(`${stack.url}/admin/calendar/day?date=2034-05-17`, {
      method: "POST",
      headers: admin.auth,
    });
    expect(posted.status).toBe(405);
  });

  it("the calendar month sends three bookings a day and the day's count, and does not grow with the day", async () => {
    for (let i = 1; i <= 5; i++) await book(`Month cell visit ${i}`, "2034-07-09", (7 + i) * 60);
    const first = await page("/admin/calendar?month=2034-07");
    expect(first.status).toBe(200);
    for (const i of [1, 2, 3]) expect(first.html).toContain(`Month cell visit ${i}`);
    for (const i of [4, 5]) expect(first.html).not.toContain(`Month cell visit ${i}`);
    expect(first.html).toContain("5 appointments:");
    expect(first.html).toMatch(/\+2<span[^>]*> more<\/span>/);

    // Two hundred more that day, later in the day: the same three, a larger count, the same size.
    await stack.db.booking.createMany({
      data: Array.from({ length: 200 }, (_, i) => ({
        customerId: client.id,
        summary: `Month cell filler ${i}`,
        scheduledDate: requireBusinessInstant("2034-07-09", 13 * 60 + i),
      })),
    });
    const busy = await page("/admin/calendar?month=2034-07");
    expect(busy.html).toContain("205 appointments:");
    expect(busy.html).toMatch(/\+202<span[^>]*> more<\/span>/);
    expect(busy.html).not.toContain("Month cell filler");
    expect(Math.abs(busy.html.length - first.html.length)).toBeLessThan(100);
  });

  it("the bookings page carries each menu's choices once for 50 rows, and only what the rows show", async () => {
    const technician = await stack.db.user.create({
      data: {
        firstName: "Zephirin",
        lastName: "Menuonce",
        email: `zephirin.${Date.now()}@test.example.com`,
        passwordHash: "x",
        role: "technician",
      },
    });
    const base = Date.now() + 60_000;
    await stack.db.booking.createMany({
      data: Array.from({ length: 55 }, (_, i) => ({
        customerId: client.id,
        summary: `Fifty rows ${i}`,
        details: `A long note about the visit, ${"more words ".repeat(30)}end ${i}`,
        scheduledDate: requireBusinessInstant("2034-08-01", 8 * 60 + i),
        createdAt: new Date(base + i * 1000),
      })),
    });
    const { status, html } = await page("/admin/bookings");
    expect(status).toBe(200);
    expect(count(html, '<tr role="row">')).toBe(50 + 1); // and the header row
    // One status menu and one technician menu, each option once; no menu in a row.
    expect(count(html, 'role="listbox"')).toBe(2);
    expect(count(html, '">In progress</li>')).toBe(1);
    const markup = html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, "");
    // Twice whatever the rows: the technician filter and the one technician menu.
    expect(count(markup, "Zephirin Menuonce")).toBe(2);
    const technicians = await stack.db.user.count({ where: { role: "technician", isActive: true } });
    expect(count(html, "<select")).toBe(4); // the status, priority, technician and order filters
    expect(count(html, "<option")).toBe(5 + 5 + 2 + technicians + 3); // their choices
    // No inline icon in a row; details shortened; no whole booking records in the page's data.
    const table = html.slice(html.indexOf("<table"), html.indexOf("</table>"));
    expect(count(table, "<svg")).toBe(0);
    expect(html).not.toContain("end 54");
    expect(html).toContain("Fifty rows 54");
    expect(html).not.toContain(client.email);
    expect(html).not.toContain('\\"updatedAt\\"');
    // Every cell keeps its role (the phone layout changes the table's display); fifty rows in under 30 KB of table.
    expect(count(table, '<td role="cell">')).toBe(50 * 7);
    expect(table.length).toBeLessThan(30_000);
    await stack.db.user.delete({ where: { id: technician.id } });
  });

  it("the list filters by technician and the visit's days, sorts by visit date, counts what matches, all in the address", async () => {
    const sam = await stack.db.user.create({
      data: {
        firstName: "Sam",
        lastName: "Listfilter",
        email: `sam.listfilter.${Date.now()}@test.example.com`,
        passwordHash: "x",
        role: "technician",
      },
    });
    // 60 visits of Sam over three days of 2035 (so they page), booked in the opposite order to their dates.
    const base = Date.now() + 120_000;
    await stack.db.booking.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({
        customerId: client.id,
        summary: `Filtered visit ${String(i).padStart(2, "0")}`,
        technicianId: sam.id,
        scheduledDate: requireBusinessInstant(i < 30 ? "2035-03-06" : "2035-03-07", 8 * 60 + (i % 30) * 10),
        durationMinutes: 10,
        createdAt: new Date(base - i * 1000),
      })),
    });
    // Same days, nobody assigned; and Sam's visit on another day.
    const unassigned = await book("Filtered nobody's", "2035-03-06", 9 * 60);
    const elsewhere = await book("Filtered elsewhere", "2035-03-09", 9 * 60, { technicianId: sam.id });
    // The rows' summaries as the table shows them (the page's data, in its scripts, holds them again).
    const summaries = (html: string) =>
      [
        ...html
          .slice(html.indexOf("<table"), html.indexOf("</table>"))
          .matchAll(/Filtered (visit \d\d|nobody|elsewhere)/g),
      ].map((m) => m[1]);

    const path = `/admin/bookings?technician=${sam.id}&from=2035-03-06&to=2035-03-07&sort=visit`;
    const first = await page(path);
    expect(first.status).toBe(200);
    // Soonest visit first, only Sam's, only those days; 60 match, 50 on this page.
    expect(summaries(first.html).slice(0, 3)).toEqual(["visit 00", "visit 01", "visit 02"]);
    expect(summaries(first.html)).toHaveLength(50);
    expect(first.html).not.toContain(unassigned.summary);
    expect(first.html).not.toContain(elsewhere.summary);
    expect(first.html).toContain("60 bookings · 50 on this page");
    // The filters show as chosen, from the address (a reload, or no JavaScript, keeps them).
    expect(first.html).toMatch(/<option value="visit" selected="">Visit date, soonest first<\/option>/);
    expect(first.html).toMatch(new RegExp(`<option value="${sam.id}" selected="">Sam Listfilter</option>`));
    expect(first.html).toContain('value="2035-03-06"');
    // The next page ("Later") keeps the filters and the order, and goes on from the 50th visit.
    const next = /href="(\/admin\/bookings\?[^"]*before=[^"]*)"/.exec(first.html)![1]!.replaceAll("&amp;", "&");
    expect(next).toContain(`technician=${sam.id}`);
    expect(next).toContain("sort=visit");
    const later = await page(next);
    expect(summaries(later.html)).toEqual(Array.from({ length: 10 }, (_, i) => `visit ${50 + i}`));
    expect(later.html).toContain("60 bookings · 10 on this page");
    // Latest first; and the unassigned of those days.
    expect(summaries((await page(path.replace("sort=visit", "sort=visit-desc"))).html)[0]).toBe("visit 59");
    const nobody = await page("/admin/bookings?technician=none&from=2035-03-06&to=2035-03-07");
    expect(summaries(nobody.html)).toEqual(["nobody"]);
    expect(nobody.html).toContain(">1 booking<");
    // What cannot be a filter is ignored, as before.
    expect((await page("/admin/bookings?technician=somebody&from=tomorrow&sort=sideways")).status).toBe(200);

    // The Export CSV form takes the same filters: Sam's visits of those days only.
    const exported = await fetch(`${stack.url}/admin/bookings`, {
      method: "POST",
      headers: { ...admin.auth, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "export-bookings",
        technician: String(sam.id),
        from: "2035-03-06",
        to: "2035-03-07",
      }),
      redirect: "manual",
    });
    expect(exported.status).toBe(303);
    const location = exported.headers.get("location")!;
    expect(location).toContain(`technician=${sam.id}`);
    const csv = await (await fetch(`${stack.url}${location}`, { headers: admin.auth })).text();
    expect(csv.match(/Filtered visit/g)).toHaveLength(60);
    expect(csv).not.toContain("Filtered elsewhere");
    const none = await (
      await fetch(`${stack.url}/api/bookings/export.csv?technician=none&from=2035-03-06&to=2035-03-07`, {
        headers: admin.auth,
      })
    ).text();
    expect(none).toContain("Filtered nobody's");
    expect(none).not.toContain("Filtered visit");
  });

  it("a booking's own page shows it, and its forms post as a page; an unknown number is 404", async () => {
    const booking = await book("Own page visit", "2034-09-02", 10 * 60, { details: "Ring twice" });
    const shown = await page(`/admin/bookings/${booking.id}`);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain(`Booking #${booking.id}`);
    expect(shown.html).toContain("Ring twice");
    expect(shown.html).toContain(client.email);

    const post = await fetch(`${stack.url}/admin/bookings/${booking.id}`, {
      method: "POST",
      headers: { ...admin.auth, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "update-status", bookingId: String(booking.id), status: "in_progress" }),
    });
    expect(post.status).toBe(200);
    expect(await post.text()).toContain("Booking status updated successfully");
    expect((await stack.db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("in_progress");

    expect((await page("/admin/bookings/999999999")).status).toBe(404);
    expect((await page("/admin/bookings/not-a-number")).status).toBe(404);
    expect((await fetch(`${stack.url}/admin/bookings/${booking.id}`)).status).toBe(401);
    expect((await fetch(`${stack.url}/admin/bookings/${booking.id}`, { headers: customer.auth })).status).toBe(403);
  });
});

describe("statistics", () => {
  it("counts a known data set", async () => {
    // Start from a clean slate of bookings and users, then build a known set.
    await stack.db.appointmentRequest.deleteMany();
    await stack.db.booking.deleteMany();
    await stack.db.user.deleteMany({ where: { id: { notIn: [admin.user.id] } } });
    const now = Date.now();
    await stack.db.user.createMany({
      data: [
        {
          firstName: "a",
          lastName: "a",
          email: "s1@x.co",
          passwordHash: "h",
          role: "customer",
          lastLogin: new Date(now - 2 * 86400_000),
        },
        {
          firstName: "b",
          lastName: "b",
          email: "s2@x.co",
          passwordHash: "h",
          role: "customer",
          lastLogin: new Date(now - 20 * 86400_000),
        },
        { firstName: "c", lastName: "c", email: "s3@x.co", passwordHash: "h", role: "technician" },
      ],
    });
    const c = await stack.db.customer.create({ data: { name: "Stats", email: "stats@x.co", phone: "1" } });
    await stack.db.booking.createMany({
      data: [
        { customerId: c.id, summary: "1", status: "pending", scheduledDate: new Date(now) },
        { customerId: c.id, summary: "2", status: "pending", scheduledDate: new Date(now - 60 * 86400_000) },
        { customerId: c.id, summary: "3", status: "completed", scheduledDate: new Date(now - 90 * 86400_000) },
        { customerId: c.id, summary: "4", status: "cancelled", scheduledDate: new Date(now + 90 * 86400_000) },
      ],
    });
    const res = await api(stack.url, "GET", "/api/admin/stats", admin.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      stats: {
        // The admin signed in during this test run: active this week.
        users: { total: 4, activeThisWeek: 2, admins: 1, technicians: 1, customers: 2 },
        bookings: { total: 4, thisWeek: 1, pending: 2, completed: 1 },
      },
    });
  });
});

describe("live events for staff", () => {
  it("a dismissed emergency alert is stored, audited and told to every admin socket; its lead stays in the inbox", async () => {
    const adminSocket = await connectAdminSocket(stack.url, admin.token);
    const heard: Array<{ leads: Array<{ kind: string; id: string }> }> = [];
    adminSocket.on("lead:acknowledged", (payload) => heard.push(payload));
    try {
      const message = await stack.db.contactMessage.create({
        data: {
          firstName: "Odile",
          lastName: "Guidry",
          email: "odile.dismiss@example.com",
          message: "Water in the panel",
          emergency: true,
        },
      });
      const sessionId = `chat_${Date.now().toString(36)}dismiss`;
      await stack.db.chatSession.create({ data: { id: sessionId, emergencyAt: new Date() } });
      const dismiss = (leads: string) =>
        fetch(`${stack.url}/dashboard`, {
          method: "POST",
          headers: { ...admin.auth, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "acknowledge-emergency", leads }),
        });
      const res = await dismiss(`contact:${message.id} chat:${sessionId}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("2 alerts dismissed.");
      await expect.poll(() => heard.length).toBe(1);
      expect(heard[0]!.leads).toEqual([
        { kind: "contact", id: String(message.id) },
        { kind: "chat", id: sessionId },
      ]);
      const stored = await stack.db.contactMessage.findUniqueOrThrow({ where: { id: message.id } });
      expect(stored.emergencyAcknowledgedAt).not.toBeNull();
      expect(stored.handledAt).toBeNull();
      expect(
        await stack.db.auditLog.findMany({
          where: { action: "lead.emergency_acknowledged" },
          select: { actorEmail: true, targetType: true, targetId: true },
          orderBy: { id: "asc" },
        }),
      ).toEqual([
        { actorEmail: admin.user.email, targetType: "contact", targetId: String(message.id) },
        { actorEmail: admin.user.email, targetType: "chat", targetId: sessionId },
      ]);
      // A second press (or another admin meanwhile) changes nothing and says so; a key that is no lead is refused.
      expect(await (await dismiss(`contact:${message.id}`)).text()).toContain("That alert was dismissed already.");
      expect((await dismiss("booking:12")).status).toBe(400);
      // Its own customer: "counts a known data set" above leaves only the admin among the file's users.
      const someCustomer = await signedInUser(stack.url, stack.db, "customer");
      expect(
        (
          await fetch(`${stack.url}/dashboard`, {
            method: "POST",
            headers: { ...someCustomer.auth, "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ intent: "acknowledge-emergency", leads: `contact:${message.id}` }),
          })
        ).status,
      ).toBe(403);
    } finally {
      adminSocket.disconnect();
    }
  });

  it("tells admin sockets of new and changed bookings and raises emergencies; nobody else hears", async () => {
    const adminSocket = await connectAdminSocket(stack.url, admin.token);
    const customerSocket = await connectSocket(stack.url, { token: customer.token });
    const anonymous = await connectSocket(stack.url);
    type BookingEvent = { booking: { id: number; status: string } };
    const heard: Record<string, BookingEvent[]> = { created: [], updated: [], emergency: [] };
    adminSocket.on("booking:created", (p) => heard.created!.push(p));
    adminSocket.on("booking:updated", (p) => heard.updated!.push(p));
    adminSocket.on("booking:emergency", (p) => heard.emergency!.push(p));
    const leaked: unknown[] = [];
    for (const s of [customerSocket, anonymous])
      for (const e of ["booking:created", "booking:updated", "booking:emergency"]) s.on(e, (p) => leaked.push(p));
    try {
      const c = await api(stack.url, "POST", "/api/customers", admin.token, {
        name: "Live Customer",
        email: "live@example.com",
        phone: "225-555-0199",
      });
      const emergency = await api(stack.url, "POST", "/api/bookings", admin.token, {
        customerId: c.json.customer.id,
        summary: "Sparks from the main panel",
        priority: "emergency",
        scheduledDate: new Date().toISOString(),
      });
      await expect.poll(() => heard.emergency!.length).toBe(1);
      expect(heard.emergency![0]?.booking).toMatchObject({
        id: emergency.json.booking.id,
        priority: "emergency",
        customer: { phone: "225-555-0199" },
      });
      expect(heard.created!.map((p) => p.booking.id)).toContain(emergency.json.booking.id);

      await api(stack.url, "PATCH", `/api/bookings/${emergency.json.booking.id}`, admin.token, {
        status: "in_progress",
      });
      await expect.poll(() => heard.updated!.some((p) => p.booking.status === "in_progress")).toBe(true);

      // An emergency that arrives through the chat reaches staff the same way.
      const sessionId = `chat_${Date.now().toString(36)}live`;
      await postJson(`${stack.url}/api/chat/session`, { sessionId, status: "active" });
      const chat = await postJson(`${stack.url}/api/chat/${sessionId}/book-appointment`, {
        customerName: "Night Caller",
        customerPhone: "(225) 555-0111",
        customerEmail: "night@example.com",
        serviceType: "Emergency Electrical Service",
        priority: "emergency",
        description: "Smoke from the breaker box",
      });
      expect(chat.status).toBe(201);
      await expect.poll(() => heard.emergency!.some((p) => p.booking.id === chat.json.bookingId)).toBe(true);
      await new Promise((r) => setTimeout(r, 300));
      expect(leaked).toEqual([]);
    } finally {
      for (const s of [adminSocket, customerSocket, anonymous]) s.disconnect();
    }
  });
  it("stops telling a socket once its admin is demoted or signs out", async () => {
    const demoted = await signedInUser(stack.url, stack.db, "admin");
    const leaving = await signedInUser(stack.url, stack.db, "admin");
    const sockets = await Promise.all([admin, demoted, leaving].map((who) => connectAdminSocket(stack.url, who.token)));
    const [watcher, demotedSocket, leavingSocket] = sockets;
    const heard = new Map<Socket, number[]>(sockets.map((s) => [s, []]));
    for (const s of sockets) s.on("booking:created", (p) => heard.get(s)!.push(p.booking.id));
    const book = async (summary: string) => {
      const c = await api(stack.url, "POST", "/api/customers", admin.token, {
        name: summary,
        email: `${summary.replace(/\W/g, "").toLowerCase()}@example.com`,
        phone: "225-555-0142",
      });
      const b = await api(stack.url, "POST", "/api/bookings", admin.token, {
        customerId: c.json.customer.id,
        summary,
        priority: "low",
        scheduledDate: new Date().toISOString(),
      });
      return b.json.booking.id as number;
    };
    try {
      const first = await book("Before anything");
      await expect.poll(() => sockets.every((s) => heard.get(s)!.includes(first))).toBe(true);

      expect(
        (await api(stack.url, "PATCH", `/api/admin/users/${demoted.user.id}/role`, admin.token, { role: "technician" }))
          .status,
      ).toBe(200);
      expect((await api(stack.url, "POST", "/api/auth/logout", leaving.token)).status).toBe(200);
      // The revocation travels through Redis like any event; give it the same time.
      await new Promise((r) => setTimeout(r, 200));

      const second = await book("After the changes");
      await expect.poll(() => heard.get(watcher!)!.includes(second)).toBe(true);
      await new Promise((r) => setTimeout(r, 300));
      expect(heard.get(demotedSocket!)).not.toContain(second);
      expect(heard.get(leavingSocket!)).not.toContain(second);
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });
});

describe("queue operations page", () => {
  it("shows a failed email job and retries it", async () => {
    // The provider refuses this message's send outright (422): the job fails for good at once.
    // Other emails still in flight from earlier tests are not affected.
    Object.assign(stack.mail.faults, { failNext: 1, status: 422, match: "please fail once" });
    const contact = await postJson(`${stack.url}/api/contact`, {
      firstName: "Q",
      lastName: "Ueue",
      email: "q@example.com",
      message: "please fail once",
    });
    expect(contact.status).toBe(201);
    const jobId = `contact-${contact.json.id}`;
    await expect
      .poll(
        async () =>
          (await fetch(`${stack.url}/admin/queues`, { headers: admin.auth }).then((r) => r.text())).includes(jobId),
        { timeout: 15_000 },
      )
      .toBe(true);

    expect((await fetch(`${stack.url}/admin/queues`)).status).toBe(401);
    const someone = await signedInUser(stack.url, stack.db, "customer");
    expect((await fetch(`${stack.url}/admin/queues`, { headers: someone.auth })).status).toBe(403);

    const retry = await fetch(`${stack.url}/admin/queues`, {
      method: "POST",
      headers: { ...admin.auth, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ queue: "email", jobId }),
    });
    expect(retry.status).toBe(200);
    expect(stack.mail.faults.failNext).toBe(0);
    Object.assign(stack.mail.faults, { status: 500, match: "" });
    await stack.mail.waitFor((all) => all.some((e) => (e.text ?? "").includes("please fail once")));
    await expect
      .poll(() => notificationSentAt(stack.db, "contact-notification", { contactMessageId: contact.json.id }))
      .not.toBeNull();
  });

  it("retries a failed notification whose job Redis no longer has: the outbox's relay hands it over again", async () => {
    Object.assign(stack.mail.faults, { failNext: 1, status: 422, match: "please fail, then vanish" });
    const contact = await postJson(`${stack.url}/api/contact`, {
      firstName: "Van",
      lastName: "Ished",
      email: "van@example.com",
      message: "please fail, then vanish",
    });
    expect(contact.status).toBe(201);
    const jobId = `contact-${contact.json.id}`;
    await expect
      .poll(async () => (await stack.db.outbox.findUnique({ where: { key: jobId } }))?.failedAt ?? null, {
        timeout: 15_000,
      })
      .not.toBeNull();
    Object.assign(stack.mail.faults, { status: 500, match: "" });

    // Redis lost the failed job (evicted, or its failures trimmed): only the outbox row remains.
    const redis = createFastFailRedis(stack.redisUrl);
    redis.on("error", () => {});
    const queues = createQueues(redis, stack.redisPrefix);
    try {
      await queues.email.remove(jobId);
      expect(await queues.email.getJob(jobId)).toBeUndefined();

      const retry = await fetch(`${stack.url}/admin/queues`, {
        method: "POST",
        headers: { ...admin.auth, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ queue: "email", jobId }),
      });
      expect(retry.status).toBe(200);
      expect((await retry.text()).replaceAll("<!-- -->", "")).toContain(`Job ${jobId} is queued again.`);
      await stack.mail.waitFor((all) => all.some((e) => (e.text ?? "").includes("please fail, then vanish")));
      await expect
        .poll(() => notificationSentAt(stack.db, "contact-notification", { contactMessageId: contact.json.id }))
        .not.toBeNull();
    } finally {
      await Promise.all(Object.values(queues).map((q) => q.close()));
      redis.disconnect();
    }
  });
});

describe("records: audit log and CSV export", () => {
  it("records who changed a role and a booking status, and when", async () => {
    const target = await signedInUser(stack.url, stack.db, "customer");
    await api(stack.url, "PATCH", `/api/admin/users/${target.user.id}/role`, admin.token, { role: "technician" });
    const c = await api(stack.url, "POST", "/api/customers", admin.token, {
      name: "Audit Customer",
      email: "audit@example.com",
      phone: "225-555-0155",
    });
    const b = await api(stack.url, "POST", "/api/bookings", admin.token, {
      customerId: c.json.customer.id,
      summary: "Audit me",
      priority: "low",
      scheduledDate: "2030-05-05T15:00:00Z",
    });
    await api(stack.url, "PATCH", `/api/bookings/${b.json.booking.id}`, admin.token, { status: "completed" });
    // Setting the same status again is not a change.
    await api(stack.url, "PATCH", `/api/bookings/${b.json.booking.id}`, admin.token, { status: "completed" });

    const res = await api(stack.url, "GET", "/api/admin/audit?limit=10", admin.token);
    expect(res.status).toBe(200);
    const entries = res.json.entries as Array<{
      action: string;
      targetId: string;
      actorEmail: string;
      details: Record<string, string>;
      createdAt: string;
    }>;
    const statusChanges = entries.filter(
      (e) => e.action === "booking.status_changed" && e.targetId === String(b.json.booking.id),
    );
    expect(statusChanges).toHaveLength(1);
    expect(statusChanges[0]).toMatchObject({
      actorEmail: admin.user.email,
      details: { from: "pending", to: "completed" },
    });
    const roleChange = entries.find((e) => e.action === "user.role_changed" && e.targetId === String(target.user.id));
    expect(roleChange).toMatchObject({ actorEmail: admin.user.email, details: { from: "customer", to: "technician" } });
    expect(Date.now() - new Date(roleChange!.createdAt).getTime()).toBeLessThan(60_000);
  });

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

describe("calendar feed", () => {
  it("gives each admin a private, revocable ICS address that calendar apps can read", async () => {
    const c = await api(stack.url, "POST", "/api/customers", admin.token, {
      name: "Feed Customer",
      email: "feed@example.com",
      phone: "225-555-0157",
    });
    const soon = new Date(Date.now() + 3 * 86400_000);
    soon.setUTCMinutes(0, 0, 0);
    const b = await api(stack.url, "POST", "/api/bookings", admin.token, {
      customerId: c.json.customer.id,
      summary: "Feed visit",
      details: "Gate code 1234",
      priority: "emergency",
      scheduledDate: soon.toISOString(),
    });

    expect((await api(stack.url, "GET", "/api/admin/calendar-feed", admin.token)).json).toEqual({
      success: true,
      url: null,
    });
    const created = await api(stack.url, "POST", "/api/admin/calendar-feed", admin.token);
    expect(created.status).toBe(201);
    const url: string = created.json.url;
    expect(url).toMatch(new RegExp(`^${stack.url}/calendar/[0-9a-f-]{36}\\.[\\w-]{43}\\.ics$`));
    expect((await api(stack.url, "GET", "/api/admin/calendar-feed", admin.token)).json.url).toBe(url);

    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/calendar");
    const events = Object.values(ical.sync.parseICS(await res.text())).filter(
      (e) => e?.type === "VEVENT",
    ) as ical.VEvent[];
    const event = events.find((e) => String(e.summary).includes(`#${b.json.booking.id}`));
    expect(event).toBeDefined();
    expect(String(event!.summary)).toBe(`EMERGENCY: #${b.json.booking.id} Feed visit (Feed Customer)`);
    expect(new Date(event!.start).toISOString()).toBe(soon.toISOString());
    expect(String(event!.description)).toContain("225-555-0157");

    // A tampered or rotated address no longer works.
    expect((await fetch(url.replace(/\.([\w-]{5})/, ".AAAAA"))).status).toBe(404);
    const rotated = await api(stack.url, "POST", "/api/admin/calendar-feed", admin.token);
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(rotated.json.url)).status).toBe(200);
    await api(stack.url, "DELETE", "/api/admin/calendar-feed", admin.token);
    expect((await fetch(rotated.json.url)).status).toBe(404);
  });
});
