import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, pageSessionCookie, signedInUser } from "../support/accounts";
import { randomIp, startStack, type Stack } from "../support/stack";

/**
 * The maintenance plans admins keep (docs/product.md#plans), over the JSON API and /admin/plans' forms,
 * against the production build: the answers' shapes, refusals on the field, a taken name, 404, who may
 * call it, the audit log, and the page's active members. A stack of its own: plans are business-wide
 * (/plans lists them to everyone).
 */

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let technician: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  stack = await startStack({ name: "plans-api" });
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
    select: { actorEmail: true, targetType: true, details: true },
  });

const generatorCare = {
  name: "Generator Care",
  yearlyPriceCents: 18_900,
  monthlyPriceCents: 1_700,
  visitsPerYear: 1,
  serviceType: "generator",
  discountPercent: 10,
  emergencyPriority: true,
  terms: "A yearly standby-generator service, priority emergency service and 10% off other work.",
};

const names = (plans: Array<{ name: string }>) => plans.map((p) => p.name);

describe("the plans API", () => {
  it("adds plans in cents, lists them active first then by yearly price, and filters by active", async () => {
    const added = await api(stack.url, "POST", "/api/plans", admin.token, generatorCare);
    expect(added.status).toBe(201);
    expect(added.json).toEqual({
      success: true,
      plan: { id: expect.any(Number), slug: "generator-care", active: true, ...generatorCare },
    });
    // Optional fields left out: no monthly price, no emergency priority, active.
    const safety = await api(stack.url, "POST", "/api/plans", admin.token, {
      name: "Home Safety Check",
      yearlyPriceCents: 9_900,
      visitsPerYear: 1,
      serviceType: "panel-upgrades",
      discountPercent: 5,
      terms: "A yearly check of the panel, breakers, surge protector and GFCI/AFCI outlets.",
    });
    expect(safety.status).toBe(201);
    expect(safety.json.plan).toMatchObject({
      slug: "home-safety-check",
      monthlyPriceCents: null,
      emergencyPriority: false,
      active: true,
    });
    const old = await api(stack.url, "POST", "/api/plans", admin.token, {
      name: "Storm Season Pass (old)",
      yearlyPriceCents: 4_900,
      monthlyPriceCents: null,
      visitsPerYear: 0,
      serviceType: "emergency",
      discountPercent: 0,
      terms: "No longer sold.",
      active: false,
    });
    expect(old.json.plan).toMatchObject({ active: false, visitsPerYear: 0, slug: "storm-season-pass-old" });

    const list = await api(stack.url, "GET", "/api/plans", admin.token);
    expect(list.status).toBe(200);
    expect(list.json.success).toBe(true);
    expect(names(list.json.plans)).toEqual(["Home Safety Check", "Generator Care", "Storm Season Pass (old)"]);
    expect(Object.keys(list.json.plans[0]).sort()).toEqual(
      [
        "active",
        "discountPercent",
        "emergencyPriority",
        "id",
        "monthlyPriceCents",
        "name",
        "serviceType",
        "slug",
        "terms",
        "visitsPerYear",
        "yearlyPriceCents",
      ].sort(),
    );
    const inactive = await api(stack.url, "GET", "/api/plans?active=false", admin.token);
    expect(names(inactive.json.plans)).toEqual(["Storm Season Pass (old)"]);
    const active = await api(stack.url, "GET", "/api/plans?active=true", admin.token);
    expect(names(active.json.plans)).toEqual(["Home Safety Check", "Generator Care"]);
    const bad = await api(stack.url, "GET", "/api/plans?active=maybe", admin.token);
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ success: false, message: expect.any(String) });
    expect(bad.json.errors).toHaveProperty("active");

    const created = await audits("plan.created");
    expect(created).toHaveLength(3);
    expect(created[0]).toMatchObject({
      actorEmail: admin.user.email,
      targetType: "plan",
      details: { name: "Generator Care", yearlyPriceCents: 18_900, discountPercent: 10 },
    });
  });

  it("refuses a taken name with 409 (whatever its case), storing nothing", async () => {
    const before = await stack.db.plan.count();
    const audited = await stack.db.auditLog.count();
    for (const name of ["Generator Care", "generator care", "Generator  Care!"]) {
      const res = await api(stack.url, "POST", "/api/plans", admin.token, { ...generatorCare, name });
      expect(res.status, name).toBe(409);
      expect(res.json).toMatchObject({ success: false, message: expect.any(String) });
      expect(res.json.errors, name).toHaveProperty("name");
    }
    expect(await stack.db.plan.count()).toBe(before);
    expect(await stack.db.auditLog.count()).toBe(audited);
  });

  it("refuses a bad plan with 400 and the error on the field, storing nothing", async () => {
    const before = await stack.db.plan.count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...generatorCare, name: "" }, "name"],
      [{ ...generatorCare, name: "x".repeat(121) }, "name"],
      [{ ...generatorCare, name: "---" }, "name"],
      [{ ...generatorCare, name: "Two\nlines" }, "name"],
      [{ ...generatorCare, yearlyPriceCents: 0 }, "yearlyPriceCents"],
      [{ ...generatorCare, yearlyPriceCents: 189.5 }, "yearlyPriceCents"],
      [{ ...generatorCare, yearlyPriceCents: "189.00" }, "yearlyPriceCents"],
      [{ ...generatorCare, yearlyPriceCents: 1_000_000_001 }, "yearlyPriceCents"],
      [{ ...generatorCare, monthlyPriceCents: -1 }, "monthlyPriceCents"],
      [{ ...generatorCare, visitsPerYear: 13 }, "visitsPerYear"],
      [{ ...generatorCare, visitsPerYear: -1 }, "visitsPerYear"],
      [{ ...generatorCare, visitsPerYear: 1.5 }, "visitsPerYear"],
      [{ ...generatorCare, serviceType: "plumbing" }, "serviceType"],
      [{ ...generatorCare, discountPercent: 51 }, "discountPercent"],
      [{ ...generatorCare, discountPercent: 2.5 }, "discountPercent"],
      [{ ...generatorCare, emergencyPriority: "yes" }, "emergencyPriority"],
      [{ ...generatorCare, active: 1 }, "active"],
      [{ ...generatorCare, terms: "" }, "terms"],
      [{ ...generatorCare, terms: "t".repeat(2001) }, "terms"],
      [{ name: "Panel Plus", yearlyPriceCents: 100, visitsPerYear: 1, discountPercent: 0, terms: "t" }, "serviceType"],
    ];
    for (const [body, field] of cases) {
      const res = await api(stack.url, "POST", "/api/plans", admin.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.success).toBe(false);
      expect(res.json.errors, JSON.stringify(body)).toHaveProperty(field);
    }
    expect(await stack.db.plan.count()).toBe(before);
  });

  it("changes a plan (audited with from and to), refuses an empty change or a taken name, and answers 404 for none", async () => {
    const { json } = await api(stack.url, "POST", "/api/plans", admin.token, {
      ...generatorCare,
      name: "Surge Shield",
      serviceType: "residential",
      emergencyPriority: false,
    });
    const id = json.plan.id as number;
    const changed = await api(stack.url, "PATCH", `/api/plans/${id}`, admin.token, {
      name: "Surge Shield Plus",
      yearlyPriceCents: 21_900,
      monthlyPriceCents: null,
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toEqual({
      success: true,
      plan: {
        ...generatorCare,
        id,
        name: "Surge Shield Plus",
        slug: "surge-shield-plus",
        yearlyPriceCents: 21_900,
        monthlyPriceCents: null,
        serviceType: "residential",
        emergencyPriority: false,
        active: true,
      },
    });
    const off = await api(stack.url, "PATCH", `/api/plans/${id}`, admin.token, { active: false });
    expect(off.json.plan.active).toBe(false);
    // The same values again change nothing and record nothing.
    const same = await api(stack.url, "PATCH", `/api/plans/${id}`, admin.token, { active: false });
    expect(same.status).toBe(200);
    const updates = await audits("plan.updated");
    expect(updates).toEqual([
      {
        actorEmail: admin.user.email,
        targetType: "plan",
        details: {
          name: "Surge Shield Plus",
          from: { name: "Surge Shield", yearlyPriceCents: 18_900, monthlyPriceCents: 1_700 },
          to: { name: "Surge Shield Plus", yearlyPriceCents: 21_900, monthlyPriceCents: null },
        },
      },
      {
        actorEmail: admin.user.email,
        targetType: "plan",
        details: { name: "Surge Shield Plus", from: { active: true }, to: { active: false } },
      },
    ]);

    const taken = await api(stack.url, "PATCH", `/api/plans/${id}`, admin.token, { name: "GENERATOR CARE" });
    expect(taken.status).toBe(409);
    expect(taken.json.errors).toHaveProperty("name");
    const empty = await api(stack.url, "PATCH", `/api/plans/${id}`, admin.token, {});
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toHaveProperty("name");
    const negative = await api(stack.url, "PATCH", `/api/plans/${id}`, admin.token, { discountPercent: -5 });
    expect(negative.status).toBe(400);
    expect(negative.json.errors).toHaveProperty("discountPercent");
    expect(await stack.db.plan.findUniqueOrThrow({ where: { id } })).toMatchObject({
      name: "Surge Shield Plus",
      discountPercent: 10,
    });
    for (const missing of ["999999", "0", "abc", "2147483648"]) {
      const res = await api(stack.url, "PATCH", `/api/plans/${missing}`, admin.token, { active: true });
      expect(res.status, missing).toBe(404);
      expect(res.json).toMatchObject({ success: false, message: expect.any(String) });
    }
    expect((await api(stack.url, "GET", `/api/plans/${id}`, admin.token)).status).toBe(405);
    expect((await api(stack.url, "PUT", "/api/plans", admin.token, generatorCare)).status).toBe(405);
  });
});

