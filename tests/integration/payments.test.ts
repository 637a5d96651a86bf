import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purposeKeys } from "@app/shared/keys.server";
import { randomToken, sealToken, sha256 } from "@app/shared/tokens.server";
import { api, signedInUser } from "../support/accounts";
import { pdfText } from "../support/pdf-text";
import type { CapturedEmail } from "../support/resend-standin";
import { randomIp, STAFF_EMAIL, startStack, TEST_SESSION_SECRET, type Stack } from "../support/stack";
import type { StripeStandin } from "../support/stripe-standin";

/**
 * Payments (docs/product.md#payments, docs/decisions/020-money-and-payments.md): staff payments through
 * the JSON API, receipts by email, Stripe Checkout for an invoice's balance and an estimate's deposit
 * against the Stripe stand-in (the real SDK on both sides), and the webhook: signed, each event once,
 * the amount and the document from our own CheckoutSession. Real web, worker, PostgreSQL and stand-ins.
 * Invoices are written with Prisma here (their service is another part of the product).
 */

let stack: Stack;
let stripe: StripeStandin;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  stack = await startStack({ name: "payments", stripe: true });
  stripe = stack.stripe!;
  admin = await signedInUser(stack.url, stack.db, "admin");
});
afterAll(async () => {
  await stack?.stop();
});

let customers = 0;
async function customer() {
  const tag = `${++customers}.${Date.now()}`;
  return stack.db.customer.create({
    data: { name: `Odile Broussard ${tag}`, email: `odile.${tag}@example.com`, phone: "225-555-0142" },
  });
}

