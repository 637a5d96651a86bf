import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQueues, type Queues } from "@app/shared/queues.server";
import { createFastFailRedis, type Redis } from "@app/shared/redis.server";
import { sweepMemberships } from "@app/shared/plans/membership-changes.server";
import { textSendAt } from "@app/shared/texts/quiet-hours";
import { formPost as staffPost, signedInUser } from "../support/accounts";
import type { CapturedEmail } from "../support/resend-standin";
import { randomIp, startStack, STAFF_EMAIL, type Stack } from "../support/stack";
import type { StripeStandin } from "../support/stripe-standin";

/**
 * Memberships of the maintenance plans (docs/product.md#plans, docs/decisions/029-maintenance-plans.md) against the
 * Stripe stand-in (the real SDK on both sides), the real web, worker and PostgreSQL: a homeowner joins on /plans
 * without JavaScript and pays the first year on Stripe's page (subscription mode); the webhook activates the
 * membership once, whatever order Stripe's events come in; the worker places the plan's visit; a renewal is recorded
 * once however often it is delivered; a refused renewal makes the membership past due and emails the card link; a
 * forged event changes nothing; the member cancels from their page, and Stripe's end of the subscription ends it.
 */

let stack: Stack;
let stripe: StripeStandin;
let planId: number;

beforeAll(async () => {
  stack = await startStack({ name: "memberships", stripe: true });
  stripe = stack.stripe!;
  // A technician, so the plan's visits find open windows.
  await signedInUser(stack.url, stack.db, "technician");
  planId = (
    await stack.db.plan.create({
      data: {
        name: "Generator Care Test",
        slug: "generator-care-test",
        yearlyPriceCents: 18_900,
        monthlyPriceCents: 1_700,
        visitsPerYear: 1,
        serviceType: "generator",
        discountPercent: 10,
        emergencyPriority: true,
        terms: "One generator service a year.",
      },
    })
  ).id;
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

const formPost = (path: string, fields: Record<string, string>) =>
  fetch(`${stack.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
    body: new URLSearchParams(fields),
  });

const page = async (path: string) =>
  (await fetch(`${stack.url}${path}`, { headers: { "X-Forwarded-For": randomIp() } })).text();

async function emailTo(to: string, match: (e: CapturedEmail) => boolean, timeout = 30_000) {
  const found = await stack.mail.waitFor((emails) => emails.some((e) => e.to.includes(to) && match(e)), timeout);
  return found.find((e) => e.to.includes(to) && match(e))!;
}

let joins = 0;
/** Joins on /plans as a visitor without JavaScript; answers the Stripe session it was sent to and the email. */
async function join(interval: "year" | "month" = "year") {
  const email = `member.${++joins}.${Date.now()}@example.com`;
  const res = await formPost("/plans", {
    planId: String(planId),
    interval,
    customerName: "Odile Broussard",
    customerPhone: "(225) 555-0142",
    customerEmail: email,
    address: "4512 Government St, Baton Rouge, LA 70806",
  });
  expect(res.status).toBe(303);
  const location = res.headers.get("location")!;
  expect(location).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_\\w+$`));
  const session = stripe.sessions.get(location.split("/").pop()!)!;
  const membership = await stack.db.membership.findFirstOrThrow({
    where: { customer: { email } },
    include: { customer: true },
  });
  return { email, session, membership };
}

/** The member's page's path in an email's text. */
function memberPathIn(text: string | undefined): string {
  const link = /https?:\/\/\S+\/membership\/[\w-]+/.exec(text ?? "")?.[0];
  expect(link).toBeDefined();
  return new URL(link!).pathname;
}

const membershipOf = (id: number) => stack.db.membership.findUniqueOrThrow({ where: { id } });
const paymentsOf = (id: number) => stack.db.payment.findMany({ where: { membershipId: id }, orderBy: { id: "asc" } });

