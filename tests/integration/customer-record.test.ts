/**
 * A customer's record (docs/product.md#customer-record): the page and `GET/PATCH
 * /api/customers/{id}` over the same service, its notes, emails (from the email log) and
 * reminders, and a merge confirmed on its own page then undone from its audit entry, which
 * restores exactly what moved, for 7 days (docs/decisions/018-customer-merge-undo.md).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { apiEndpoints } from "~/utils/api-catalogue.server";
import { api, formPost, signedInUser } from "../support/accounts";
import { randomIp, type Stack } from "../support/stack";
import { sharedStack } from "../support/shared-stack";

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  stack = await sharedStack();
  admin = await signedInUser(stack.url, stack.db, "admin");
}, 120_000);
let counter = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}.${++counter}@example.com`;

async function customerWithVisits(email = uniqueEmail("record"), extra: { address?: string; userId?: number } = {}) {
  const customer = await stack.db.customer.create({
    data: { name: "Roselyn Thibodeaux", email, phone: "(225) 555-0123", ...extra },
  });
  const older = await stack.db.booking.create({
    data: { customerId: customer.id, summary: "Panel upgrade", scheduledDate: new Date("2026-12-01T15:00:00Z") },
  });
  const newer = await stack.db.booking.create({
    data: {
      customerId: customer.id,
      summary: "Ceiling fan",
      status: "completed",
      scheduledDate: new Date("2026-12-09T18:00:00Z"),
    },
  });
  return { customer, older, newer };
}

/** An estimate with options of these totals (Good, Better…), as the estimates service stores one. */
async function estimate(customerId: number, totals: number[], status: "draft" | "sent" = "draft") {
  return stack.db.estimate.create({
    data: {
      customerId,
      status,
      taxRatePpm: 0,
      ...(status === "sent" ? { sentAt: new Date("2026-12-02T15:00:00Z") } : {}),
      options: {
        create: totals.map((totalCents, i) => ({
          position: i + 1,
          name: `Option ${i + 1}`,
          subtotalCents: totalCents,
          taxCents: 0,
          totalCents,
          depositCents: 0,
        })),
      },
    },
    include: { options: { orderBy: { position: "asc" } } },
  });
}

type InvoiceStatus = "draft" | "sent" | "partially_paid" | "paid" | "void";

/** An invoice of one line for `totalCents`, of which `paidCents` is paid (the database's CHECKs hold). */
async function invoice(customerId: number, status: InvoiceStatus, totalCents: number, paidCents = 0) {
  const sent = status !== "draft";
  return stack.db.invoice.create({
    data: {
      customerId,
      status,
      taxRatePpm: 0,
      subtotalCents: totalCents,
      taxCents: 0,
      totalCents,
      paidCents,
      ...(sent ? { sentAt: new Date("2026-12-05T15:00:00Z") } : {}),
      ...(status === "paid" ? { paidAt: new Date("2026-12-06T15:00:00Z") } : {}),
      ...(status === "void" ? { voidedAt: new Date("2026-12-06T15:00:00Z") } : {}),
      lines: {
        create: [
          {
            position: 1,
            description: "Panel upgrade",
            quantityHundredths: 100,
            unitPriceCents: totalCents,
            taxable: false,
            totalCents,
          },
        ],
      },
    },
  });
}

/**
 * A customer's money, oldest first: a draft estimate of two options, a sent one approved on its
 * dearer option, a declined one; a paid invoice, a partially paid one ($500 left), a sent one
 * ($250), a draft ($100) and a void one ($50): $750 owed.
 */