/** An invoice as the invoices service leaves it: sent (unless told), with its customer link's token. */
async function invoice(totalCents: number, status: "draft" | "sent" | "void" = "sent") {
  const c = await customer();
  const token = randomToken();
  const row = await stack.db.invoice.create({
    data: {
      customerId: c.id,
      status,
      taxRatePpm: 0,
      subtotalCents: totalCents,
      taxCents: 0,
      totalCents,
      tokenHash: sha256(token),
      // Sealed as the invoices service seals it, so the worker's emails can carry the link.
      sealedToken: sealToken(token, purposeKeys([TEST_SESSION_SECRET], "token-seal")[0]!),
      ...(status === "sent" ? { sentAt: new Date() } : {}),
      ...(status === "void" ? { voidedAt: new Date() } : {}),
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
  return { ...row, token, email: c.email };
}

const pay = (id: number, body: unknown) => api(stack.url, "POST", `/api/invoices/${id}/payments`, admin.token, body);

async function emailTo(to: string, match: (e: CapturedEmail) => boolean) {
  const found = await stack.mail.waitFor((emails) => emails.some((e) => e.to.includes(to) && match(e)), 20_000);
  return found.find((e) => e.to.includes(to) && match(e))!;
}

/** A customer's form post without JavaScript (no sign-in: the token is the key). */
const formPost = (path: string, fields: Record<string, string> = {}) =>
  fetch(`${stack.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
    body: new URLSearchParams(fields),
  });

const formGet = (path: string) => fetch(`${stack.url}${path}`, { headers: { "X-Forwarded-For": randomIp() } });

/** "Pay online" on the invoice's page: the Checkout Session it sent the browser to. */
async function checkout(token: string) {
  const res = await formPost(`/invoices/${token}/pay`);
  expect(res.status).toBe(303);
  const location = res.headers.get("location")!;
  expect(location).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_\\w+$`));
  return stripe.sessions.get(location.split("/").pop()!)!;
}

const state = async (id: number) => ({
  invoice: await stack.db.invoice.findUniqueOrThrow({ where: { id } }),
  payments: await stack.db.payment.findMany({ where: { invoiceId: id } }),
});

/** A sent estimate of one option ($1,800.50) asking a 25 % deposit ($450.13), and its link's token. */
async function estimateWithDeposit(customerId: number) {
  const token = randomToken();
  const estimate = await stack.db.estimate.create({
    data: {
      customerId,
      status: "sent",
      depositPercent: 25,
      taxRatePpm: 0,
      sentAt: new Date(),
      tokenHash: sha256(token),
      sealedToken: "unused",
      tokenExpiresAt: new Date(Date.now() + 86_400_000),
      options: {
        create: [
          {
            position: 1,
            name: "Good",
            subtotalCents: 180_050,
            taxCents: 0,
            totalCents: 180_050,
            depositCents: 45_013,
            lines: {
              create: [
                {
                  position: 1,
                  description: "200 A panel",
                  quantityHundredths: 100,
                  unitPriceCents: 180_050,
                  taxable: false,
                  totalCents: 180_050,
                },
              ],
            },
          },
        ],
      },
    },
    include: { options: true },
  });
  return { token, estimate };
}

describe("staff payments", () => {
  it("records cash and a check in parts: partially paid, then paid, each with a receipt", async () => {
    const inv = await invoice(50_000);
    // No worker while both payments come in: the first receipt is written after the second payment,
    // and still states the balance that first payment left.
    await stack.workers[0]!.kill("SIGTERM");
    stack.workers.shift();
    const first = await pay(inv.id, { method: "cash", amountCents: 20_000 });
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({
      success: true,
      payment: { method: "cash", amountCents: 20_000, invoiceId: inv.id, recordedById: admin.user.id },
      invoice: { id: inv.id, number: inv.number, status: "partially_paid", paidCents: 20_000, balanceCents: 30_000 },
    });

    const over = await pay(inv.id, { method: "check", amountCents: 30_001, reference: "1042" });
    expect(over.status).toBe(400);
    expect(over.json.errors.amountCents).toContain("$300.00");
    const bad = await pay(inv.id, { method: "card", amountCents: 100 });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toHaveProperty("method");

    const last = await pay(inv.id, { method: "check", amountCents: 30_000, reference: "1042" });
    expect(last.status, last.text).toBe(201);
    expect(last.json.invoice).toMatchObject({ status: "paid", paidCents: 50_000, balanceCents: 0 });
    const after = await state(inv.id);
    expect(after.invoice.paidAt).not.toBeNull();
    expect(after.payments.map((p) => [p.method, p.amountCents, p.reference])).toEqual([
      ["cash", 20_000, null],
      ["check", 30_000, "1042"],
    ]);
    expect(await pay(inv.id, { method: "cash", amountCents: 1 }).then((r) => r.status)).toBe(409);

    await stack.startWorker();
    const receipt = await emailTo(
      inv.email,
      (e) => e.subject === `Payment received: $200.00 for invoice ${inv.number}`,
    );
    expect(receipt.text).toContain("Balance left to pay: $300.00");
    const paid = await emailTo(inv.email, (e) => e.subject === `Payment received: $300.00 for invoice ${inv.number}`);
    expect(paid.text).toContain("Check (check 1042)");
    expect(paid.text).toContain("This invoice is paid in full.");
    const audit = await stack.db.auditLog.findMany({ where: { action: "payment.recorded", targetId: String(inv.id) } });
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actorId: admin.user.id, targetType: "invoice" });
  });

  it("refuses a void or draft invoice (409), an unknown one (404), and changes nothing", async () => {
    const voided = await invoice(10_000, "void");
    const draft = await invoice(10_000, "draft");
    expect(await pay(voided.id, { method: "cash", amountCents: 100 }).then((r) => r.status)).toBe(409);
    const refused = await pay(draft.id, { method: "cash", amountCents: 100 });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain("Send the invoice first");
    expect(await pay(2_147_483_000, { method: "cash", amountCents: 100 }).then((r) => r.status)).toBe(404);
    for (const id of [voided.id, draft.id]) expect((await state(id)).payments).toHaveLength(0);
  });
});

