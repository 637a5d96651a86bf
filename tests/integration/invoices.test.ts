import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceCents, documentTotals, formatCents } from "@app/shared/money/money";
import { business, formatAddress } from "@app/shared/business";
import { addLocalDays, businessDate, formatLocalDate } from "@app/shared/time";
import { randomToken } from "@app/shared/tokens.server";
import { api, formPost, signedInUser } from "../support/accounts";
import { pdfText } from "../support/pdf-text";
import type { CapturedEmail } from "../support/resend-standin";
import { randomIp, startStack, type Stack } from "../support/stack";

/**
 * Invoices (docs/product.md#invoices): drafted from the approved estimate and the job record (by
 * staff, and when the visit is completed), the deposit credited, totals as the money module computes
 * them; sending (the email with its PDF, reminders owed at 7 and 14 days), voiding, the customer's
 * page by link, and the refusals. Real web, worker, PostgreSQL and email stand-in.
 */

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;
const TAX_PPM = 94_500;
const DAY = 86_400_000;

beforeAll(async () => {
  // Review requests owed at once (docs/product.md#the-customers-loop), to see that they wait for the invoice all the same.
  stack = await startStack({ name: "invoices", env: { REVIEW_DELAY_MINUTES: "0" } });
  admin = await signedInUser(stack.url, stack.db, "admin");
  await stack.db.businessSetting.create({ data: { id: 1, salesTaxRatePpm: TAX_PPM } });
});
afterAll(async () => {
  await stack?.stop();
});

let customers = 0;
async function visit() {
  const tag = `${++customers}.${Date.now()}`;
  const customer = await stack.db.customer.create({
    data: { name: `Odile Broussard ${tag}`, email: `odile.${tag}@example.com`, phone: "225-555-0142" },
  });
  const booking = await stack.db.booking.create({
    data: { customerId: customer.id, summary: "Panel upgrade", scheduledDate: new Date() },
  });
  return { customer, bookingId: booking.id };
}

const OPTION = {
  name: "Better",
  discountCents: 5_000,
  items: [
    { description: "200 A panel", quantity: 1, unitPriceCents: 185_050 },
    { description: "Whole-home surge protector", quantity: 1, unitPriceCents: 32_999 },
  ],
};

/** An estimate of the visit, approved (as the customer's page would), with a deposit paid on it. */
async function approvedEstimate(bookingId: number, depositCents = 0) {
  const res = await api(stack.url, "POST", "/api/estimates", admin.token, { bookingId, options: [OPTION] });
  expect(res.status, res.text).toBe(201);
  const estimate = res.json.estimate as { id: number; customer: { id: number }; options: Array<{ id: number }> };
  await stack.db.estimate.update({
    where: { id: estimate.id },
    data: {
      status: "approved",
      approvedAt: new Date(),
      approvedOptionId: estimate.options[0]!.id,
      signatureName: "O B",
    },
  });
  if (depositCents)
    await stack.db.payment.create({
      data: { estimateId: estimate.id, customerId: estimate.customer.id, method: "check", amountCents: depositCents },
    });
  return estimate;
}

const jobItem = (bookingId: number) =>
  stack.db.jobItem.create({
    data: { bookingId, description: "Extra outlet", quantityHundredths: 150, unitPriceCents: 12_500, taxable: false },
  });

const post = (body: unknown, token = admin.token) => api(stack.url, "POST", "/api/invoices", token, body);

async function emailTo(to: string, match: (e: CapturedEmail) => boolean) {
  const found = await stack.mail.waitFor((emails) => emails.some((e) => e.to.includes(to) && match(e)), 20_000);
  return found.find((e) => e.to.includes(to) && match(e))!;
}

const page = (token: string) => fetch(`${stack.url}/invoices/${token}`, { headers: { "X-Forwarded-For": randomIp() } });