async function customerWithMoney() {
  const { customer } = await customerWithVisits();
  const draft = await estimate(customer.id, [100_000, 150_000]);
  const approved = await estimate(customer.id, [120_000, 180_000], "sent");
  await stack.db.estimate.update({
    where: { id: approved.id },
    data: {
      status: "approved",
      approvedOptionId: approved.options[1]!.id,
      approvedAt: new Date("2026-12-03T15:00:00Z"),
      signatureName: "Roselyn Thibodeaux",
    },
  });
  const declined = await estimate(customer.id, [50_000], "sent");
  await stack.db.estimate.update({
    where: { id: declined.id },
    data: { status: "declined", declinedAt: new Date("2026-12-04T15:00:00Z") },
  });
  const paid = await invoice(customer.id, "paid", 50_000, 50_000);
  const partly = await invoice(customer.id, "partially_paid", 80_000, 30_000);
  const sent = await invoice(customer.id, "sent", 25_000);
  const draftInvoice = await invoice(customer.id, "draft", 10_000);
  const voided = await invoice(customer.id, "void", 5_000);
  // Another customer's: never on this record.
  const { customer: other } = await customerWithVisits();
  const theirs = await invoice(other.id, "sent", 99_000);
  return {
    customer,
    estimates: { draft, approved, declined },
    invoices: { paid, partly, sent, draft: draftInvoice, voided },
    theirs,
  };
}