describe("Stripe Checkout", () => {
  it("with online payment on, the invoice's email, PDF and page offer it beside check and phone", async () => {
    const inv = await invoice(30_000, "draft");
    const sent = await api(stack.url, "POST", `/api/invoices/${inv.id}/send`, admin.token);
    expect(sent.status, sent.text).toBe(200);
    const email = await emailTo(inv.email, (e) => e.subject.startsWith(`Your invoice ${inv.number} from`));
    expect(email.text).toMatch(/View and pay your invoice: \S+\/invoices\/[\w-]{43}/);
    expect(email.text).toContain("Online: By card or bank account");
    expect(email.text).toContain("By check: Payable to");
    expect(email.text).toMatch(/Due by \w+day, \w+ \d+, \d{4} \(net 15\)/);
    const pdf = email.attachments!.find((a) => a.filename === `${inv.number}.pdf`)!;
    const words = pdfText(pdf.content);
    expect(words).toContain("Online: By card or bank account");
    expect(words).toContain("By check: Payable to");
    const link = /View and pay your invoice: (\S+)/.exec(email.text ?? "")![1]!;
    const html = (await (await formGet(new URL(link).pathname)).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("How to pay");
    expect(html).toContain("Pay $300.00 online");
  });

  it("pays an invoice's balance on Stripe's page; the webhook records it once, however often it comes", async () => {
    const inv = await invoice(12_345);
    await pay(inv.id, { method: "cash", amountCents: 2_345 });
    const session = await checkout(inv.token);
    expect(session.amount_total).toBe(10_000);
    expect(session.metadata).toEqual({ invoiceId: String(inv.id), number: inv.number });
    expect(session.success_url).toBe(`${stack.url}/invoices/${inv.token}?paid=1`);
    expect(session.payment_method_types).toEqual(["card", "us_bank_account"]);
    // Clicking again reuses the open session for the same amount.
    expect((await checkout(inv.token)).id).toBe(session.id);
    expect(await stack.db.checkoutSession.findMany({ where: { invoiceId: inv.id } })).toMatchObject([
      { id: session.id, amountCents: 10_000, completedAt: null },
    ]);

    // The customer presses Pay on the hosted page: the signed event reaches the webhook, then the browser returns.
    const hosted = await fetch(session.url!);
    expect(await hosted.text()).toContain("<button");
    const paid = await fetch(session.url!, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(session.success_url);
    let after = await state(inv.id);
    expect(after.invoice).toMatchObject({ status: "paid", paidCents: 12_345 });
    expect(after.payments.find((p) => p.method === "card")).toMatchObject({
      amountCents: 10_000,
      stripeSessionId: session.id,
      recordedById: null,
    });

    // Stripe delivers the same event again, and another event of the same session: nothing changes.
    const again = await stripe.resend(stripe.lastEvent!.id);
    expect(again).toMatchObject({ status: 200, json: { success: true, message: "Already handled" } });
    const other = await stripe.sendEvent(stripe.eventFor(session));
    expect(other).toMatchObject({ status: 200, json: { success: true, message: "Already recorded" } });
    after = await state(inv.id);
    expect(after.payments).toHaveLength(2);
    expect(after.invoice.paidCents).toBe(12_345);
    expect(await stack.db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({
      completedAt: expect.any(Date),
    });
    await emailTo(inv.email, (e) => e.subject === `Payment received: $100.00 for invoice ${inv.number}`);
    // Paid: nothing is due online any more.
    const closed = await formPost(`/invoices/${inv.token}/pay`);
    expect(closed.status).toBe(303);
    expect(closed.headers.get("location")).toBe(`/invoices/${inv.token}?payment=nothing-due`);
  });

  it("refuses a forged or altered body (400) and changes nothing; an unknown link is a 404", async () => {
    const inv = await invoice(40_000);
    const session = await checkout(inv.token);
    const { event } = await stripe.complete(session.id, { send: false });
    const body = JSON.stringify(event);
    const events = await stack.db.stripeEvent.count();

    const unsigned = await stripe.post(body, null);
    expect(unsigned.status).toBe(400);
    expect(unsigned.json).toMatchObject({ success: false, errors: { "stripe-signature": expect.any(String) } });
    const forged = await stripe.post(body, `t=${Math.floor(Date.now() / 1000)},v1=${"ab".repeat(32)}`);
    expect(forged.status).toBe(400);
    // A body signed once, replayed with another amount and another session under the old signature.
    const signature = stripe.sign(body);
    const altered = body.replace('"amount_total":40000', '"amount_total":1').replace(session.id, "cs_test_other");
    expect(altered).not.toBe(body);
    expect((await stripe.post(altered, signature)).status).toBe(400);
    expect((await stripe.post("not json", stripe.sign("something else"))).status).toBe(400);
    expect(await stack.db.stripeEvent.count()).toBe(events);
    expect(await state(inv.id)).toMatchObject({ invoice: { status: "sent", paidCents: 0 }, payments: [] });

    // The genuine one still works.
    expect(await stripe.post(body, signature)).toMatchObject({ status: 200, json: { message: "Payment recorded" } });
    expect((await state(inv.id)).invoice).toMatchObject({ status: "paid", paidCents: 40_000 });

    expect((await formPost(`/invoices/${randomToken()}/pay`)).status).toBe(404);
    expect((await formPost(`/invoices/not-a-token/pay`)).status).toBe(404);
  });

  it("takes the invoice and the amount from our session, never from the event's metadata", async () => {
    const mine = await invoice(30_000);
    const theirs = await invoice(99_999);
    const session = await checkout(mine.token);
    // An event of my session, dressed up as a payment of the other invoice for its whole total.
    stripe.sessions.get(session.id)!.metadata = { invoiceId: String(theirs.id), number: theirs.number };
    stripe.sessions.get(session.id)!.amount_total = 99_999;
    const { answer } = await stripe.complete(session.id);
    expect(answer).toMatchObject({ status: 200, json: { message: "Payment recorded" } });
    expect(await state(mine.id)).toMatchObject({
      invoice: { status: "paid", paidCents: 30_000 },
      payments: [{ amountCents: 30_000 }],
    });
    expect(await state(theirs.id)).toMatchObject({ invoice: { status: "sent", paidCents: 0 }, payments: [] });

    // A session we never made, naming the other invoice: ignored.
    const stray = stripe.eventFor({ ...session, id: "cs_test_not_ours" });
    (stray.data.object.metadata as Record<string, string>).invoiceId = String(theirs.id);
    expect(await stripe.sendEvent(stray)).toMatchObject({ status: 200, json: { message: "Ignored: unknown session" } });
    // Other event types are acknowledged and ignored.
    const refund = { ...stripe.eventFor(session, "charge.refunded"), data: { object: { id: "ch_test_1" } } };
    expect(await stripe.sendEvent(refund)).toMatchObject({
      status: 200,
      json: { message: "Ignored: charge.refunded" },
    });
    expect((await state(theirs.id)).payments).toHaveLength(0);
  });

  it("records a bank payment when it succeeds, not when the debit only started", async () => {
    const inv = await invoice(25_000);
    const session = await checkout(inv.token);
    const started = await stripe.complete(session.id, { paymentStatus: "unpaid" });
    expect(started.answer).toMatchObject({ status: 200, json: { message: "Awaiting the payment" } });
    expect((await state(inv.id)).payments).toHaveLength(0);
    const succeeded = await stripe.complete(session.id, { type: "checkout.session.async_payment_succeeded" });
    expect(succeeded.answer).toMatchObject({ status: 200, json: { message: "Payment recorded" } });
    expect(await state(inv.id)).toMatchObject({
      invoice: { status: "paid" },
      payments: [{ method: "us_bank_account", amountCents: 25_000 }],
    });
  });

  it("a bank payment that fails records nothing; the customer gets the link to pay again, the office is told, once", async () => {
    const inv = await invoice(31_500);
    const session = await checkout(inv.token);
    await stripe.complete(session.id, { paymentStatus: "unpaid" });
    // While the debit is on its way, the page says so and takes no second payment.
    const waiting = (await (await formGet(`/invoices/${inv.token}`)).text()).replaceAll("<!-- -->", "");
    expect(waiting).toContain("Your bank payment of $315.00, started on");
    expect(waiting).not.toContain(`/invoices/${inv.token}/pay`);
    const second = await formPost(`/invoices/${inv.token}/pay`);
    expect(second.headers.get("location")).toBe(`/invoices/${inv.token}?payment=debit-pending`);
    const failed = await stripe.complete(session.id, { type: "checkout.session.async_payment_failed" });
    expect(failed.answer).toMatchObject({ status: 200, json: { message: expect.stringContaining("Payment failed") } });
    expect(await state(inv.id)).toMatchObject({ invoice: { status: "sent", paidCents: 0 }, payments: [] });
    expect((await stack.db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } })).failedAt).toBeInstanceOf(
      Date,
    );

    const told = await emailTo(
      inv.email,
      (e) => e.subject === `Your bank payment for invoice ${inv.number} did not go through`,
    );
    expect(told.text).toContain("$315.00");
    expect(told.text).toContain("nothing was taken");
    expect(told.text).toContain(`/invoices/${inv.token}`);
    const office = await emailTo(
      STAFF_EMAIL,
      (e) => e.subject === `Bank payment failed: $315.00 for invoice ${inv.number}`,
    );
    expect(office.text).toContain(`/admin/invoices/${inv.id}`);
    expect(office.reply_to).toContain(inv.email);

    // The same event again, or another failure of the session: nothing more.
    expect(await stripe.resend(failed.event.id)).toMatchObject({ status: 200, json: { message: "Already handled" } });
    const again = await stripe.complete(session.id, { type: "checkout.session.async_payment_failed" });
    expect(again.answer).toMatchObject({ status: 200, json: { message: "Already handled" } });
    expect(await stack.db.auditLog.count({ where: { action: "payment.failed", targetId: String(inv.id) } })).toBe(1);

    // The customer pays again by card on the same page: recorded as usual.
    expect(await (await formGet(`/invoices/${inv.token}`)).text()).toContain(`/invoices/${inv.token}/pay`);
    const retry = await checkout(inv.token);
    expect(retry.id).not.toBe(session.id);
    expect((await stripe.complete(retry.id)).answer).toMatchObject({ json: { message: "Payment recorded" } });
    expect(await state(inv.id)).toMatchObject({ invoice: { status: "paid" }, payments: [{ amountCents: 31_500 }] });
  });
});

