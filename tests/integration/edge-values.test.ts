import { randomToken, sha256 } from "@app/shared/tokens.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, signedInUser } from "../support/accounts";
import { postJson, randomIp, startStack, type Stack } from "../support/stack";

/**
 * Ids and dates at the edges of what they can be (docs/product.md#json-api,
 * "Ids and dates"): an id past PostgreSQL's integer (2³¹ − 1) and a date
 * outside the years 2000 to 2100 are refused wherever they enter, an address
 * with 404 and a field with 400 naming it, and never reach the database or
 * the clock as a 500.
 */

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let technician: Awaited<ReturnType<typeof signedInUser>>;
let customerId: number;
let bookingId: number;

const PAST_INT = "2147483648";
const LAST_INT = 2_147_483_647;

beforeAll(async () => {
  stack = await startStack({ name: "edge-values" });
  admin = await signedInUser(stack.url, stack.db, "admin");
  technician = await signedInUser(stack.url, stack.db, "technician");
  const customer = await api(stack.url, "POST", "/api/customers", admin.token, {
    name: "Edge Case",
    email: "edge@example.com",
    phone: "225-555-0190",
  });
  customerId = customer.json.customer.id;
  const booking = await api(stack.url, "POST", "/api/bookings", admin.token, {
    customerId,
    summary: "Edge visit",
    scheduledDate: "2032-01-12T15:00:00Z",
    technicianId: technician.user.id,
  });
  expect(booking.status, booking.text).toBe(201);
  bookingId = booking.json.booking.id;
});
afterAll(async () => {
  await stack?.stop();
});

/** A 400 `{ success: false, message, errors }` whose errors name `field`. */
function expectFieldRefused(res: { status: number; json: unknown; text: string }, field: string) {
  expect(res.status, res.text).toBe(400);
  expect(res.json, res.text).toMatchObject({ success: false, message: expect.any(String) });
  expect(Object.keys((res.json as { errors: object }).errors), res.text).toContain(field);
}