/** A page as a signed-in admin's browser gets it. */
async function page(path: string, token = admin.token) {
  const res = await fetch(`${stack.url}${path}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: "text/html", "X-Forwarded-For": randomIp() },
  });
  return { status: res.status, html: (await res.text()).replaceAll("<!-- -->", "") };
}

const post = async (path: string, fields: Record<string, string>) => {
  const res = await formPost(stack.url, path, admin.token, fields);
  return { status: res.status, html: (await res.text()).replaceAll("<!-- -->", "") };
};

describe("GET and PATCH /api/customers/{id}", () => {
  it("answers the customer and every visit, newest first, as booking JSON", async () => {
    const { customer, older, newer } = await customerWithVisits();
    const res = await api(stack.url, "GET", `/api/customers/${customer.id}`, admin.token);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      customer: {
        id: customer.id,
        name: "Roselyn Thibodeaux",
        email: customer.email,
        phone: "(225) 555-0123",
        address: null,
        accountLinked: false,
        mergedIntoId: null,
        mergedAt: null,
        createdAt: customer.createdAt.toISOString(),
      },
    });
    expect(res.json.bookings.map((b: { id: number }) => b.id)).toEqual([newer.id, older.id]);
    expect(res.json.bookings[0]).toMatchObject({
      customerId: customer.id,
      status: "completed",
      summary: "Ceiling fan",
    });
  });

  it("answers their estimates and invoices, newest first, with totals, balances and what they owe", async () => {
    const { customer, estimates, invoices, theirs } = await customerWithMoney();
    const res = await api(stack.url, "GET", `/api/customers/${customer.id}`, admin.token);
    expect(res.status, res.text).toBe(200);
    expect(res.json.estimates).toEqual([
      {
        id: estimates.declined.id,
        number: estimates.declined.number,
        status: "declined",
        createdAt: estimates.declined.createdAt.toISOString(),
        sentAt: "2026-12-02T15:00:00.000Z",
        totalCents: 50_000,
        maxTotalCents: 50_000,
      },
      // Approved: its approved option's total only.
      expect.objectContaining({
        id: estimates.approved.id,
        status: "approved",
        totalCents: 180_000,
        maxTotalCents: 180_000,
      }),
      // Not approved: from its lowest option's total to its highest.
      expect.objectContaining({
        id: estimates.draft.id,
        status: "draft",
        sentAt: null,
        totalCents: 100_000,
        maxTotalCents: 150_000,
      }),
    ]);
    expect(res.json.estimates[0].number).toMatch(/^EST-\d{4}-\d{4,}$/);
    expect(res.json.invoices.map((i: { id: number }) => i.id)).toEqual([
      invoices.voided.id,
      invoices.draft.id,
      invoices.sent.id,
      invoices.partly.id,
      invoices.paid.id,
    ]);
    expect(res.json.invoices).toEqual([
      expect.objectContaining({ status: "void", totalCents: 5_000, paidCents: 0 }),
      expect.objectContaining({
        status: "draft",
        sentAt: null,
        totalCents: 10_000,
        paidCents: 0,
        balanceCents: 10_000,
      }),
      expect.objectContaining({ status: "sent", totalCents: 25_000, paidCents: 0, balanceCents: 25_000 }),
      expect.objectContaining({
        number: invoices.partly.number,
        status: "partially_paid",
        sentAt: "2026-12-05T15:00:00.000Z",
        totalCents: 80_000,
        paidCents: 30_000,
        balanceCents: 50_000,
      }),
      expect.objectContaining({ status: "paid", totalCents: 50_000, paidCents: 50_000, balanceCents: 0 }),
    ]);
    expect(res.json.invoices.map((i: { id: number }) => i.id)).not.toContain(theirs.id);
    // Sent ($250) and partially paid ($500 left): not the draft, the void or the paid one.
    expect(res.json).toMatchObject({ owedCents: 75_000, estimateCount: 3, invoiceCount: 5 });
    // The answer the API document (and the fuzz test) promises.
    const documented = apiEndpoints().find((e) => e.method === "GET" && e.path === "/api/customers/{id}")!;
    expect(documented.success.schema!.safeParse(res.json).error).toBeUndefined();

    const none = await customerWithVisits();
    const empty = await api(stack.url, "GET", `/api/customers/${none.customer.id}`, admin.token);
    expect(empty.json).toMatchObject({
      estimates: [],
      invoices: [],
      owedCents: 0,
      estimateCount: 0,
      invoiceCount: 0,
    });
  });

  it("lists the newest 20 invoices and counts them all", async () => {
    const { customer } = await customerWithVisits();
    const made = [];
    for (let i = 0; i < 21; i++) made.push(await invoice(customer.id, "sent", 1_000));
    const res = await api(stack.url, "GET", `/api/customers/${customer.id}`, admin.token);
    expect(res.json.invoices.map((i: { id: number }) => i.id)).toEqual(
      made
        .map((i) => i.id)
        .reverse()
        .slice(0, 20),
    );
    // Every sent invoice counts towards what they owe, shown or not.
    expect(res.json).toMatchObject({ invoiceCount: 21, owedCents: 21_000 });
    const { html } = await page(`/admin/customers/${customer.id}`);
    expect(html).toContain(`href="/admin/invoices?q=${encodeURIComponent(customer.email)}"`);
    expect(html).toContain("and 1 more invoice<");
    expect(html).not.toContain("more estimate");
  });

  it("gives a customer with no address their first visit's, and never replaces one they have", async () => {
    const { customer } = await customerWithVisits();
    const book = (address: string) =>
      api(stack.url, "POST", "/api/bookings", admin.token, {
        customerId: customer.id,
        summary: "Outlet repair",
        priority: "medium",
        scheduledDate: "2030-01-07T16:00:00Z",
        address,
      });
    expect((await book("  48 Bayou Rd, Walker, LA 70785 ")).status).toBe(201);
    expect((await api(stack.url, "GET", `/api/customers/${customer.id}`, admin.token)).json.customer.address).toBe(
      "48 Bayou Rd, Walker, LA 70785",
    );
    expect((await book("9 Elsewhere St, Denham Springs, LA 70726")).status).toBe(201);
    expect((await api(stack.url, "GET", `/api/customers/${customer.id}`, admin.token)).json.customer.address).toBe(
      "48 Bayou Rd, Walker, LA 70785",
    );
  });

  it("answers 404 for an id that is no customer or cannot be one, 401 signed out and 403 for other roles", async () => {
    for (const id of ["2147483647", "2147483648", "0", "abc"])
      expect((await api(stack.url, "GET", `/api/customers/${id}`, admin.token)).status).toBe(404);
    expect(
      (await api(stack.url, "PATCH", "/api/customers/2147483647", admin.token, { phone: "225 555 0100" })).status,
    ).toBe(404);
    const { customer } = await customerWithVisits();
    expect((await api(stack.url, "GET", `/api/customers/${customer.id}`)).status).toBe(401);
    expect(
      (await api(stack.url, "PATCH", `/api/customers/${customer.id}`, undefined, { phone: "1234567" })).status,
    ).toBe(401);
    for (const role of ["customer", "technician"] as const) {
      const other = await signedInUser(stack.url, stack.db, role);
      expect((await api(stack.url, "GET", `/api/customers/${customer.id}`, other.token)).status).toBe(403);
      const patched = await api(stack.url, "PATCH", `/api/customers/${customer.id}`, other.token, { phone: "1234567" });
      expect(patched.status).toBe(403);
    }
    expect(await stack.db.customer.findUniqueOrThrow({ where: { id: customer.id } })).toMatchObject({
      phone: "(225) 555-0123",
    });
  });

  it("changes only what is sent, with the record's rules, and audits each field's from and to", async () => {
    const { customer } = await customerWithVisits();
    const bad = await api(stack.url, "PATCH", `/api/customers/${customer.id}`, admin.token, {
      email: "not-an-email",
      phone: "call me",
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      success: false,
      errors: { email: "Enter a valid email address", phone: "Enter a valid phone number" },
    });
    expect((await api(stack.url, "PATCH", `/api/customers/${customer.id}`, admin.token, {})).status).toBe(400);
    expect(
      (await api(stack.url, "PATCH", `/api/customers/${customer.id}`, admin.token, { name: "x".repeat(121) })).json
        .errors,
    ).toMatchObject({ name: "Name is too long" });
    expect(
      await stack.db.auditLog.count({ where: { action: "customer.updated", targetId: String(customer.id) } }),
    ).toBe(0);

    const res = await api(stack.url, "PATCH", `/api/customers/${customer.id}`, admin.token, {
      phone: "225-555-0199",
      address: "12 Magnolia Ln, Denham Springs",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      customer: {
        id: customer.id,
        name: customer.name,
        phone: "225-555-0199",
        address: "12 Magnolia Ln, Denham Springs",
      },
    });
    const entry = await stack.db.auditLog.findFirstOrThrow({
      where: { action: "customer.updated", targetId: String(customer.id) },
    });
    expect(entry).toMatchObject({
      actorEmail: admin.user.email,
      details: {
        from: { phone: "(225) 555-0123", address: null },
        to: { phone: "225-555-0199", address: "12 Magnolia Ln, Denham Springs" },
      },
    });
    // null clears the address; the same value again changes (and audits) nothing.
    const cleared = await api(stack.url, "PATCH", `/api/customers/${customer.id}`, admin.token, { address: null });
    expect(cleared.json.customer.address).toBeNull();
    await api(stack.url, "PATCH", `/api/customers/${customer.id}`, admin.token, { phone: "225-555-0199" });
    expect(
      await stack.db.auditLog.count({ where: { action: "customer.updated", targetId: String(customer.id) } }),
    ).toBe(2);
  });
});

describe("the record's page", () => {
  it("shows the details, the visits with links, the notes, the emails from the email log and the reminders", async () => {
    const { customer, older, newer } = await customerWithVisits();
    await stack.db.emailLog.createMany({
      data: [
        { to: customer.email, subject: "Your visit is booked", kind: "visit-confirmation", status: "sent" },
        { to: customer.email, subject: "Reminder: your visit tomorrow", kind: "visit-reminder", status: "failed" },
        { to: uniqueEmail("someone-else"), subject: "Not theirs", kind: "visit-confirmation", status: "sent" },
      ],
    });
    await stack.db.emailPreference.create({
      data: { email: customer.email, tokenHash: `hash-${customer.id}`, unsubscribedAt: new Date() },
    });
    const { status, html } = await page(`/admin/customers/${customer.id}`);
    expect(status).toBe(200);
    expect(html).toContain("Roselyn Thibodeaux");
    expect(html).toContain(`href="/admin/bookings/${newer.id}"`);
    expect(html.indexOf(`/admin/bookings/${newer.id}"`)).toBeLessThan(html.indexOf(`/admin/bookings/${older.id}"`));
    expect(html).toContain("Your visit is booked");
    expect(html).toContain("Reminder: your visit tomorrow");
    expect(html).not.toContain("Not theirs");
    expect(html).toContain("Off: the customer unsubscribed");
    expect(html).toContain("Account: none linked");

    for (const path of ["/admin/customers/2147483647", "/admin/customers/2147483648", "/admin/customers/abc"]) {
      const missing = await page(path);
      expect(missing.status).toBe(404);
      expect(missing.html).toContain("Customer not found");
    }
    const other = await signedInUser(stack.url, stack.db, "technician");
    expect((await page(`/admin/customers/${customer.id}`, other.token)).status).toBe(403);
  });

  it("shows the Money section: what is owed, the invoices and estimates with their links, statuses and amounts", async () => {
    const { customer, estimates, invoices, theirs } = await customerWithMoney();
    const { status, html } = await page(`/admin/customers/${customer.id}`);
    expect(status).toBe(200);
    expect(html).toContain('id="money-heading"');
    expect(html).toContain("Owed now: $750.00");
    expect(html).toContain(`href="/admin/estimates/new?customer=${customer.id}"`);
    for (const i of Object.values(invoices)) {
      expect(html).toContain(`href="/admin/invoices/${i.id}"`);
      expect(html).toContain(`>${i.number}</a>`);
    }
    for (const e of Object.values(estimates)) expect(html).toContain(`href="/admin/estimates/${e.id}"`);
    expect(html).not.toContain(`href="/admin/invoices/${theirs.id}"`);
    // Newest first.
    expect(html.indexOf(`/admin/invoices/${invoices.sent.id}"`)).toBeLessThan(
      html.indexOf(`/admin/invoices/${invoices.partly.id}"`),
    );
    expect(html.indexOf(`/admin/estimates/${estimates.declined.id}"`)).toBeLessThan(
      html.indexOf(`/admin/estimates/${estimates.draft.id}"`),
    );
    for (const word of ["Partially paid", "Paid", "Void", "Draft", "Approved", "Declined"])
      expect(html).toContain(`>${word}</span>`);
    // The partially paid invoice: total, paid, balance; the estimates' totals.
    expect(html).toContain("$800.00");
    expect(html).toContain("$300.00");
    expect(html).toContain("$500.00");
    expect(html).toContain("$1,000.00 to $1,500.00");
    expect(html).toContain("$1,800.00");
    expect(html).not.toContain("more invoice");

    const none = await customerWithVisits();
    const empty = (await page(`/admin/customers/${none.customer.id}`)).html;
    expect(empty).toContain("Nothing owed");
    expect(empty).toContain("No invoices yet.");
    expect(empty).toContain("No estimates yet.");
  });

  it("saves details with the shared rules, adds notes with their author, and turns reminders back on only when the customer asked", async () => {
    const { customer } = await customerWithVisits();
    const path = `/admin/customers/${customer.id}`;
    const fields = { intent: "update-customer", name: customer.name, email: customer.email, address: "" };
    const refused = await post(path, { ...fields, phone: "call me" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Enter a valid phone number");
    const saved = await post(path, { ...fields, phone: "(225) 555-0177" });
    expect(saved.status).toBe(200);
    expect(saved.html).toContain("Customer details saved.");
    expect(await stack.db.customer.findUniqueOrThrow({ where: { id: customer.id } })).toMatchObject({
      phone: "(225) 555-0177",
    });

    expect((await post(path, { intent: "add-note", text: "  " })).status).toBe(400);
    expect((await post(path, { intent: "add-note", text: "Dog in the yard; gate code 4412" })).status).toBe(200);
    expect(await stack.db.customerNote.findMany({ where: { customerId: customer.id } })).toMatchObject([
      { text: "Dog in the yard; gate code 4412", authorId: admin.user.id, authorEmail: admin.user.email },
    ]);
    expect((await page(path)).html).toContain("Dog in the yard; gate code 4412");

    await stack.db.emailPreference.create({
      data: { email: customer.email, tokenHash: `hash-${customer.id}`, unsubscribedAt: new Date() },
    });
    const unasked = await post(path, { intent: "resubscribe" });
    expect(unasked.status).toBe(400);
    expect(unasked.html).toContain("Tick the box to confirm the customer asked");
    expect(
      (await stack.db.emailPreference.findUniqueOrThrow({ where: { email: customer.email } })).unsubscribedAt,
    ).not.toBeNull();
    expect((await post(path, { intent: "resubscribe", customerAsked: "on" })).status).toBe(200);
    expect(
      (await stack.db.emailPreference.findUniqueOrThrow({ where: { email: customer.email } })).unsubscribedAt,
    ).toBeNull();
    expect(
      await stack.db.auditLog.count({
        where: { action: "customer.emails_resubscribed", targetId: String(customer.id) },
      }),
    ).toBe(1);
  });
});