describe("joining online", () => {
  it("stores the member before Stripe's page, pays the first year, starts once, and places the visit", async () => {
    const { email, session, membership } = await join();
    // Stored before anything else: the customer and the membership, pending.
    expect(membership).toMatchObject({ status: "pending", priceCents: 18_900, interval: "year", paysOnline: true });
    expect(membership.customer.address).toBe("4512 Government St, Baton Rouge, LA 70806");
    expect(session).toMatchObject({ mode: "subscription", amount_total: 18_900, customer_email: email });
    expect(session.recurring_interval).toBe("year");
    expect(session.subscription_metadata).toEqual({ membershipId: String(membership.id) });

    const { answer } = await stripe.complete(session.id);
    expect(answer).toMatchObject({ status: 200 });
    await expect.poll(async () => (await membershipOf(membership.id)).status).toBe("active");
    const active = await membershipOf(membership.id);
    expect(active.stripeSubscriptionId).toBe(session.subscription);
    expect(active.currentPeriodEnd!.getTime() - active.currentPeriodStart!.getTime()).toBeGreaterThan(364 * 86_400_000);
    const payments = await paymentsOf(membership.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amountCents: 18_900, method: "card" });

    // The welcome email with the receipt and the member's page.
    const welcome = await emailTo(email, (e) => e.subject === "Welcome to Generator Care Test");
    expect(welcome.text).toContain("$189.00");
    expect(welcome.text).toMatch(/\/membership\/[\w-]+/);
    const memberPath = memberPathIn(welcome.text);
    // The plan's visit is placed by the worker in an open window, confirmed as any visit.
    await expect
      .poll(async () => (await stack.db.planVisit.findFirst({ where: { membershipId: membership.id } }))?.state, {
        timeout: 60_000,
      })
      .toBe("placed");
    const visit = await stack.db.planVisit.findFirstOrThrow({
      where: { membershipId: membership.id },
      include: { booking: true },
    });
    expect(visit.booking).toMatchObject({ source: "plan", status: "pending", needsPlacing: false });
    await emailTo(email, (e) => e.subject.startsWith("Your visit is booked"));

    // The member's page: their plan, its renewal, the visit with its own page to move it.
    const html = await page(memberPath);
    expect(html).toContain("Generator Care Test");
    expect(html).toContain("Renews on");
    expect(html).toMatch(/\/appointments\/[\w-]+/);
  });

  it("an invoice.paid that arrives before the completed session still starts the membership, once", async () => {
    const { session, membership } = await join();
    const { event: completed } = await stripe.complete(session.id, { send: false });
    const invoicePaid = stripe.lastEvent!;
    expect(invoicePaid.type).toBe("invoice.paid");
    expect(await stripe.resend(invoicePaid.id)).toMatchObject({ status: 200 });
    expect(await stripe.resend(completed.id)).toMatchObject({ status: 200 });
    expect(await stripe.resend(invoicePaid.id)).toMatchObject({ status: 200, json: { message: "Already handled" } });
    await expect.poll(async () => (await membershipOf(membership.id)).status).toBe("active");
    expect(await paymentsOf(membership.id)).toHaveLength(1);
    expect((await membershipOf(membership.id)).stripeSubscriptionId).toBe(session.subscription);
  });

  it("a monthly member is charged the plan's monthly price; a plan without one is refused monthly", async () => {
    const { session } = await join("month");
    expect(session).toMatchObject({ amount_total: 1_700, recurring_interval: "month" });
    const yearly = await stack.db.plan.create({
      data: {
        name: "Yearly Only Test",
        slug: "yearly-only-test",
        yearlyPriceCents: 9_900,
        visitsPerYear: 1,
        serviceType: "panel-upgrades",
        discountPercent: 5,
        terms: "A safety check a year.",
      },
    });
    const res = await formPost("/plans", {
      planId: String(yearly.id),
      interval: "month",
      customerName: "Odile Broussard",
      customerPhone: "(225) 555-0142",
      customerEmail: `monthly.${Date.now()}@example.com`,
      address: "4512 Government St, Baton Rouge, LA 70806",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Yearly Only Test is paid yearly");
  });
});

describe("renewals and cancellation", () => {
  let member: Awaited<ReturnType<typeof join>>;
  let subscriptionId: string;
  let memberPath: string;

  beforeAll(async () => {
    member = await join();
    // The webhook's answer comes after its transaction committed: the membership is active then.
    expect((await stripe.complete(member.session.id)).answer).toMatchObject({ status: 200 });
    expect((await membershipOf(member.membership.id)).status).toBe("active");
    subscriptionId = member.session.subscription!;
    const welcome = await emailTo(member.email, (e) => e.subject === "Welcome to Generator Care Test");
    memberPath = memberPathIn(welcome.text);
  }, 120_000);

  it("a renewal is recorded once, even delivered twice or under another event id", async () => {
    const before = await membershipOf(member.membership.id);
    const { event, answer } = await stripe.renew(subscriptionId);
    expect(answer).toMatchObject({ status: 200, json: { message: "Renewal recorded" } });
    expect(await stripe.resend(event.id)).toMatchObject({ status: 200, json: { message: "Already handled" } });
    // The same invoice in an event of another id (Stripe's invoice.paid and a retried delivery of it).
    const again = await stripe.sendEvent({ ...event, id: `evt_test_again${Date.now()}` });
    expect(again).toMatchObject({ status: 200, json: { message: "Already recorded" } });
    const payments = await paymentsOf(member.membership.id);
    expect(payments).toHaveLength(2);
    const renewed = await membershipOf(member.membership.id);
    expect(renewed.currentPeriodStart!.getTime()).toBe(before.currentPeriodEnd!.getTime());
    await emailTo(member.email, (e) => e.subject === "Generator Care Test renewed");
  });

  it("a forged subscription event changes nothing", async () => {
    const before = await membershipOf(member.membership.id);
    const forged = JSON.stringify({
      id: "evt_forged",
      type: "customer.subscription.deleted",
      data: { object: { id: subscriptionId, status: "canceled", cancel_at_period_end: false } },
    });
    const answer = await stripe.post(forged, `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`);
    expect(answer.status).toBe(400);
    expect(await membershipOf(member.membership.id)).toEqual(before);
  });

  it("a refused renewal makes the membership past due and emails the member the card link and the office", async () => {
    const { answer } = await stripe.renew(subscriptionId, { fail: true });
    expect(answer).toMatchObject({ status: 200 });
    await expect.poll(async () => (await membershipOf(member.membership.id)).status).toBe("past_due");
    const failed = await emailTo(
      member.email,
      (e) => e.subject === "Your Generator Care Test payment did not go through",
    );
    expect(failed.text).toContain("Update your card");
    expect(failed.text).toContain(memberPath);
    await emailTo(STAFF_EMAIL, (e) => e.subject === "Plan payment failed: Odile Broussard, Generator Care Test");
    // The member's page opens Stripe's customer portal, which returns to it.
    const card = await formPost(memberPath, { intent: "card", membershipId: String(member.membership.id) });
    expect(card.status).toBe(303);
    expect(card.headers.get("location")).toMatch(new RegExp(`^${stripe.url}/portal/bps_test_\\w+$`));
    expect(stripe.portalSessions.at(-1)).toMatchObject({ return_url: `${stack.url}${memberPath}` });
    // The card updated, Stripe's retry pays the period: active again, one more payment.
    await stripe.renew(subscriptionId);
    await expect.poll(async () => (await membershipOf(member.membership.id)).status).toBe("active");
    expect(await paymentsOf(member.membership.id)).toHaveLength(3);
  });

  it("the member cancels from their page: at the period's end, Stripe told; Stripe's end ends it", async () => {
    const res = await formPost(memberPath, { intent: "cancel", membershipId: String(member.membership.id) });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Generator Care Test is cancelled.");
    expect(stripe.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    const cancelled = await membershipOf(member.membership.id);
    expect(cancelled).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    await emailTo(member.email, (e) => e.subject === "Generator Care Test is cancelled");
    // The period's end: Stripe deletes the subscription and says so.
    await stripe.sendEvent({
      id: `evt_test_deleted${Date.now()}`,
      object: "event",
      type: "customer.subscription.deleted",
      created: Math.floor(Date.now() / 1000),
      api_version: "2025-01-01",
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { ...stripe.subscriptions.get(subscriptionId)!, status: "canceled" } },
    });
    await expect.poll(async () => (await membershipOf(member.membership.id)).status).toBe("cancelled");
    await emailTo(member.email, (e) => e.subject === "Your Generator Care Test membership has ended");
    expect(await page(memberPath)).toContain("See our plans");
  });
});

describe("the office's memberships", () => {
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let redis: Redis;
  let queues: Queues;
  beforeAll(async () => {
    admin = await signedInUser(stack.url, stack.db, "admin");
    redis = createFastFailRedis(stack.redisUrl);
    redis.on("error", () => {});
    queues = createQueues(redis, stack.redisPrefix);
  });
  afterAll(async () => {
    await Promise.all(Object.values(queues ?? {}).map((q) => q.close()));
    redis?.disconnect();
  });

  /** The worker's hourly look at memberships, as if it ran at `now` (this process's own, with the stack's queues). */
  const sweep = (now: Date) =>
    sweepMemberships(
      { services: { db: stack.db, queues, env: { PLAN_VISIT_LEAD_DAYS: 30 } as never }, logger: console },
      now,
    );
  const post = async (customerId: number, fields: Record<string, string>) => {
    const res = await staffPost(stack.url, `/admin/customers/${customerId}`, admin.token, fields);
    return { status: res.status, html: (await res.text()).replaceAll("<!-- -->", "") };
  };

  it("enrols a customer who pays by check, pauses, resumes, records a renewal and cancels at the period's end", async () => {
    const email = `office.member.${Date.now()}@example.com`;
    const customer = await stack.db.customer.create({
      data: { name: "Amedee Thibodeaux", email, phone: "(225) 555-0188", address: "812 Main St, Baton Rouge, LA" },
    });
    const enrolled = await post(customer.id, {
      intent: "enrol-plan",
      planId: String(planId),
      interval: "year",
      reference: "1042",
    });
    expect(enrolled.status).toBe(200);
    expect(enrolled.html).toContain("Enrolled in Generator Care Test");
    const m = await stack.db.membership.findFirstOrThrow({ where: { customerId: customer.id } });
    expect(m).toMatchObject({ status: "active", paysOnline: false, priceCents: 18_900, discountPercent: 10 });
    expect(await paymentsOf(m.id)).toMatchObject([{ method: "check", reference: "1042", amountCents: 18_900 }]);
    const welcome = await emailTo(email, (e) => e.subject === "Welcome to Generator Care Test");
    expect(welcome.text).toContain("check 1042");
    // Twice is refused: one membership of a plan at a time.
    const twice = await post(customer.id, { intent: "enrol-plan", planId: String(planId), interval: "year" });
    expect(twice.status).toBe(409);
    expect(twice.html).toContain("already a member of Generator Care Test");

    const id = String(m.id);
    expect((await post(customer.id, { intent: "pause-membership", membershipId: id })).html).toContain(
      "Generator Care Test is paused.",
    );
    expect((await membershipOf(m.id)).status).toBe("paused");
    expect((await post(customer.id, { intent: "resume-membership", membershipId: id })).html).toContain(
      "Generator Care Test is active again.",
    );
    const renewed = await post(customer.id, { intent: "renew-membership", membershipId: id, reference: "1107" });
    expect(renewed.html).toContain("Generator Care Test renewed.");
    const after = await membershipOf(m.id);
    // The next period follows the last one, not today.
    expect(after.currentPeriodStart!.getTime()).toBe(m.currentPeriodEnd!.getTime());
    expect(await paymentsOf(m.id)).toHaveLength(2);

    expect((await post(customer.id, { intent: "cancel-membership", membershipId: id })).html).toContain(
      "Generator Care Test is cancelled.",
    );
    expect(await membershipOf(m.id)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    // Its period's end: the worker's look ends it, and the member is told.
    await sweep(new Date(after.currentPeriodEnd!.getTime() + 60_000));
    expect((await membershipOf(m.id)).status).toBe("cancelled");
    await emailTo(email, (e) => e.subject === "Your Generator Care Test membership has ended");
    // Another customer's membership is not this record's to change.
    const other = await stack.db.customer.create({
      data: { name: "Other Person", email: "o@example.com", phone: "1" },
    });
    expect((await post(other.id, { intent: "cancel-membership", membershipId: id })).status).toBe(404);
  });

  it("reminds a yearly member 30 and 7 days before the renewal, once each, by email and its text twin; an unpaid office renewal lapses, then expires", async () => {
    const email = `reminded.${Date.now()}@example.com`;
    const customer = await stack.db.customer.create({
      data: { name: "Celestine Guidry", email, phone: "(225) 555-0190", address: "9 Oak St, Denham Springs, LA" },
    });
    await post(customer.id, { intent: "enrol-plan", planId: String(planId), interval: "year" });
    const m = await stack.db.membership.findFirstOrThrow({ where: { customerId: customer.id } });
    const end = m.currentPeriodEnd!.getTime();
    const day = 86_400_000;
    expect((await sweep(new Date(end - 29 * day))).reminded).toBeGreaterThanOrEqual(1);
    const thirty = await emailTo(email, (e) => e.subject.startsWith("Generator Care Test renews on"));
    expect(thirty.text).toContain("renews in 30 days");
    await sweep(new Date(end - 29 * day));
    await sweep(new Date(end - 6 * day));
    const seven = await emailTo(email, (e) => (e.text ?? "").includes("renews in 7 days"));
    expect(seven.subject).toContain("Generator Care Test renews on");
    expect((await membershipOf(m.id)).remindedDays.sort()).toEqual([30, 7].sort());
    const reminders = (await stack.mail.waitFor(() => true)).filter(
      (e) => e.to.includes(email) && e.subject.startsWith("Generator Care Test renews on"),
    );
    expect(reminders).toHaveLength(2);
    // Each reminder's text twin is owed with it, for when the look ran or, in the quiet hours, 8 AM (the worker
    // texts only a number with consent: docs/product.md#texts).
    const twins = await stack.db.outbox.findMany({
      where: { kind: "membership-text", subject: `membership:${m.id}` },
      orderBy: { createdAt: "asc" },
    });
    expect(twins.map((t) => (t.payload as { version: string }).version.split("-").at(-1))).toEqual(["30", "7"]);
    expect(twins.map((t) => t.availableAt.getTime())).toEqual([
      textSendAt(new Date(end - 29 * day)).getTime(),
      textSendAt(new Date(end - 6 * day)).getTime(),
    ]);
    // Paid to the office and not renewed: past due after its end, expired 30 days later.
    await sweep(new Date(end + day));
    expect((await membershipOf(m.id)).status).toBe("past_due");
    await sweep(new Date(end + 31 * day));
    expect((await membershipOf(m.id)).status).toBe("expired");
  });
});