describe("superseded Checkout pages (docs/security.md#superseded-checkout-pages)", () => {
  const staffPage = async (id: number) =>
    (await (await fetch(`${stack.url}/admin/invoices/${id}`, { headers: admin.auth })).text()).replaceAll(
      "<!-- -->",
      "",
    );

  it("two Checkout Sessions for one invoice cannot both be paid: the older page is expired at Stripe and takes nothing", async () => {
    const inv = await invoice(50_000);
    // Tab 1: the customer opens Stripe's page for the whole $500.00, and leaves it open.
    const first = await checkout(inv.token);
    const oldTab = first.url!;
    expect(first.amount_total).toBe(50_000);
    // The office records a $100.00 check; the customer follows the emailed link again (tab 2) for the rest.
    expect((await pay(inv.id, { method: "check", amountCents: 10_000, reference: "2201" })).status).toBe(201);
    const second = await checkout(inv.token);
    expect(second.id).not.toBe(first.id);
    expect(second.amount_total).toBe(40_000);
    // The older session was expired at Stripe when the newer one was made.
    expect(stripe.sessions.get(first.id)).toMatchObject({ status: "expired", url: null });
    expect(await stack.db.checkoutSession.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      expiredAt: expect.any(Date),
      completedAt: null,
    });

    // The customer pays tab 2, then tab 1: the old page takes no payment and Stripe sends nothing.
    const paid = await fetch(second.url!, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    const events = await stack.db.stripeEvent.count();
    const old = await fetch(oldTab, { method: "POST", redirect: "manual" });
    expect(old.status).toBe(410);
    expect(await old.text()).toContain("Nothing was charged");
    expect(await stack.db.stripeEvent.count()).toBe(events);
    const after = await state(inv.id);
    expect(after.invoice).toMatchObject({ status: "paid", paidCents: 50_000 });
    expect(after.payments.map((p) => [p.method, p.amountCents, p.refundDueCents])).toEqual([
      ["check", 10_000, 0],
      ["card", 40_000, 0],
    ]);
    expect(await staffPage(inv.id)).not.toContain("Refund due");
  });

  it("a payment of an older page that still arrives is recorded, flagged for a refund on the staff page, told to the office and audited", async () => {
    const inv = await invoice(30_000);
    const first = await checkout(inv.token);
    // The customer pays tab 1 at Stripe; its webhook is late.
    const { event } = await stripe.complete(first.id, { send: false });
    // Meanwhile the office records a $100.00 check, and the customer asks to pay again from the emailed link:
    // Stripe says the older page is complete, so no second page is made (its payment is being confirmed).
    expect((await pay(inv.id, { method: "check", amountCents: 10_000, reference: "2202" })).status).toBe(201);
    const made = stripe.created.length;
    const again = await formPost(`/invoices/${inv.token}/pay`);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`/invoices/${inv.token}?payment=being-confirmed`);
    expect(stripe.created.length).toBe(made);
    const told = (await (await formGet(`/invoices/${inv.token}?payment=being-confirmed`)).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(told).toContain("is being confirmed");

    // The late webhook: $300.00 on a $200.00 balance. Recorded, never dropped; $100.00 is to be refunded.
    expect(await stripe.resend(event.id)).toMatchObject({ status: 200, json: { message: "Payment recorded" } });
    const after = await state(inv.id);
    expect(after.invoice).toMatchObject({ status: "paid", paidCents: 40_000 });
    expect(after.payments.find((p) => p.method === "card")).toMatchObject({
      amountCents: 30_000,
      refundDueCents: 10_000,
      stripeSessionId: first.id,
    });
    const read = await api(stack.url, "GET", `/api/invoices/${inv.id}`, admin.token);
    expect(read.json.invoice).toMatchObject({ refundDueCents: 10_000, balanceCents: 0 });
    const page = await staffPage(inv.id);
    expect(page).toContain("Refund due: $100.00");
    expect(page).toContain("(refund due: $100.00)");

    const office = await emailTo(
      STAFF_EMAIL,
      (e) => e.subject === `Refund due: $100.00 overpaid on invoice ${inv.number}`,
    );
    expect(office.text).toContain("$300.00");
    expect(office.text).toContain(`/admin/invoices/${inv.id}`);
    expect(office.reply_to).toContain(inv.email);
    const receipt = await emailTo(
      inv.email,
      (e) => e.subject === `Payment received: $300.00 for invoice ${inv.number}`,
    );
    expect(receipt.text).toContain("$100.00 more than was due: our office will refund it");
    const audit = await stack.db.auditLog.findMany({
      where: { action: "payment.refund_due", targetId: String(inv.id) },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ amountCents: 30_000, dueCents: 20_000, refundDueCents: 10_000 });
  });

  it("when Stripe cannot expire the older page, no second page is made (the customer tries again later)", async () => {
    const inv = await invoice(20_000);
    const first = await checkout(inv.token);
    await pay(inv.id, { method: "cash", amountCents: 5_000 });
    const made = stripe.created.length;
    // Two failures: the SDK retries once.
    stripe.failNextExpire = 2;
    const refused = await formPost(`/invoices/${inv.token}/pay`);
    expect(refused.headers.get("location")).toBe(`/invoices/${inv.token}?payment=unavailable`);
    expect(stripe.created.length).toBe(made);
    expect(stripe.sessions.get(first.id)!.status).toBe("open");
    // Stripe answers again: the older page is expired, then the new one made.
    const second = await checkout(inv.token);
    expect(second.amount_total).toBe(15_000);
    expect(stripe.sessions.get(first.id)!.status).toBe("expired");
  });
});