describe("merging with a confirmation, and undoing it", () => {
  /** An older record (with an account) and a lead with the same address, two visits, a request and a note. */
  async function duplicates() {
    const owner = await signedInUser(stack.url, stack.db, "customer");
    const kept = await stack.db.customer.create({
      data: { name: "Real Owner", email: owner.user.email, phone: "(225) 555-0150", userId: owner.user.id },
    });
    const lead = await customerWithVisits(owner.user.email, { address: "12 Magnolia Ln, Denham Springs" });
    const request = await stack.db.appointmentRequest.create({
      data: {
        customerName: "Roselyn Thibodeaux",
        customerPhone: "(225) 555-0123",
        customerEmail: owner.user.email,
        serviceType: "Panel Upgrade",
        customerId: lead.customer.id,
        bookingId: lead.older.id,
      },
    });
    const note = await stack.db.customerNote.create({
      data: { customerId: lead.customer.id, authorEmail: admin.user.email, text: "Called back, same person" },
    });
    // A visit of the kept record's own: it must stay where it is through the merge and its undo.
    const own = await stack.db.booking.create({
      data: { customerId: kept.id, summary: "Own visit", scheduledDate: new Date("2026-12-03T15:00:00Z") },
    });
    // The merged record's money: an estimate, and an invoice of its visit partly paid by check.
    const estimate = await stack.db.estimate.create({ data: { customerId: lead.customer.id, taxRatePpm: 0 } });
    const invoice = await stack.db.invoice.create({
      data: {
        customerId: lead.customer.id,
        bookingId: lead.older.id,
        status: "partially_paid",
        sentAt: new Date(),
        taxRatePpm: 0,
        subtotalCents: 40_000,
        taxCents: 0,
        totalCents: 40_000,
        paidCents: 10_000,
        payments: { create: [{ customerId: lead.customer.id, method: "check", amountCents: 10_000 }] },
      },
    });
    // The merged record's plan membership: the member stays one, on the kept record.
    const planName = `Panel Care ${lead.customer.id}`;
    const plan = await stack.db.plan.create({
      data: {
        name: planName,
        slug: planName.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
        yearlyPriceCents: 12_000,
        visitsPerYear: 1,
        serviceType: "panel-upgrades",
        discountPercent: 5,
        terms: "A yearly panel inspection.",
      },
    });
    await stack.db.membership.create({
      data: {
        planId: plan.id,
        customerId: lead.customer.id,
        status: "active",
        priceCents: 12_000,
        discountPercent: 5,
        paysOnline: false,
        tokenHash: `merge-test-${lead.customer.id}`,
        sealedToken: "unused",
      },
    });
    return {
      owner,
      kept,
      lead: lead.customer,
      bookings: [lead.older, lead.newer],
      request,
      note,
      own,
      estimate,
      invoice,
    };
  }

  /** Where everything is now: the two records and what belongs to each. */
  async function snapshot(ids: number[]) {
    const customers = await stack.db.customer.findMany({
      where: { id: { in: ids } },
      orderBy: { id: "asc" },
      select: {
        id: true,
        name: true,
        email: true,
        phone: true,
        address: true,
        userId: true,
        mergedIntoId: true,
        mergedAt: true,
      },
    });
    const owned = {
      where: { customerId: { in: ids } },
      orderBy: { id: "asc" },
      select: { id: true, customerId: true },
    } as const;
    const [estimates, invoices, payments, memberships] = await Promise.all([
      stack.db.estimate.findMany(owned),
      stack.db.invoice.findMany(owned),
      stack.db.payment.findMany(owned),
      stack.db.membership.findMany(owned),
    ]);
    const [bookings, requests, notes] = await Promise.all([
      stack.db.booking.findMany({
        where: { customerId: { in: ids } },
        orderBy: { id: "asc" },
        select: { id: true, customerId: true },
      }),
      stack.db.appointmentRequest.findMany({
        where: { customerId: { in: ids } },
        orderBy: { id: "asc" },
        select: { id: true, customerId: true },
      }),
      stack.db.customerNote.findMany({
        where: { customerId: { in: ids } },
        orderBy: { id: "asc" },
        select: { id: true, customerId: true },
      }),
    ]);
    return { customers, bookings, requests, notes, estimates, invoices, payments, memberships };
  }

  it("shows both records and what moves; only the confirmation merges; Undo restores exactly, once", async () => {
    const { owner, kept, lead, bookings, own } = await duplicates();
    const before = await snapshot([kept.id, lead.id]);

    const list = await page("/admin/bookings");
    expect(list.html).toContain(`href="/admin/customers/merge?booking=${bookings[1]!.id}"`);
    expect(list.html).toContain(`href="/admin/customers/${lead.id}"`);
    // The bookings page no longer merges in one click.
    expect(
      (await post("/admin/bookings", { intent: "merge-customer", bookingId: String(bookings[0]!.id) })).status,
    ).toBe(400);

    const confirmation = await page(`/admin/customers/merge?booking=${bookings[0]!.id}`);
    expect(confirmation.status).toBe(200);
    expect(confirmation.html).toContain(`Merged away: customer #${lead.id}`);
    expect(confirmation.html).toContain(`Kept: customer #${kept.id}`);
    expect(confirmation.html).toContain("Visits (2)");
    expect(confirmation.html).toContain("Requests (1)");
    expect(confirmation.html).toContain("Notes (1)");
    expect(confirmation.html.replaceAll("<!-- -->", "")).toContain(
      "Estimates (1) and invoices (1), with their payments",
    );
    expect(confirmation.html.replaceAll("<!-- -->", "")).toContain("Plan memberships (1)");
    expect(confirmation.html).toContain(`Panel Care ${lead.id} (Active)`);
    expect(confirmation.html).toContain("Called back, same person");
    expect(confirmation.html).toContain(`(from customer #${lead.id}: #${kept.id} has none)`);
    expect(await snapshot([kept.id, lead.id])).toEqual(before);

    const merged = await fetch(`${stack.url}/admin/customers/merge?booking=${bookings[0]!.id}`, {
      method: "POST",
      redirect: "manual",
      headers: { ...admin.auth, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
      body: new URLSearchParams({ bookingId: String(bookings[0]!.id) }),
    });
    expect(merged.status).toBe(302);
    const entry = await stack.db.auditLog.findFirstOrThrow({
      where: { action: "customer.merged", targetId: String(kept.id) },
    });
    expect(merged.headers.get("location")).toBe(`/admin/customers/${kept.id}?merged=${entry.id}`);

    const after = await snapshot([kept.id, lead.id]);
    expect(after.bookings.every((b) => b.customerId === kept.id)).toBe(true);
    expect(after.requests.every((r) => r.customerId === kept.id)).toBe(true);
    expect(after.notes.every((n) => n.customerId === kept.id)).toBe(true);
    // The money follows: the kept record lists the estimate and the invoice, and what is owed on it.
    for (const rows of [after.estimates, after.invoices, after.payments, after.memberships]) {
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.customerId === kept.id)).toBe(true);
    }
    const keptRecord = await api(stack.url, "GET", `/api/customers/${kept.id}`, admin.token);
    expect(keptRecord.json.owedCents).toBe(30_000);
    expect(after.customers).toMatchObject([
      { id: kept.id, userId: owner.user.id, address: "12 Magnolia Ln, Denham Springs", mergedIntoId: null },
      { id: lead.id, userId: null, mergedIntoId: kept.id, mergedAt: expect.any(Date) },
    ]);
    // Hidden wherever customers are listed; its own page says where it went.
    const search = await api(
      stack.url,
      "GET",
      `/api/customers/search?name=${encodeURIComponent(owner.user.email)}`,
      admin.token,
    );
    expect(search.json.map((c: { id: number }) => c.id)).toEqual([kept.id]);
    expect((await page(`/admin/customers/${lead.id}`)).html).toContain("This record was merged into another");
    expect((await api(stack.url, "PATCH", `/api/customers/${lead.id}`, admin.token, { phone: "1234567" })).status).toBe(
      409,
    );
    const record = await page(`/admin/customers/${kept.id}`);
    expect(record.html).toContain(`name="auditId" value="${entry.id}"`);
    expect((await page("/dashboard")).html).toContain(`name="auditId" value="${entry.id}"`);

    const undone = await post(`/admin/customers/${kept.id}`, { intent: "undo-merge", auditId: String(entry.id) });
    expect(undone.status, undone.html.slice(0, 500)).toBe(200);
    expect(undone.html).toContain(`Merge undone: customer #${lead.id}`);
    expect(await snapshot([kept.id, lead.id])).toEqual(before);
    expect(await stack.db.booking.findUniqueOrThrow({ where: { id: own.id } })).toMatchObject({ customerId: kept.id });
    expect(
      await stack.db.auditLog.findFirstOrThrow({
        where: { action: "customer.merge_undone", targetId: String(lead.id) },
      }),
    ).toMatchObject({
      actorEmail: admin.user.email,
      details: { mergeAuditId: entry.id, from: lead.id, into: kept.id },
    });

    const again = await post(`/admin/customers/${kept.id}`, { intent: "undo-merge", auditId: String(entry.id) });
    expect(again.status).toBe(409);
    expect(again.html).toContain("This merge was already undone.");
    expect((await page("/dashboard")).html).not.toContain(`name="auditId" value="${entry.id}"`);
  });

  it("keeps the API's merge (the call is the confirmation) and refuses its undo after 7 days", async () => {
    const { kept, lead, bookings } = await duplicates();
    const merged = await api(stack.url, "POST", `/api/bookings/${bookings[0]!.id}/merge-customer`, admin.token);
    expect(merged.status, merged.text).toBe(200);
    expect(merged.json).toMatchObject({
      success: true,
      customerId: kept.id,
      mergedCustomerId: lead.id,
      auditId: expect.any(Number),
    });
    const auditId = merged.json.auditId as number;
    await stack.db.auditLog.update({
      where: { id: auditId },
      data: { createdAt: new Date(Date.now() - 7 * 24 * 60 * 60 * 1000 - 60_000) },
    });
    expect((await page("/dashboard")).html).not.toContain(`name="auditId" value="${auditId}"`);
    const refused = await post(`/admin/customers/${kept.id}`, { intent: "undo-merge", auditId: String(auditId) });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain("more than 7 days ago");
    expect(await stack.db.customer.findUniqueOrThrow({ where: { id: lead.id } })).toMatchObject({
      mergedIntoId: kept.id,
    });
    expect(
      await stack.db.auditLog.count({ where: { action: "customer.merge_undone", targetId: String(lead.id) } }),
    ).toBe(0);
    // An audit entry that is no merge.
    expect((await post(`/admin/customers/${kept.id}`, { intent: "undo-merge", auditId: "2147483647" })).status).toBe(
      404,
    );
  });
});