describe("who may call it", () => {
  it("answers 401 without a session and 403 to customers and technicians, changing nothing", async () => {
    const calls: Array<[string, string, unknown]> = [
      ["GET", "/api/plans", undefined],
      ["POST", "/api/plans", { ...generatorCare, name: "Sneaky Plan" }],
      ["PATCH", "/api/plans/1", { name: "Sneaky Plan" }],
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
    expect(await stack.db.plan.count({ where: { name: "Sneaky Plan" } })).toBe(0);
  });
});

describe("/admin/plans", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await pageSessionCookie(stack.url, admin.user.email);
  });

  /** A post of the page's form, as a browser without JavaScript sends it: the page it answers with. */
  const post = async (fields: Record<string, string>) => {
    const res = await fetch(`${stack.url}/admin/plans`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": randomIp(),
        Cookie: cookie,
      },
      body: new URLSearchParams(fields),
    });
    return { status: res.status, html: await res.text() };
  };

  const form = {
    name: "Lighting Care",
    yearlyPrice: "$1,249.50",
    monthlyPrice: "",
    visitsPerYear: "2",
    serviceType: "lighting",
    discountPercent: "15",
    terms: "Two lighting visits a year.",
  };

  it("adds a plan from the dollars typed, refuses what the schema or the service refuses, and edits and deactivates it", async () => {
    const added = await post({ intent: "add-plan", ...form, emergencyPriority: "on" });
    expect(added.status).toBe(200);
    expect(added.html).toContain("Added Lighting Care at $1,249.50 a year.");
    const plan = await stack.db.plan.findUniqueOrThrow({ where: { name: "Lighting Care" } });
    expect(plan).toMatchObject({
      slug: "lighting-care",
      yearlyPriceCents: 124_950,
      monthlyPriceCents: null,
      visitsPerYear: 2,
      serviceType: "lighting",
      discountPercent: 15,
      emergencyPriority: true,
      active: true,
    });
    expect((await audits("plan.created")).at(-1)).toMatchObject({
      actorEmail: admin.user.email,
      details: { name: "Lighting Care" },
    });

    const before = await stack.db.plan.count();
    const refused = await post({ intent: "add-plan", ...form, name: "Lighting Two", yearlyPrice: "12.345" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Enter a price in dollars");
    const taken = await post({ intent: "add-plan", ...form, name: "lighting care" });
    expect(taken.status).toBe(409);
    expect(taken.html).toContain("A plan has that name already");
    expect(await stack.db.plan.count()).toBe(before);

    const edited = await post({
      intent: "edit-plan",
      id: String(plan.id),
      ...form,
      monthlyPrice: "110",
      visitsPerYear: "1",
    });
    expect(edited.status).toBe(200);
    expect(edited.html).toContain("Saved Lighting Care.");
    expect(await stack.db.plan.findUniqueOrThrow({ where: { id: plan.id } })).toMatchObject({
      monthlyPriceCents: 11_000,
      visitsPerYear: 1,
      // The box left unticked: no emergency priority.
      emergencyPriority: false,
    });
    const off = await post({ intent: "set-active", id: String(plan.id), active: "false" });
    expect(off.status).toBe(200);
    expect(off.html).toContain("Lighting Care is inactive");
    expect((await stack.db.plan.findUniqueOrThrow({ where: { id: plan.id } })).active).toBe(false);
    expect((await post({ intent: "set-active", id: "999999", active: "true" })).status).toBe(404);
    expect((await post({ intent: "what" })).status).toBe(400);
  });

  it("shows each plan with its active members, to admins only", async () => {
    const plan = await stack.db.plan.findUniqueOrThrow({ where: { name: "Generator Care" } });
    const member = async (status: "active" | "cancelled") => {
      const owner = await stack.db.customer.create({
        data: { name: "Marie Thibodeaux", email: `${randomUUID()}@example.com`, phone: "(225) 555-0181" },
      });
      await stack.db.membership.create({
        data: {
          planId: plan.id,
          customerId: owner.id,
          status,
          priceCents: plan.yearlyPriceCents,
          discountPercent: plan.discountPercent,
          paysOnline: false,
          tokenHash: randomUUID(),
          sealedToken: "test",
        },
      });
    };
    await member("active");
    await member("active");
    await member("cancelled");
    const res = await fetch(`${stack.url}/admin/plans`, { headers: { Cookie: cookie, "X-Forwarded-For": randomIp() } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const row = html.slice(html.indexOf('data-plan="Generator Care"'));
    expect(row.slice(0, row.indexOf("</tr>"))).toContain("2 active members");
    expect(html).toContain("No active members");

    const customerCookie = await pageSessionCookie(stack.url, customer.user.email);
    const denied = await fetch(`${stack.url}/admin/plans`, {
      redirect: "manual",
      headers: { Cookie: customerCookie, "X-Forwarded-For": randomIp() },
    });
    expect(denied.status).toBe(403);
    const anonymous = await fetch(`${stack.url}/admin/plans`, {
      redirect: "manual",
      headers: { "X-Forwarded-For": randomIp() },
    });
    expect(anonymous.status).toBe(401);
  });
});