/** A page's form post as a signed-in browser without JavaScript sends it. */
async function postPage(path: string, token: string, form: Record<string, string>) {
  const res = await fetch(`${stack.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": randomIp(),
      Authorization: `Bearer ${token}`,
    },
    body: new URLSearchParams(form),
  });
  return { status: res.status, html: await res.text() };
}

async function getPage(path: string, token: string) {
  const res = await fetch(`${stack.url}${path}`, {
    headers: { "X-Forwarded-For": randomIp(), Authorization: `Bearer ${token}` },
  });
  return { status: res.status, html: await res.text() };
}

describe("dates outside the years 2000 to 2100", () => {
  it("GET /api/availability refuses them with 400 naming from, and takes the last day of 2100", async () => {
    for (const query of ["from=0100-01-01&days=31", "from=9999-12-31&days=2", "from=0001-01-01", "from=1999-12-31"]) {
      expectFieldRefused(await api(stack.url, "GET", `/api/availability?${query}`), "from");
    }
    const last = await api(stack.url, "GET", "/api/availability?from=2100-12-31&days=2");
    expect(last.status, last.text).toBe(200);
  });

  it("the chat's booking refuses a window or a preferred date outside them with 400 naming the field", async () => {
    const sessionId = `chat_edge${Date.now().toString(36)}`;
    await postJson(`${stack.url}/api/chat/session`, { sessionId, status: "active" });
    const form = {
      customerName: "Edge Visitor",
      customerPhone: "225-555-0191",
      customerEmail: "edge.visitor@example.com",
      serviceType: "Electrical Repair",
    };
    const url = `${stack.url}/api/chat/${sessionId}/book-appointment`;
    for (const windowStart of ["0999-06-01T14:00:00Z", "0001-01-01T00:00:00Z", "9999-12-31T15:00:00Z"]) {
      expectFieldRefused(await postJson(url, { ...form, windowStart }), "windowStart");
    }
    expectFieldRefused(await postJson(url, { ...form, preferredDate: "9999-12-31" }), "preferredDate");
  });

  it("a manage link's move to 0001-01-01 is refused with 400, beside the times offered", async () => {
    const token = randomToken();
    // The visit's link (the worker may have made it already, for the confirmation email), with a token this test knows.
    await stack.db.visitLink.upsert({
      where: { bookingId },
      create: { bookingId, tokenHash: sha256(token), sealedToken: "unused" },
      update: { tokenHash: sha256(token) },
    });
    for (const windowStart of ["0001-01-01T00:00:00Z", "9999-12-31T15:00:00Z"]) {
      const res = await fetch(`${stack.url}/appointments/${token}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
        body: new URLSearchParams({ intent: "reschedule", windowStart }),
      });
      expect(res.status, windowStart).toBe(400);
      // The refusal shows beside the times offered (errors.windowStart).
      expect(await res.text(), windowStart).toContain("Use a date in the years 2000 to 2100");
    }
    const kept = await stack.db.booking.findUniqueOrThrow({ where: { id: bookingId } });
    expect(kept.scheduledDate.toISOString()).toBe("2032-01-12T15:00:00.000Z");
  });

  it("POST and PATCH /api/bookings refuse a scheduledDate of year 1, 100 or 9999 with 400 naming it", async () => {
    for (const scheduledDate of [
      "0001-01-01T00:00:00Z",
      "0100-06-01T14:00:00Z",
      "9999-12-31T15:00:00Z",
      // 23:59:59 on 31 December 1999 in Baton Rouge.
      "2000-01-01T05:59:59Z",
    ]) {
      const created = await api(stack.url, "POST", "/api/bookings", admin.token, {
        customerId,
        summary: "Too far",
        scheduledDate,
      });
      expectFieldRefused(created, "scheduledDate");
      expectFieldRefused(
        await api(stack.url, "PATCH", `/api/bookings/${bookingId}`, admin.token, { scheduledDate }),
        "scheduledDate",
      );
    }
    // Midnight starting 2000 and the last hours of 2100, Baton Rouge time, are the business's.
    for (const scheduledDate of ["2000-01-01T06:00:00Z", "2100-12-31T23:00:00Z"]) {
      const created = await api(stack.url, "POST", "/api/bookings", admin.token, {
        customerId,
        summary: "At the edge",
        scheduledDate,
      });
      expect(created.status, created.text).toBe(201);
    }
  });

  it("GET /api/bookings refuses from and to outside them with 400 naming the field", async () => {
    expectFieldRefused(await api(stack.url, "GET", "/api/bookings?from=0001-01-01T00:00:00Z", admin.token), "from");
    expectFieldRefused(await api(stack.url, "GET", "/api/bookings?to=9999-12-31T00:00:00Z", admin.token), "to");
  });

  it("the staff's day readers refuse them with 400 naming date", async () => {
    for (const date of ["0001-01-01", "0100-01-01", "9999-12-31"]) {
      expectFieldRefused(await api(stack.url, "GET", `/api/admin/schedule?date=${date}`, admin.token), "date");
      expectFieldRefused(await api(stack.url, "GET", `/admin/calendar/day?date=${date}`, admin.token), "date");
    }
  });

  it("the New Booking dialog's post refuses them with 400", async () => {
    for (const when of [
      { date: "0100-01-01", time: "09:00" } as Record<string, string>,
      { date: "0001-01-01", time: "09:00" },
      { date: "9999-12-31", time: "09:00" },
      { scheduledDate: "0001-01-01T00:00:00Z" },
    ]) {
      const res = await postPage("/admin/bookings", admin.token, {
        intent: "create-booking",
        customerId: String(customerId),
        summary: "Too far",
        priority: "medium",
        ...when,
      });
      expect(res.status, JSON.stringify(when)).toBe(400);
    }
  });
});