describe("drafting", () => {
  it("bills the approved option and the job record's items, credits the deposit, and refuses a second", async () => {
    const { bookingId } = await visit();
    const estimate = await approvedEstimate(bookingId, 20_000);
    await jobItem(bookingId);
    const made = await post({ estimateId: estimate.id });
    expect(made.status, made.text).toBe(201);
    const invoice = made.json.invoice;
    expect(invoice.number).toMatch(/^INV-\d{4}-\d{4}$/);
    const lines = [
      { quantityHundredths: 100, unitPriceCents: 185_050, taxable: true },
      { quantityHundredths: 100, unitPriceCents: 32_999, taxable: true },
      { quantityHundredths: 150, unitPriceCents: 12_500, taxable: false },
    ];
    const totals = documentTotals(lines, TAX_PPM, 5_000);
    expect(invoice).toMatchObject({
      status: "draft",
      bookingId,
      estimateId: estimate.id,
      taxRatePpm: TAX_PPM,
      subtotalCents: totals.subtotalCents,
      discountCents: 5_000,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      paidCents: 20_000,
      balanceCents: balanceCents(totals.totalCents, 20_000),
      payments: [{ method: "check", amountCents: 20_000, deposit: true }],
    });
    expect(
      invoice.lines.map((l: { description: string; totalCents: number }) => [l.description, l.totalCents]),
    ).toEqual([
      ["200 A panel", 185_050],
      ["Whole-home surge protector", 32_999],
      ["Extra outlet", 18_750],
    ]);
    expect(await stack.db.payment.count({ where: { estimateId: estimate.id, invoiceId: invoice.id } })).toBe(1);
    expect(await stack.db.auditLog.count({ where: { action: "invoice.created", targetId: String(invoice.id) } })).toBe(
      1,
    );
    const read = await api(stack.url, "GET", `/api/invoices/${invoice.id}`, admin.token);
    expect(read.json.invoice).toEqual(invoice);

    // The same visit or estimate again: 409 naming the live invoice; nothing stored.
    for (const body of [{ bookingId }, { estimateId: estimate.id }]) {
      const again = await post(body);
      expect(again.status).toBe(409);
      expect(again.json.message).toContain(invoice.number);
    }
    expect(await stack.db.invoice.count({ where: { bookingId } })).toBe(1);

    // A visit with nothing to bill, and an estimate not approved: 409, with why.
    const empty = await visit();
    const nothing = await post({ bookingId: empty.bookingId });
    expect(nothing.status).toBe(409);
    expect(nothing.json.message).toBe("Nothing to invoice yet: approve an estimate or add items on the job record");
    const draft = await api(stack.url, "POST", "/api/estimates", admin.token, {
      bookingId: empty.bookingId,
      options: [OPTION],
    });
    const unapproved = await post({ estimateId: draft.json.estimate.id });
    expect(unapproved.status).toBe(409);
    expect(unapproved.json.message).toContain("only an approved estimate");
  });

  it("drafts the invoice when the visit is completed, once, however often it is completed", async () => {
    const { bookingId } = await visit();
    await jobItem(bookingId);
    const status = (to: string) => api(stack.url, "PATCH", `/api/bookings/${bookingId}`, admin.token, { status: to });
    expect((await status("in_progress")).status).toBe(200);
    expect(await stack.db.invoice.count({ where: { bookingId } })).toBe(0);
    expect((await status("completed")).status).toBe(200);
    const drafted = await stack.db.invoice.findMany({ where: { bookingId }, include: { lines: true } });
    expect(drafted).toHaveLength(1);
    expect(drafted[0]).toMatchObject({ status: "draft", estimateId: null, taxRatePpm: TAX_PPM, createdById: null });
    expect(drafted[0]!.lines.map((l) => l.description)).toEqual(["Extra outlet"]);
    expect((await status("in_progress")).status).toBe(200);
    expect((await status("completed")).status).toBe(200);
    expect(await stack.db.invoice.count({ where: { bookingId } })).toBe(1);

    // A visit with nothing to bill completes as before, without an invoice.
    const bare = await visit();
    await api(stack.url, "PATCH", `/api/bookings/${bare.bookingId}`, admin.token, { status: "in_progress" });
    const done = await api(stack.url, "PATCH", `/api/bookings/${bare.bookingId}`, admin.token, { status: "completed" });
    expect(done.status).toBe(200);
    expect(await stack.db.invoice.count({ where: { bookingId: bare.bookingId } })).toBe(0);
  });

  it("answers 400 on bad input with the field at fault, and only admins may", async () => {
    const cases: Array<[unknown, string]> = [
      [{}, "bookingId"],
      [{ bookingId: 0 }, "bookingId"],
      [{ bookingId: "seven" }, "bookingId"],
      [{ estimateId: -3 }, "estimateId"],
      [{ bookingId: 1, estimateId: 1 }, "estimateId"],
      [{ bookingId: 2_000_000 }, "bookingId"],
      [{ estimateId: 2_000_000 }, "estimateId"],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toMatchObject({ success: false, message: expect.any(String) });
      expect(Object.keys(res.json.errors), JSON.stringify(body)).toContain(field);
    }
    const extra = await post({ bookingId: 1, discount: 5 });
    expect(extra.status).toBe(400);
    expect(extra.json.success).toBe(false);
    const technician = await signedInUser(stack.url, stack.db, "technician");
    expect((await post({ bookingId: 1 }, technician.token)).status).toBe(403);
    expect((await api(stack.url, "POST", "/api/invoices", undefined, { bookingId: 1 })).status).toBe(401);
    expect((await api(stack.url, "GET", "/api/invoices/2000000", admin.token)).status).toBe(404);
    expect((await api(stack.url, "POST", "/api/invoices/2000000/send", admin.token)).status).toBe(404);
  });
});

