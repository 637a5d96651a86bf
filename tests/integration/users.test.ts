/** Who may call the staff API, and users and roles (/admin/users, /api/admin/users). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, signedInUser } from "../support/accounts";
import { randomIp, startStack, type Stack } from "../support/stack";

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;
let technician: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  stack = await startStack({ name: "users" });
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
  ["GET", "/api/reports/plans"],
  ["GET", "/api/plans"],
  [
    "POST",
    "/api/plans",
    { name: "n", yearlyPriceCents: 100, visitsPerYear: 1, serviceType: "generator", discountPercent: 0, terms: "t" },
  ],
  ["PATCH", "/api/plans/1", { active: false }],
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
    const next = /href="(\/admin\/users\?q=[^"]*&amp;cursor=[^"]*)"/.exec(first.html)![1]!.replaceAll("&amp;", "&");
    const second = await page(next.slice("/admin/users?".length));
    expect([...new Set(second.rows)]).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect(second.html).toContain("Users 51–57, page 2 of 2");
    expect(second.html).toContain(`href="/admin/users?q=${tag}"`);
    expect(second.html).not.toContain("Older users");
    // A cursor that is not one shows the first page; an old `page=` is ignored.
    expect(new Set((await page(`q=${tag}&cursor=zero`)).rows).size).toBe(50);
    expect(new Set((await page(`q=${tag}&page=2`)).rows).size).toBe(50);

    // The API pages the same way with `limit` and `cursor`, and gives every account without them.
    const rows = (users: Array<{ email: string }>) => users.map((u) => Number(u.email.split("@")[0]!.split(".")[1]));
    const apiFirst = await api(stack.url, "GET", `/api/admin/users?q=${tag}&limit=50`, admin.token);
    expect(rows(apiFirst.json.users)).toEqual(first.rows.filter((r, i) => first.rows.indexOf(r) === i));
    const apiSecond = await api(
      stack.url,
      "GET",
      `/api/admin/users?q=${tag}&limit=50&cursor=${apiFirst.json.nextCursor}`,
      admin.token,
    );
    expect(rows(apiSecond.json.users)).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect(apiSecond.json.nextCursor).toBeNull();
    const all = await api(stack.url, "GET", `/api/admin/users?q=${tag}`, admin.token);
    expect(all.json.users).toHaveLength(57);
    expect(all.json).not.toHaveProperty("nextCursor");
    expect((await api(stack.url, "GET", `/api/admin/users?cursor=zzz`, admin.token)).status).toBe(400);
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
