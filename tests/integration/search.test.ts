/**
 * Staff search (docs/product.md#search): GET /api/search, the /admin/search page, the bookings
 * list's `q` and the New Booking dialog's customer search, against the real stack.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, signedInUser } from "../support/accounts";
import { startStack, type Stack } from "../support/stack";
import { requireBusinessInstant } from "@app/shared/time";

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let marie: { id: number };
let partialPhone: { id: number };
let other: { id: number };

interface Found {
  success: boolean;
  customers: Array<{ id: number; name: string; email: string; phone: string; address: string | null }>;
  bookings: Array<{ id: number; summary: string; status: string; scheduledDate: string; customerName: string }>;
}

const find = async (q: string) => {
  const res = await api(stack.url, "GET", `/api/search?q=${encodeURIComponent(q)}`, admin.token);
  expect(res.status).toBe(200);
  return res.json as Found;
};

beforeAll(async () => {
  stack = await startStack({ name: "search" });
  admin = await signedInUser(stack.url, stack.db, "admin");
  const { db } = stack;
  // Made first, and named to sort first: only the ranking puts Marie (the exact phone) before it.
  partialPhone = await db.customer.create({
    data: { name: "Aaron Extension", email: "aaron@example.net", phone: "225-555-0123 ext 9" },
  });
  marie = await db.customer.create({
    data: {
      name: "Marie Thibodeaux",
      email: "marie.thibodeaux@example.com",
      phone: "225-555-0123",
      address: "4512 Perkins Rd, Baton Rouge, LA 70808",
    },
  });
  other = await db.customer.create({
    data: {
      name: "Odile Guidry",
      email: "odile@example.org",
      phone: "504.555.0123",
      address: "88 Main St, Walker, LA",
    },
  });
  await db.customer.create({ data: { name: "Beau Arceneaux", email: "beau@example.com", phone: "(985) 555-0199" } });
  await db.booking.create({
    data: {
      id: 14432,
      customerId: marie.id,
      summary: "Panel upgrade",
      scheduledDate: requireBusinessInstant("2031-03-12", 9 * 60),
      address: "4512 Perkins Rd, Baton Rouge, LA 70808",
    },
  });
  await db.booking.create({
    data: { customerId: other.id, summary: "Outlet sparks", scheduledDate: requireBusinessInstant("2031-03-13", 600) },
  });
});
afterAll(async () => {
  await stack?.stop();
});

describe("GET /api/search", () => {
  it("finds a phone number in any format by its digits, the whole number first", async () => {
    for (const q of ["2255550123", "(225) 555-0123", "225.555.0123", "+1 225 555 0123"]) {
      const found = await find(q);
      expect(found.success).toBe(true);
      expect(found.customers.map((c) => c.id)).toEqual([marie.id, partialPhone.id]);
      expect(found.customers[0]).toEqual({
        id: marie.id,
        name: "Marie Thibodeaux",
        email: "marie.thibodeaux@example.com",
        phone: "225-555-0123",
        address: "4512 Perkins Rd, Baton Rouge, LA 70808",
        member: null,
      });
      // Her visits come with her.
      expect(found.bookings.map((b) => b.id)).toContain(14432);
    }
    const part = await find("555-0123");
    expect(part.customers.map((c) => c.id).sort()).toEqual([partialPhone.id, marie.id, other.id].sort());
  });

  it("forgives a typo in a name, and finds part of a name", async () => {
    expect((await find("thibodaux")).customers.map((c) => c.name)).toEqual(["Marie Thibodeaux"]);
    expect((await find("arcenaux")).customers.map((c) => c.name)).toEqual(["Beau Arceneaux"]);
    expect((await find("arcen")).customers.map((c) => c.name)).toEqual(["Beau Arceneaux"]);
    expect((await find("Ma")).customers.map((c) => c.name)).toEqual(["Marie Thibodeaux"]);
  });

  it("finds a booking by its number, with or without #", async () => {
    for (const q of ["#14432", "14432"]) {
      const found = await find(q);
      expect(found.bookings[0]).toEqual({
        id: 14432,
        summary: "Panel upgrade",
        status: "pending",
        scheduledDate: requireBusinessInstant("2031-03-12", 9 * 60).toISOString(),
        customerName: "Marie Thibodeaux",
      });
    }
  });

  it("finds part of an email, and an address", async () => {
    expect((await find("thibodeaux@exa")).customers.map((c) => c.id)).toEqual([marie.id]);
    expect((await find("odile@example.org")).customers.map((c) => c.id)).toEqual([other.id]);
    const perkins = await find("4512 perkins");
    expect(perkins.customers.map((c) => c.id)).toEqual([marie.id]);
    expect(perkins.bookings.map((b) => b.id)).toEqual([14432]);
  });

  it("puts an exact email before a customer whose email only contains it", async () => {
    const jo = await stack.db.customer.create({
      data: { name: "Zoe Jo", email: "jo@example.com", phone: "2255550000" },
    });
    const joe = await stack.db.customer.create({
      data: { name: "Adam Joe", email: "adam.jo@example.com", phone: "2255550001" },
    });
    expect((await find("jo@example.com")).customers.map((c) => c.id)).toEqual([jo.id, joe.id]);
  });

  it("answers ten customers and ten bookings at most", async () => {
    const many = [];
    for (let i = 0; i < 12; i++)
      many.push(
        await stack.db.customer.create({
          data: { name: `Capucine Landry ${i}`, email: `capucine${i}@example.com`, phone: `225555${1000 + i}` },
        }),
      );
    for (let i = 0; i < 12; i++)
      await stack.db.booking.create({
        data: {
          customerId: many[0]!.id,
          summary: `Visit ${i}`,
          scheduledDate: requireBusinessInstant("2031-04-01", i * 60),
        },
      });
    const found = await find("Capucine");
    expect(found.customers).toHaveLength(10);
    expect(found.bookings).toHaveLength(10);
    // Newest visit first.
    expect(found.bookings[0]!.summary).toBe("Visit 11");
  });

  it("never finds a record merged into another (its visits are found as the kept customer's)", async () => {
    const kept = await stack.db.customer.create({
      data: { name: "Honorine Fontenot", email: "honorine@example.com", phone: "(337) 555-0177" },
    });
    const merged = await stack.db.customer.create({
      data: {
        name: "Honorine Fontenot",
        email: "honorine@example.com",
        phone: "337-555-0177",
        mergedIntoId: kept.id,
        mergedAt: new Date(),
      },
    });
    for (const q of ["Honorine", "3375550177", "honorine@example.com"]) {
      const ids = (await find(q)).customers.map((c) => c.id);
      expect(ids, q).toContain(kept.id);
      expect(ids, q).not.toContain(merged.id);
    }
  });

  it("refuses a blank, missing or too long q with the field's error (400)", async () => {
    for (const path of ["/api/search", "/api/search?q=", "/api/search?q=%20%20", `/api/search?q=${"a".repeat(101)}`]) {
      const res = await api(stack.url, "GET", path, admin.token);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        success: false,
        message: expect.any(String),
        errors: { q: expect.any(String) },
      });
    }
    expect((await api(stack.url, "GET", `/api/search?q=${"a".repeat(100)}`, admin.token)).status).toBe(200);
  });

  it("is for admins only (401 signed out, 403 other roles)", async () => {
    expect((await api(stack.url, "GET", "/api/search?q=marie")).status).toBe(401);
    for (const role of ["customer", "technician"] as const) {
      const who = await signedInUser(stack.url, stack.db, role);
      const res = await api(stack.url, "GET", "/api/search?q=marie", who.token);
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ success: false });
    }
  });
});

describe("the same search elsewhere", () => {
  const page = async (path: string) => {
    const res = await fetch(`${stack.url}${path}`, { headers: { ...admin.auth, Accept: "text/html" } });
    return { status: res.status, html: await res.text() };
  };

  it("/admin/search renders both lists on the server, linking each record", async () => {
    const { status, html } = await page("/admin/search?q=2255550123");
    expect(status).toBe(200);
    expect(html).toContain(`href="/admin/customers/${marie.id}"`);
    expect(html).toContain('href="/admin/bookings/14432"');
    expect(html).not.toContain(`href="/admin/customers/${other.id}"`);
    expect((await page("/admin/search?q=")).status).toBe(200);
  });

  it("the bookings list takes q, with its other filters", async () => {
    const { html } = await page("/admin/bookings?q=thibodaux");
    expect(html).toContain(">#14432<");
    expect(html).not.toContain("Outlet sparks");
    expect(await page("/admin/bookings?q=thibodaux&status=completed")).toMatchObject({
      html: expect.not.stringContaining(">#14432<"),
    });
    expect((await page("/admin/bookings?q=555-0123")).html).toContain("Outlet sparks");
  });

  it("the New Booking dialog finds a customer by part of a phone number", async () => {
    const res = await api(stack.url, "GET", "/api/customers/search?name=555-0199", admin.token);
    expect(res.status).toBe(200);
    expect(res.json.map((c: { name: string }) => c.name)).toEqual(["Beau Arceneaux"]);
  });
});