describe("sending and voiding", () => {
  it("emails the PDF and a link, owes reminders at 7 and 14 days, and the page shows the balance", async () => {
    const { bookingId, customer } = await visit();
    await approvedEstimate(bookingId, 20_000);
    const made = await post({ bookingId });
    expect(made.status, made.text).toBe(201);
    const id = made.json.invoice.id as number;
    const sent = await api(stack.url, "POST", `/api/invoices/${id}/send`, admin.token);
    expect(sent.status, sent.text).toBe(200);
    const invoice = sent.json.invoice;
    expect(invoice.status).toBe("partially_paid");
    const email = await emailTo(customer.email, (e) => e.subject.startsWith(`Your invoice ${invoice.number} from`));
    // Online payment is off (no Stripe here): the email never offers to pay online; it says when the
    // invoice is due (net 15 Baton Rouge days from the send) and how to pay it by check or by phone.
    const dueBy = `Due by ${formatLocalDate(addLocalDays(businessDate(new Date(invoice.sentAt as string)), 15))} (net 15)`;
    expect(email.text).not.toMatch(/pay online|View and pay|pay it there|Online:/i);
    expect(email.html).not.toMatch(/pay online|View and pay|Online:/i);
    expect(email.text).toContain(dueBy);
    expect(email.text).toContain(`By check: Payable to ${business.name} LLC, mailed to ${formatAddress()}.`);
    expect(email.text).toContain(`By phone: Call us at ${business.phone}`);
    expect(email.html).toContain(dueBy);
    const link = /View your invoice: (\S+)/.exec(email.text ?? "")?.[1];
    expect(link).toMatch(/\/invoices\/[\w-]{43}$/);
    const pdf = email.attachments?.find((a) => a.filename === `${invoice.number}.pdf`);
    expect(pdf).toBeDefined();
    expect(Buffer.from(pdf!.content, "base64").subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfText(pdf!.content);
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain(formatCents(invoice.totalCents));
    expect(text).toContain(formatCents(invoice.balanceCents));
    expect(text).toContain("Balance due");
    expect(text).toContain(dueBy);
    expect(text).toContain("How to pay");
    expect(text).toContain(`By check: Payable to ${business.name} LLC`);
    expect(text).toContain(`By phone: Call us at ${business.phone}`);
    expect(text).not.toContain("Online:");

    const sentAt = new Date(invoice.sentAt as string).getTime();
    const owed = () =>
      stack.db.outbox.findMany({
        where: { subject: `invoice:${id}`, kind: "invoice-reminder" },
        orderBy: { availableAt: "asc" },
      });
    const first = await owed();
    expect(first.map((r) => r.availableAt.getTime())).toEqual([sentAt + 7 * DAY, sentAt + 14 * DAY]);
    expect(first.every((r) => !r.cancelledAt && !r.sentAt)).toBe(true);

    const opened = await page(link!.split("/").pop()!);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toContain("no-store");
    const html = (await opened.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(invoice.number);
    expect(html).toContain("Balance due");
    expect(html).toContain(formatCents(invoice.balanceCents));
    expect(html).toContain("Check (deposit)");
    expect(html).toContain(dueBy);
    expect(html).toContain("How to pay");
    expect(html).toContain(`Payable to ${business.name} LLC`);
    expect(html).not.toMatch(/pay online/i);
    expect(html).not.toContain(customer.email);
    // The office sees the same due date on the invoice's staff page.
    const staff = await fetch(`${stack.url}/admin/invoices/${id}`, { headers: admin.auth });
    const dueDay = formatLocalDate(addLocalDays(businessDate(new Date(invoice.sentAt as string)), 15));
    expect((await staff.text()).replaceAll("<!-- -->", "")).toMatch(
      new RegExp(`data-testid="invoice-due">${dueDay} \\(net 15\\)<`),
    );
    expect((await page(randomToken())).status).toBe(404);
    expect((await page("not-a-token")).status).toBe(404);

    // Sending again: a new link, the earlier reminders cancelled and two new ones owed.
    const again = await api(stack.url, "POST", `/api/invoices/${id}/send`, admin.token);
    expect(again.status).toBe(200);
    const rows = await owed();
    expect(rows).toHaveLength(4);
    expect(
      rows
        .filter((r) => r.cancelledAt)
        .map((r) => r.key)
        .sort(),
    ).toEqual(first.map((r) => r.key).sort());
    expect((await page(link!.split("/").pop()!)).status).toBe(404);

    // It has a payment (the deposit): it cannot be voided.
    const refused = await api(stack.url, "POST", `/api/invoices/${id}/void`, admin.token);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(`Invoice ${invoice.number} has payments: it cannot be voided`);
  });

  it("voids an invoice with nothing paid, cancels its reminders, and the visit may be invoiced anew", async () => {
    const { bookingId } = await visit();
    await jobItem(bookingId);
    const made = await post({ bookingId });
    const id = made.json.invoice.id as number;
    expect((await api(stack.url, "POST", `/api/invoices/${id}/send`, admin.token)).json.invoice.status).toBe("sent");
    const voided = await api(stack.url, "POST", `/api/invoices/${id}/void`, admin.token);
    expect(voided.status, voided.text).toBe(200);
    expect(voided.json.invoice).toMatchObject({ status: "void", voidedAt: expect.any(String) });
    const reminders = await stack.db.outbox.findMany({ where: { subject: `invoice:${id}`, kind: "invoice-reminder" } });
    expect(reminders).toHaveLength(2);
    expect(reminders.every((r) => r.cancelledAt)).toBe(true);
    expect((await api(stack.url, "POST", `/api/invoices/${id}/void`, admin.token)).status).toBe(409);
    expect((await api(stack.url, "POST", `/api/invoices/${id}/send`, admin.token)).status).toBe(409);
    const anew = await post({ bookingId });
    expect(anew.status).toBe(201);
    expect(anew.json.invoice.number).not.toBe(made.json.invoice.number);
  });
});

describe("the review request", () => {
  it("goes only after the visit's invoice: not while it is a draft, then after its email", async () => {
    const { bookingId, customer } = await visit();
    await jobItem(bookingId);
    const status = (to: string) => api(stack.url, "PATCH", `/api/bookings/${bookingId}`, admin.token, { status: to });
    expect((await status("in_progress")).status).toBe(200);
    expect((await status("completed")).status).toBe(200);
    const invoice = await stack.db.invoice.findFirstOrThrow({ where: { bookingId } });
    expect(invoice.status).toBe("draft");
    // The request owed at completion comes due at once and is handled, yet no email asks the customer.
    const handled = async () =>
      (await stack.db.outbox.findMany({ where: { subject: `booking:${bookingId}`, kind: "review-request" } })).every(
        (r) => r.sentAt || r.cancelledAt,
      );
    for (let i = 0; i < 100 && !(await handled()); i++) await new Promise((r) => setTimeout(r, 200));
    expect(await handled()).toBe(true);
    const isReview = (e: CapturedEmail) => e.subject.startsWith("How did we do?");
    expect(stack.mail.list(customer.email).filter(isReview)).toEqual([]);

    // Sent: the invoice's email, then the request, once.
    expect((await api(stack.url, "POST", `/api/invoices/${invoice.id}/send`, admin.token)).status).toBe(200);
    await emailTo(customer.email, isReview);
    const mine = stack.mail.list(customer.email);
    const invoiceAt = mine.findIndex((e) => e.subject.startsWith(`Your invoice ${invoice.number}`));
    expect(invoiceAt).toBeGreaterThanOrEqual(0);
    expect(invoiceAt).toBeLessThan(mine.findIndex(isReview));
    // Sent again: no second request.
    expect((await api(stack.url, "POST", `/api/invoices/${invoice.id}/send`, admin.token)).status).toBe(200);
    for (let i = 0; i < 100 && !(await handled()); i++) await new Promise((r) => setTimeout(r, 200));
    expect(await handled()).toBe(true);
    expect(stack.mail.list(customer.email).filter(isReview)).toHaveLength(1);
  });
});

describe("the staff pages", () => {
  it("Create invoice, Send and Void work as plain form posts", async () => {
    const { bookingId } = await visit();
    const create = () => formPost(stack.url, `/admin/bookings/${bookingId}`, admin.token, { intent: "create-invoice" });
    const nothing = await create();
    expect(nothing.status).toBe(409);
    expect(await nothing.text()).toContain("Nothing to invoice yet");
    await jobItem(bookingId);
    const made = await create();
    // Redirected to the invoice's page (fetch follows it, as the browser does).
    expect(made.status).toBe(200);
    const id = Number(/\/admin\/invoices\/(\d+)$/.exec(made.url)?.[1]);
    const row = await stack.db.invoice.findUniqueOrThrow({ where: { id } });
    const html = (await made.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`Invoice ${row.number}`);
    expect(html).toContain(formatCents(row.totalCents));
    const post = (intent: string) => formPost(stack.url, `/admin/invoices/${id}`, admin.token, { intent });
    expect((await post("send")).status).toBe(200);
    expect((await stack.db.invoice.findUniqueOrThrow({ where: { id } })).status).toBe("sent");
    expect((await post("void")).status).toBe(200);
    expect((await stack.db.invoice.findUniqueOrThrow({ where: { id } })).status).toBe("void");
    expect((await post("void")).status).toBe(409);
  });
});

describe("collecting on site", () => {
  it("the visit's technician sends the invoice and records a check from /jobs; nobody else may", async () => {
    const tech = await signedInUser(stack.url, stack.db, "technician");
    const other = await signedInUser(stack.url, stack.db, "technician");
    const customerAccount = await signedInUser(stack.url, stack.db, "customer");
    const { customer, bookingId } = await visit();
    await stack.db.booking.update({ where: { id: bookingId }, data: { technicianId: tech.user.id } });
    await jobItem(bookingId);
    // Completed on /jobs: the invoice is drafted, and the visit's card shows it with Send.
    const jobs = (fields: Record<string, string>, token = tech.token) => formPost(stack.url, "/jobs", token, fields);
    for (const status of ["in_progress", "completed"])
      expect((await jobs({ intent: "set-status", bookingId: String(bookingId), status })).status).toBe(200);
    const invoice = await stack.db.invoice.findFirstOrThrow({ where: { bookingId } });
    const page = async () =>
      (
        await (
          await fetch(`${stack.url}/jobs?visit=${bookingId}`, {
            headers: { ...tech.auth, "X-Forwarded-For": randomIp() },
          })
        ).text()
      ).replaceAll("<!-- -->", "");
    const before = await page();
    expect(before).toContain(`Invoice ${invoice.number}`);
    expect(before).toContain("Send invoice to the customer");

    // Another technician, or a customer, may neither send it nor take a payment (API or page); nothing changes.
    const payBody = { method: "check", amountCents: 10_000, reference: "2211" };
    for (const token of [other.token, customerAccount.token]) {
      expect((await api(stack.url, "POST", `/api/invoices/${invoice.id}/send`, token)).status).toBe(403);
      expect((await api(stack.url, "POST", `/api/invoices/${invoice.id}/payments`, token, payBody)).status).toBe(403);
    }
    expect((await jobs({ intent: `invoice-send:${invoice.id}` }, other.token)).status).toBe(403);
    expect((await stack.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe("draft");

    // Sent from the card: the customer gets it.
    const sent = await jobs({ intent: `invoice-send:${invoice.id}` });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain(`Invoice ${invoice.number} was emailed to the customer`);
    await emailTo(customer.email, (e) => e.subject.includes(`invoice ${invoice.number}`));
    expect(await page()).toContain("Collect a payment");

    // Over the balance: refused beside the amount; then a check for part of it, then the rest in cash.
    const over = await jobs({
      intent: `invoice-payment:${invoice.id}`,
      method: "check",
      amount: "999999",
      reference: "2211",
    });
    expect(over.status).toBe(400);
    expect(await over.text()).toContain("At most the balance due");
    const part = await jobs({
      intent: `invoice-payment:${invoice.id}`,
      method: "check",
      amount: "100",
      reference: "2211",
    });
    expect(part.status).toBe(200);
    expect(await part.text()).toContain("Recorded $100.00");
    const rest = balanceCents(invoice.totalCents, 10_000);
    const paid = await api(stack.url, "POST", `/api/invoices/${invoice.id}/payments`, tech.token, {
      method: "cash",
      amountCents: rest,
    });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.json.invoice).toMatchObject({ status: "paid", balanceCents: 0 });
    const payments = await stack.db.payment.findMany({ where: { invoiceId: invoice.id }, orderBy: { id: "asc" } });
    expect(payments.map((p) => [p.method, p.amountCents, p.reference, p.recordedById])).toEqual([
      ["check", 10_000, "2211", tech.user.id],
      ["cash", rest, null, tech.user.id],
    ]);
    const audit = await stack.db.auditLog.findMany({
      where: { action: "payment.recorded", targetId: String(invoice.id) },
    });
    expect(audit.map((a) => a.actorId)).toEqual([tech.user.id, tech.user.id]);
    expect(await page()).toContain("paid in full");
  });
});