describe("ids past 2³¹ − 1", () => {
  it("in an address of the JSON API: 404", async () => {
    for (const [method, path, body] of [
      ["PATCH", `/api/bookings/${PAST_INT}`, { status: "completed" }],
      ["PATCH", "/api/bookings/99999999999999999999", { status: "completed" }],
      ["POST", `/api/bookings/${PAST_INT}/merge-customer`, undefined],
      ["PATCH", `/api/admin/users/${PAST_INT}/role`, { role: "technician" }],
    ] as const) {
      const res = await api(stack.url, method, path, admin.token, body);
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(404);
      expect(res.json).toMatchObject({ success: false });
    }
    // The largest id passes the check, and is simply not found.
    const last = await api(stack.url, "PATCH", `/api/bookings/${LAST_INT}`, admin.token, { status: "completed" });
    expect(last.status, last.text).toBe(404);
  });

  it("in a JSON body or a query: 400 naming the field", async () => {
    const tooBig = Number(PAST_INT);
    expectFieldRefused(
      await api(stack.url, "PATCH", `/api/bookings/${bookingId}`, admin.token, { technicianId: tooBig }),
      "technicianId",
    );
    for (const field of ["customerId", "technicianId"]) {
      expectFieldRefused(
        await api(stack.url, "POST", "/api/bookings", admin.token, {
          customerId,
          summary: "Big id",
          scheduledDate: "2032-01-10T15:00:00Z",
          [field]: tooBig,
        }),
        field,
      );
    }
    expectFieldRefused(await api(stack.url, "GET", `/api/bookings?customerId=${PAST_INT}`, admin.token), "customerId");
    expectFieldRefused(
      await api(stack.url, "GET", "/api/bookings?cursor=9999999999999_99999999999", admin.token),
      "cursor",
    );
    expectFieldRefused(
      await api(stack.url, "GET", `/api/bookings?cursor=9999999999999_${PAST_INT}`, admin.token),
      "cursor",
    );
    expectFieldRefused(await api(stack.url, "GET", `/api/customers/search?ids=1,${PAST_INT}`, admin.token), "ids");
    // The largest id is a valid one to ask for.
    const cursor = await api(stack.url, "GET", `/api/bookings?cursor=9999999999999_${LAST_INT}`, admin.token);
    expect(cursor.status, cursor.text).toBe(200);
  });

  it("in the staff pages' addresses: 404, and a cursor past it is ignored", async () => {
    expect((await getPage(`/admin/bookings/${PAST_INT}`, admin.token)).status).toBe(404);
    expect((await getPage(`/jobs?technician=${PAST_INT}`, admin.token)).status).toBe(404);
    for (const cursor of ["before", "after"]) {
      const page = await getPage(`/admin/bookings?${cursor}=9999999999999_99999999999`, admin.token);
      expect(page.status, cursor).toBe(200);
    }
  });

  it("in the staff pages' form posts: 404 for the record acted on, 400 for a field", async () => {
    const users = await postPage("/admin/users", admin.token, {
      intent: "change-role",
      userId: PAST_INT,
      role: "admin",
    });
    expect(users.status).toBe(404);
    const status = await postPage("/admin/bookings", admin.token, {
      intent: "update-status",
      bookingId: PAST_INT,
      status: "completed",
    });
    expect(status.status).toBe(404);
    const assign = await postPage("/admin/bookings", admin.token, {
      intent: "assign-technician",
      bookingId: String(bookingId),
      technicianId: PAST_INT,
    });
    expect(assign.status).toBe(400);
    const create = await postPage("/admin/bookings", admin.token, {
      intent: "create-booking",
      customerId: PAST_INT,
      summary: "Big id",
      priority: "medium",
      scheduledDate: "2032-01-10T15:00:00Z",
    });
    expect(create.status).toBe(400);
  });

  it("the technician's On my way and status buttons: 400 for a bookingId past it", async () => {
    const onTheWay = await postPage("/jobs", technician.token, {
      intent: "on-the-way",
      bookingId: PAST_INT,
      minutes: "15",
    });
    expect(onTheWay.status).toBe(400);
    expect(onTheWay.html).toContain("Visit not found");
    const status = await postPage("/jobs", technician.token, {
      intent: "set-status",
      bookingId: PAST_INT,
      status: "completed",
    });
    expect(status.status).toBe(400);
  });
});