describe("webhook events missing what we need (docs/security.md#webhook-events-missing-what-we-need)", () => {
  it("a signed event without an id, a type, its object, or a session's id or payment status is refused with 400; nothing recorded", async () => {
    const inv = await invoice(15_000);
    const session = await checkout(inv.token);
    const { event } = await stripe.complete(session.id, { send: false });
    const events = await stack.db.stripeEvent.count();
    const { id: _id, ...withoutId } = event;
    const { type: _type, ...withoutType } = event;
    const sessionObject = event.data.object;
    const { id: _sid, ...sessionWithoutId } = sessionObject;
    const { payment_status: _ps, ...sessionWithoutStatus } = sessionObject;
    const cases: Array<[string, unknown, string]> = [
      ["no id", withoutId, "id"],
      ["no type", withoutType, "type"],
      ["no data.object", { ...event, data: {} }, "data.object"],
      ["no data", { ...withoutId, id: "evt_test_nodata", data: undefined }, "data"],
      ["a session without its id", { ...event, data: { object: sessionWithoutId } }, "data.object.id"],
      [
        "a session without payment_status",
        { ...event, data: { object: sessionWithoutStatus } },
        "data.object.payment_status",
      ],
      ["not an object", null, "_"],
    ];
    for (const [what, body, field] of cases) {
      const text = JSON.stringify(body);
      const answer = await stripe.post(text, stripe.sign(text));
      expect(answer.status, what).toBe(400);
      expect(answer.json, what).toMatchObject({
        success: false,
        message: expect.any(String),
        errors: { [field]: expect.any(String) },
      });
    }
    expect(await stack.db.stripeEvent.count()).toBe(events);
    expect(await state(inv.id)).toMatchObject({ invoice: { status: "sent", paidCents: 0 }, payments: [] });
    // The whole event still records the payment.
    expect(await stripe.resend(event.id)).toMatchObject({ status: 200, json: { message: "Payment recorded" } });
  });
});

