import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, signedInUser } from "../support/accounts";
import { startStack, type Stack } from "../support/stack";

/**
 * The price book and the sales-tax rate over the JSON API (docs/product.md#price-book), against
 * the production build: the answers' shapes, refusals on the field, 404, who may call it, the
 * audit log, and the rate's round trip.
 */

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let technician: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  stack = await startStack({ name: "price-book" });
  [admin, technician, customer] = await Promise.all([
    signedInUser(stack.url, stack.db, "admin"),
    signedInUser(stack.url, stack.db, "technician"),
    signedInUser(stack.url, stack.db, "customer"),
  ]);
});
afterAll(async () => {
  await stack?.stop();
});

const audits = (action: string) =>
  stack.db.auditLog.findMany({
    where: { action },
    orderBy: { id: "asc" },
    select: { actorEmail: true, details: true },
  });

describe("the price book API", () => {
  it("adds items in cents, lists them active first then by name, and filters by active", async () => {
    const added = await api(stack.url, "POST", "/api/price-book", admin.token, {
      name: "Whole-home surge protector",
      description: "Type 2 at the panel",
      unitPriceCents: 45_000,
      unit: "each",
    });
    expect(added.status).toBe(201);
    expect(added.json).toEqual({
      success: true,
      item: {
        id: expect.any(Number),
        name: "Whole-home surge protector",
        description: "Type 2 at the panel",
        unitPriceCents: 45_000,
        unit: "each",
        taxable: true,
        active: true,
      },
    });
    const labor = await api(stack.url, "POST", "/api/price-book", admin.token, {
      name: "Labor",
      unitPriceCents: 11_500,
      unit: "hour",
      taxable: false,
    });
    expect(labor.json.item).toMatchObject({ name: "Labor", description: null, unit: "hour", taxable: false });
    const old = await api(stack.url, "POST", "/api/price-book", admin.token, {
      name: "Alarm panel (old)",
      unitPriceCents: 1,
      unit: "each",
      active: false,
    });
    expect(old.json.item.active).toBe(false);

    const list = await api(stack.url, "GET", "/api/price-book", admin.token);
    expect(list.status).toBe(200);
    expect(list.json.success).toBe(true);
    expect(list.json.salesTaxRatePpm).toBe(0);
    expect(list.json.items.map((i: { name: string }) => i.name)).toEqual([
      "Labor",
      "Whole-home surge protector",
      "Alarm panel (old)",
    ]);
    expect(Object.keys(list.json.items[0]).sort()).toEqual(
      ["active", "description", "id", "name", "taxable", "unit", "unitPriceCents"].sort(),
    );
    const inactive = await api(stack.url, "GET", "/api/price-book?active=false", admin.token);
    expect(inactive.json.items.map((i: { name: string }) => i.name)).toEqual(["Alarm panel (old)"]);
    const active = await api(stack.url, "GET", "/api/price-book?active=true", admin.token);
    expect(active.json.items).toHaveLength(2);
    const bad = await api(stack.url, "GET", "/api/price-book?active=maybe", admin.token);
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toHaveProperty("active");

    const created = await audits("price_book.item_created");
    expect(created).toHaveLength(3);
    expect(created[0]).toMatchObject({
      actorEmail: admin.user.email,
      details: { name: "Whole-home surge protector", unitPriceCents: 45_000 },
    });
  });

  it("refuses a bad item with 400 and the error on the field, storing nothing", async () => {
    const before = await stack.db.priceBookItem.count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: "", unitPriceCents: 100, unit: "each" }, "name"],
      [{ name: "x".repeat(121), unitPriceCents: 100, unit: "each" }, "name"],
      [{ name: "Fan", description: "d".repeat(501), unitPriceCents: 100, unit: "each" }, "description"],
      [{ name: "Fan", unitPriceCents: 12.5, unit: "each" }, "unitPriceCents"],
      [{ name: "Fan", unitPriceCents: -1, unit: "each" }, "unitPriceCents"],
      [{ name: "Fan", unitPriceCents: 1_000_000_001, unit: "each" }, "unitPriceCents"],
      [{ name: "Fan", unitPriceCents: "1,234.50", unit: "each" }, "unitPriceCents"],
      [{ name: "Fan", unitPriceCents: 100, unit: "yard" }, "unit"],
      [{ name: "Fan", unitPriceCents: 100 }, "unit"],
      [{ name: "Fan", unitPriceCents: 100, unit: "each", taxable: "yes" }, "taxable"],
    ];
    for (const [body, field] of cases) {
      const res = await api(stack.url, "POST", "/api/price-book", admin.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.success).toBe(false);
      expect(res.json.errors, JSON.stringify(body)).toHaveProperty(field);
    }
    expect(await stack.db.priceBookItem.count()).toBe(before);
  });

  it("changes an item (audited with from and to), refuses an empty change, and answers 404 for none", async () => {
    const { json } = await api(stack.url, "POST", "/api/price-book", admin.token, {
      name: "Ceiling fan install",
      unitPriceCents: 17_500,
      unit: "each",
    });
    const id = json.item.id as number;
    const changed = await api(stack.url, "PATCH", `/api/price-book/${id}`, admin.token, {
      unitPriceCents: 19_900,
      description: "On a fan-rated box",
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toEqual({
      success: true,
      item: {
        id,
        name: "Ceiling fan install",
        description: "On a fan-rated box",
        unitPriceCents: 19_900,
        unit: "each",
        taxable: true,
        active: true,
      },
    });
    const off = await api(stack.url, "PATCH", `/api/price-book/${id}`, admin.token, { active: false });
    expect(off.json.item.active).toBe(false);
    const updates = await audits("price_book.item_updated");
    expect(updates.slice(-2)).toEqual([
      {
        actorEmail: admin.user.email,
        details: {
          name: "Ceiling fan install",
          from: { unitPriceCents: 17_500, description: null },
          to: { unitPriceCents: 19_900, description: "On a fan-rated box" },
        },
      },
      {
        actorEmail: admin.user.email,
        details: { name: "Ceiling fan install", from: { active: true }, to: { active: false } },
      },
    ]);

    const empty = await api(stack.url, "PATCH", `/api/price-book/${id}`, admin.token, {});
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toHaveProperty("name");
    const negative = await api(stack.url, "PATCH", `/api/price-book/${id}`, admin.token, { unitPriceCents: -5 });
    expect(negative.status).toBe(400);
    expect(negative.json.errors).toHaveProperty("unitPriceCents");
    for (const missing of ["999999", "0", "abc", "2147483648"]) {
      const res = await api(stack.url, "PATCH", `/api/price-book/${missing}`, admin.token, { active: true });
      expect(res.status, missing).toBe(404);
      expect(res.json).toMatchObject({ success: false, message: expect.any(String) });
    }
  });
});