describe("amounts at the largest the database accepts (docs/security.md, numbers within what the database holds)", () => {
  /**
   * Documents written straight to the database, each number as large as its column and its CHECK
   * constraints allow (int4 where nothing else bounds it), as if every cap had been bypassed: the
   * staff's and the customer's pages still show them, and the JSON API answers them.
   */
  it("the estimate and invoice pages, their lists, the customer record, the booking and the dashboard render them", async () => {
    const line = (position: number) => ({
      position,
      description: `Largest line ${position}`,
      quantityHundredths: LAST_INT,
      unitPriceCents: LAST_INT,
      taxable: true,
      totalCents: LAST_INT,
    });
    const lines = Array.from({ length: 30 }, (_, i) => line(i + 1));
    const option = (position: number) => ({
      position,
      name: `Option ${position}`,
      discountCents: LAST_INT,
      subtotalCents: LAST_INT,
      taxCents: LAST_INT,
      totalCents: LAST_INT,
      depositCents: LAST_INT,
      lines: { create: lines },
    });
    const estimateToken = randomToken();
    const sent = await stack.db.estimate.create({
      data: {
        bookingId,
        customerId,
        status: "sent",
        depositPercent: 100,
        taxRatePpm: 1_000_000,
        sentAt: new Date(),
        tokenHash: sha256(estimateToken),
        tokenExpiresAt: new Date(Date.now() + 86_400_000),
        options: { create: [option(1), option(2), option(3)] },
      },
      include: { options: true },
    });
    const approvedToken = randomToken();
    const approved = await stack.db.estimate.create({
      data: {
        bookingId,
        customerId,
        status: "sent",
        depositPercent: 100,
        taxRatePpm: 1_000_000,
        sentAt: new Date(),
        tokenHash: sha256(approvedToken),
        tokenExpiresAt: new Date(Date.now() + 86_400_000),
        options: { create: [option(1)] },
      },
      include: { options: true },
    });
    await stack.db.estimate.update({
      where: { id: approved.id },
      data: {
        status: "approved",
        approvedOptionId: approved.options[0]!.id,
        approvedAt: new Date(),
        signatureName: "Edge Case",
      },
    });
    const invoiceToken = randomToken();
    const invoice = await stack.db.invoice.create({
      data: {
        bookingId,
        customerId,
        status: "partially_paid",
        taxRatePpm: 1_000_000,
        discountCents: LAST_INT,
        subtotalCents: 1_000_000_000,
        taxCents: LAST_INT,
        totalCents: 1_000_000_000,
        paidCents: 999_999_999,
        sentAt: new Date(),
        tokenHash: sha256(invoiceToken),
        lines: { create: lines },
      },
    });
    const payment = (data: { invoiceId?: number; estimateId?: number }) => ({
      ...data,
      customerId,
      method: "check" as const,
      amountCents: 1_000_000_000,
      reference: "Largest check",
    });
    await stack.db.payment.createMany({
      data: [
        ...Array.from({ length: 3 }, () => payment({ invoiceId: invoice.id })),
        ...Array.from({ length: 3 }, () => payment({ estimateId: approved.id })),
      ],
    });

    const staffPages = [
      `/admin/estimates/${sent.id}`,
      `/admin/estimates/${approved.id}`,
      `/admin/invoices/${invoice.id}`,
      "/admin/estimates",
      "/admin/invoices",
      `/admin/customers/${customerId}`,
      "/dashboard",
    ];
    for (const path of [...staffPages, `/admin/bookings/${bookingId}`]) {
      const page = await getPage(path, admin.token);
      expect(page.status, `${path}: ${page.html.slice(0, 300)}`).toBe(200);
      if (staffPages.includes(path)) expect(page.html, path).toMatch(/\$21,474,836\.47|\$10,000,000\.00/);
    }
    for (const path of [`/estimates/${estimateToken}`, `/estimates/${approvedToken}`, `/invoices/${invoiceToken}`]) {
      const res = await fetch(`${stack.url}${path}`, { headers: { "X-Forwarded-For": randomIp() } });
      const html = await res.text();
      expect(res.status, `${path}: ${html.slice(0, 300)}`).toBe(200);
      expect(html, path).toMatch(/\$21,474,836\.47|\$10,000,000\.00/);
    }
    for (const path of [
      `/api/estimates/${sent.id}`,
      `/api/estimates/${approved.id}`,
      `/api/invoices/${invoice.id}`,
      `/api/customers/${customerId}`,
      "/api/reports/money",
      "/api/invoices",
      "/api/estimates",
    ]) {
      const res = await api(stack.url, "GET", path, admin.token);
      expect(res.status, `${path}: ${res.text.slice(0, 300)}`).toBe(200);
    }
  }, 60_000);
});