describe("an estimate's deposit", () => {
  it("sends the customer straight on to pay the deposit after approving, and the page then says it is paid", async () => {
    const c = await customer();
    const { token, estimate } = await estimateWithDeposit(c.id);
    // Not approved yet: no deposit to pay.
    const early = await formPost(`/estimates/${token}/deposit`);
    expect(early.headers.get("location")).toBe(`/estimates/${token}?payment=closed`);

    const approved = await formPost(`/estimates/${token}`, {
      optionId: String(estimate.options[0]!.id),
      signatureName: "Odile Broussard",
      agree: "on",
    });
    expect(approved.status).toBe(303);
    const location = approved.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_\\w+$`));
    const session = stripe.sessions.get(location.split("/").pop()!)!;
    expect(session).toMatchObject({
      amount_total: 45_013,
      metadata: { estimateId: String(estimate.id), number: estimate.number },
      success_url: `${stack.url}/estimates/${token}?paid=1`,
    });
    const before = await fetch(`${stack.url}/estimates/${token}`, { headers: { "X-Forwarded-For": randomIp() } });
    expect(await before.text()).toContain("Pay the $450.13 deposit");

    const paid = await fetch(session.url!, { method: "POST", redirect: "manual" });
    expect(paid.headers.get("location")).toBe(session.success_url);
    expect(await stack.db.payment.findMany({ where: { estimateId: estimate.id } })).toMatchObject([
      { invoiceId: null, method: "card", amountCents: 45_013, stripeSessionId: session.id },
    ]);
    const page = await fetch(`${stack.url}/estimates/${token}?paid=1`, { headers: { "X-Forwarded-For": randomIp() } });
    expect(await page.text()).toContain("Deposit of $450.13 paid.");
    const receipt = await emailTo(
      c.email,
      (e) => e.subject === `Deposit received: $450.13 for estimate ${estimate.number}`,
    );
    expect(receipt.text).toContain("$450.13 of $450.13 received");
    const again = await formPost(`/estimates/${token}/deposit`);
    expect(again.headers.get("location")).toBe(`/estimates/${token}?payment=nothing-due`);
  });

  it("credits a deposit paid after its estimate was invoiced on that invoice", async () => {
    const c = await customer();
    const { token, estimate } = await estimateWithDeposit(c.id);
    const approved = await formPost(`/estimates/${token}`, {
      optionId: String(estimate.options[0]!.id),
      signatureName: "Odile Broussard",
      agree: "on",
    });
    const session = stripe.sessions.get(approved.headers.get("location")!.split("/").pop()!)!;
    // The office invoices the estimate while the customer is on Stripe's page.
    const made = await api(stack.url, "POST", "/api/invoices", admin.token, { estimateId: estimate.id });
    expect(made.status).toBe(201);
    const { invoice } = made.json as { invoice: { id: number; paidCents: number } };
    expect(invoice.paidCents).toBe(0);

    await fetch(session.url!, { method: "POST", redirect: "manual" });
    expect(await stack.db.payment.findMany({ where: { estimateId: estimate.id } })).toMatchObject([
      { invoiceId: invoice.id, amountCents: 45_013, stripeSessionId: session.id },
    ]);
    expect(await stack.db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({
      status: "draft",
      paidCents: 45_013,
    });
    const sent = await api(stack.url, "POST", `/api/invoices/${invoice.id}/send`, admin.token, {});
    expect(sent.json.invoice).toMatchObject({
      status: "partially_paid",
      balanceCents: 180_050 - 45_013,
    });
  });
});