describe("the sales-tax rate", () => {
  it("reads 0 until set, round-trips in parts per million, and is audited when it changes", async () => {
    expect((await api(stack.url, "GET", "/api/price-book", admin.token)).json.salesTaxRatePpm).toBe(0);
    const set = await api(stack.url, "PUT", "/api/settings/sales-tax", admin.token, { salesTaxRatePpm: 94_500 });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ success: true, salesTaxRatePpm: 94_500 });
    expect((await api(stack.url, "GET", "/api/price-book", admin.token)).json.salesTaxRatePpm).toBe(94_500);
    // The same rate again changes nothing and records nothing.
    await api(stack.url, "PUT", "/api/settings/sales-tax", admin.token, { salesTaxRatePpm: 94_500 });
    expect(await audits("settings.sales_tax_changed")).toEqual([
      { actorEmail: admin.user.email, details: { from: 0, to: 94_500 } },
    ]);
    for (const salesTaxRatePpm of [-1, 1_000_001, 9.45, "9.45"]) {
      const res = await api(stack.url, "PUT", "/api/settings/sales-tax", admin.token, { salesTaxRatePpm });
      expect(res.status, String(salesTaxRatePpm)).toBe(400);
      expect(res.json.errors).toHaveProperty("salesTaxRatePpm");
    }
    expect((await stack.db.businessSetting.findUniqueOrThrow({ where: { id: 1 } })).salesTaxRatePpm).toBe(94_500);
    expect((await api(stack.url, "POST", "/api/settings/sales-tax", admin.token, {})).status).toBe(405);
  });
});

describe("who may call it", () => {
  it("answers 401 without a session and 403 to customers and technicians, changing nothing", async () => {
    const calls: Array<[string, string, unknown]> = [
      ["GET", "/api/price-book", undefined],
      ["POST", "/api/price-book", { name: "Sneaky", unitPriceCents: 1, unit: "each" }],
      ["PATCH", "/api/price-book/1", { unitPriceCents: 1 }],
      ["PUT", "/api/settings/sales-tax", { salesTaxRatePpm: 1 }],
    ];
    const before = await stack.db.auditLog.count();
    for (const [method, path, body] of calls) {
      const anonymous = await api(stack.url, method, path, undefined, body);
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.json.success).toBe(false);
      for (const user of [customer, technician]) {
        const res = await api(stack.url, method, path, user.token, body);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.json.success).toBe(false);
      }
    }
    expect(await stack.db.auditLog.count()).toBe(before);
    expect(await stack.db.priceBookItem.count({ where: { name: "Sneaky" } })).toBe(0);
  });
});
