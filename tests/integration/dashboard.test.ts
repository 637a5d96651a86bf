/** The dashboard's statistics and audit log (/api/admin/stats, /api/admin/audit). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, signedInUser } from "../support/accounts";
import { startStack, type Stack } from "../support/stack";

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  stack = await startStack({ name: "dashboard" });
  admin = await signedInUser(stack.url, stack.db, "admin");
});
afterAll(async () => {
  await stack?.stop();
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
});
