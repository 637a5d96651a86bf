import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@app/shared/db.server";
import { withOutbox } from "@app/shared/outbox.server";
import {
  createPlanYearVisits,
  dropPlanVisits,
  listVisitsToPlace,
  placeDueVisits,
} from "@app/shared/plans/plan-visits.server";
import { createQueues, type Queues } from "@app/shared/queues.server";
import { createFastFailRedis, type Redis } from "@app/shared/redis.server";
import { addLocalDays, businessDate, localWeekday, requireBusinessInstant } from "@app/shared/time";
import { signedInUser } from "../support/accounts";
import { openChatSession } from "../support/chat";
import { createTestClock, type TestClock } from "../support/clock";
import { startPrivateRedis } from "../support/processes";
import { postJson, randomIp, startStack, type Stack } from "../support/stack";

/**
 * Plan visits that schedule themselves (docs/product.md#plans, docs/decisions/029-maintenance-plans.md), against
 * the real worker, web and PostgreSQL, on a controllable clock: the worker places an active membership's visit in
 * the first open window within the lead time, with its confirmation and manage link; a visit with no open window
 * near its date goes on the office's list; the placer and online bookings racing for a window's last place never
 * sell it twice; two placers at once place a visit once.
 */

// A Monday far enough ahead that its weeks are the same whenever the suite runs (no holiday in March 2027).
const MONDAY = "2027-03-01";
const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return requireBusinessInstant(date, h! * 60 + m!);
};
const TIMING = { REMINDER_HOUR: 9, REVIEW_DELAY_MINUTES: 120, PLAN_VISIT_LEAD_DAYS: 30 };
const ADDRESS = "4512 Government St, Baton Rouge, LA 70806";

describe("plan visits", () => {
  let clock: TestClock;
  let redisServer: Awaited<ReturnType<typeof startPrivateRedis>>;
  let stack: Stack;
  let redis: Redis;
  let queues: Queues;
  let planId: number;
  let adminToken: string;
  /** The visits the worker places when it starts: an active membership's, due within the lead time. */
  let placedByWorker: Awaited<ReturnType<typeof member>>;
  /** Due beyond the lead time; and a past-due membership's, due within it: both wait. */
  let later: Awaited<ReturnType<typeof member>>;
  let pastDue: Awaited<ReturnType<typeof member>>;

  let members = 0;
  const letters = (n: number) => String.fromCharCode(65 + (n % 26)) + String.fromCharCode(65 + Math.floor(n / 26));

  /** A customer with a membership (made directly, as the lead's enrolment does) and its plan year's visits. */
  async function member(yearStart: string, status: "active" | "past_due" = "active") {
    const n = ++members;
    const customer = await stack.db.customer.create({
      data: {
        name: `Member ${letters(n)}`,
        email: `member${n}.${Date.now()}@example.com`,
        phone: "(225) 555-0177",
        address: ADDRESS,
      },
    });
    const membership = await stack.db.membership.create({
      data: {
        planId,
        customerId: customer.id,
        status,
        priceCents: 18_900,
        discountPercent: 10,
        paysOnline: false,
        startedAt: at(yearStart, "09:00"),
        currentPeriodStart: at(yearStart, "00:00"),
        currentPeriodEnd: at(addLocalDays(yearStart, 365), "00:00"),
        tokenHash: randomUUID(),
        sealedToken: randomUUID(),
      },
    });
    expect(await createPlanYearVisits(stack.db, { membershipId: membership.id, yearStart, visitsPerYear: 1 })).toBe(1);
    // Idempotent: a renewal's second try writes nothing.
    expect(await createPlanYearVisits(stack.db, { membershipId: membership.id, yearStart, visitsPerYear: 1 })).toBe(0);
    const visit = await stack.db.planVisit.findFirstOrThrow({ where: { membershipId: membership.id } });
    return { customer, membership, visit };
  }

  const visitOf = (id: number) => stack.db.planVisit.findUniqueOrThrow({ where: { id }, include: { booking: true } });
  const dueOn = (visit: { dueOn: Date }) => visit.dueOn.toISOString().slice(0, 10);
  /** The test process's own placer, on the processes' clock. */
  const context = (db: Db = stack.db) => ({
    services: { db, queues, env: TIMING },
    logger: { warn: () => {} },
  });
  /** Live visits (not cancelled, placed) starting at this instant. */
  const visitsAt = (start: Date) =>
    stack.db.booking.findMany({ where: { scheduledDate: start, status: { not: "cancelled" }, needsPlacing: false } });

  beforeAll(async () => {
    expect(localWeekday(MONDAY)).toBe(1);
    clock = await createTestClock(at(MONDAY, "07:00"));
    redisServer = await startPrivateRedis();
    // No worker yet: it places what is due when it starts.
    stack = await startStack({ name: "plan-visits", redisUrl: redisServer.url, env: clock.env, workers: 0 });
    redis = createFastFailRedis(stack.redisUrl);
    redis.on("error", () => {});
    queues = createQueues(redis, stack.redisPrefix);
    adminToken = (await signedInUser(stack.url, stack.db, "admin")).token;
    // One technician, working Monday to Saturday: each window takes one visit.
    await stack.db.user.updateMany({ where: { role: "technician" }, data: { isActive: false } });
    await signedInUser(stack.url, stack.db, "technician");
    planId = (
      await stack.db.plan.create({
        data: {
          name: "Standby Generator Care",
          slug: "standby-generator-care",
          yearlyPriceCents: 18_900,
          visitsPerYear: 1,
          serviceType: "generator",
          discountPercent: 10,
          terms: "One generator service a year.",
        },
      })
    ).id;
    // Due Monday March 8 (14 days into a year started February 22): within the 30 days' lead.
    placedByWorker = await member("2027-02-22");
    later = await member("2027-03-20");
    pastDue = await member("2027-02-22", "past_due");
    expect(dueOn(placedByWorker.visit)).toBe("2027-03-08");
    expect(dueOn(later.visit)).toBe("2027-04-03");
    await clock.set(at(MONDAY, "07:00"), stack.webs);
    await stack.startWorker();
  }, 180_000);
  afterAll(async () => {
    await Promise.all(Object.values(queues ?? {}).map((q) => q.close()));
    redis?.disconnect();
    await stack?.stop();
    await redisServer?.stop();
    await clock?.dispose();
  });

  it("the worker places an active member's due visit in the first open window, confirmed with its manage link", async () => {
    await expect.poll(async () => (await visitOf(placedByWorker.visit.id)).state, { timeout: 60_000 }).toBe("placed");
    const { booking } = await visitOf(placedByWorker.visit.id);
    // Today's first window after the two hours' notice (the clock started at 7:00 AM): a week before it is due is
    // as early as it may go, and today is later than that.
    expect(booking).toMatchObject({
      source: "plan",
      summary: "Standby Generator Care: yearly generator service",
      priority: "medium",
      status: "pending",
      needsPlacing: false,
      technicianId: null,
      address: ADDRESS,
      customerId: placedByWorker.customer.id,
      emailCustomer: true,
    });
    expect(booking!.scheduledDate.toISOString()).toBe(at(MONDAY, "10:00").toISOString());
    expect(booking!.details).toContain("Standby Generator Care");
    // The member's confirmation, as any visit's: its window and the link to move it.
    const emails = await stack.mail.waitFor(
      (all) =>
        all.some((e) => e.to.includes(placedByWorker.customer.email) && e.subject.startsWith("Your visit is booked")),
      30_000,
    );
    const confirmation = emails.find(
      (e) => e.to.includes(placedByWorker.customer.email) && e.subject.startsWith("Your visit is booked"),
    )!;
    expect(confirmation.text).toContain("between 10 AM and 12 PM");
    expect(confirmation.text).toMatch(/\/appointments\/[\w-]+/);

    // Due beyond the lead time, or a past-due membership's: they wait.
    expect((await visitOf(later.visit.id)).state).toBe("due");
    expect((await visitOf(pastDue.visit.id)).state).toBe("due");
    expect(await placeDueVisits(context(), clock.now())).toEqual({ placed: 0, toPlace: 0 });
  });

  it("a visit with no open window near its date goes on the office's list, shown on the dashboard, until a run finds a day opened", async () => {
    // Due Monday March 29; every day from a week before to two weeks after is closed.
    const closed = await member("2027-03-15");
    expect(dueOn(closed.visit)).toBe("2027-03-29");
    const days = Array.from({ length: 22 }, (_, i) => addLocalDays("2027-03-22", i));
    await stack.db.closure.createMany({ data: days.map((date) => ({ date, reason: "Test closure" })) });

    // The job the membership's start owes, relayed to the worker.
    const job = { membershipId: closed.membership.id, version: "1" };
    await withOutbox({ db: stack.db, queues, logger: { warn: () => {} } }, async (_tx, outbox) => {
      outbox.add("plan-visits-place", job);
    });
    await expect.poll(async () => (await visitOf(closed.visit.id)).state, { timeout: 30_000 }).toBe("to_place");
    const visit = await visitOf(closed.visit.id);
    expect(visit.bookingId).toBeNull();
    expect(visit.note).toBe("No open arrival window from Monday, March 22, 2027 to Monday, April 12, 2027");

    const listed = await listVisitsToPlace(stack.db);
    expect(listed).toContainEqual({
      id: visit.id,
      membershipId: closed.membership.id,
      customerId: closed.customer.id,
      customerName: closed.customer.name,
      planName: "Standby Generator Care",
      dueOn: "2027-03-29",
      note: visit.note,
    });

    const res = await fetch(`${stack.url}/dashboard`, {
      headers: { Authorization: `Bearer ${adminToken}`, Accept: "text/html", "X-Forwarded-For": randomIp() },
    });
    const html = (await res.text()).replaceAll("<!-- -->", "");
    expect(res.status).toBe(200);
    expect(html).toContain("Plan visits to place");
    expect(html).toContain(`href="/admin/customers/${closed.customer.id}"`);
    expect(html).toContain(visit.note);

    // The next run finds it a place once a day near its date opens again, and it leaves the list.
    await stack.db.closure.deleteMany({ where: { date: { in: ["2027-04-06"] } } });
    expect(await placeDueVisits(context(), clock.now())).toEqual({ placed: 1, toPlace: 0 });
    const placed = await visitOf(closed.visit.id);
    expect(placed).toMatchObject({ state: "placed", note: null, bookingId: expect.any(Number) });
    const booking = await stack.db.booking.findUniqueOrThrow({ where: { id: placed.bookingId! } });
    expect(businessDate(booking.scheduledDate)).toBe("2027-04-06");
    expect((await listVisitsToPlace(stack.db)).map((v) => v.id)).not.toContain(visit.id);
    // Another, still without a window (that day closed again), stays on the list however often the placer runs.
    await stack.db.closure.create({ data: { date: "2027-04-06", reason: "Test closure" } });
    const still = await member("2027-03-15");
    await placeDueVisits(context(), clock.now(), { membershipId: still.membership.id });
    expect(await placeDueVisits(context(), clock.now(), { membershipId: still.membership.id })).toEqual({
      placed: 0,
      toPlace: 1,
    });
    expect((await visitOf(still.visit.id)).state).toBe("to_place");
    // The office books that member by hand on a day near the visit's date: the next run takes it as the plan's
    // visit (never a second one), and it leaves the list.
    const byHand = await stack.db.booking.create({
      data: {
        customerId: still.customer.id,
        summary: "Generator service, booked by phone",
        scheduledDate: at("2027-04-06", "09:00"),
      },
    });
    expect(await placeDueVisits(context(), clock.now(), { membershipId: still.membership.id })).toEqual({
      placed: 1,
      toPlace: 0,
    });
    expect(await visitOf(still.visit.id)).toMatchObject({ state: "placed", bookingId: byHand.id, note: null });
    expect(await stack.db.booking.count({ where: { customerId: still.customer.id } })).toBe(1);
    expect((await listVisitsToPlace(stack.db)).map((v) => v.id)).not.toContain(still.visit.id);

    // A membership that ends drops its visits left to place.
    const ending = await member("2027-03-15");
    await placeDueVisits(context(), clock.now(), { membershipId: ending.membership.id });
    expect((await visitOf(ending.visit.id)).state).toBe("to_place");
    expect(await dropPlanVisits(stack.db, ending.membership.id)).toBe(1);
    expect((await visitOf(ending.visit.id)).state).toBe("dropped");
    expect((await listVisitsToPlace(stack.db)).map((v) => v.id)).not.toContain(ending.visit.id);
  });

  it("racing online bookings for a window's last place, placers never sell it twice", async () => {
    // Four members' visits due Monday March 22: the earliest they may go is Monday March 15, 8 AM, the window ten
    // customers want too. Four placers at once (two worker processes, the hourly run and a membership's start)
    // and the ten bookings: one visit in the window, whoever wins, and each other visit in a window of its own.
    const raced = await Promise.all(Array.from({ length: 4 }, () => member("2027-03-08")));
    expect(raced.map((r) => dueOn(r.visit))).toEqual(Array(4).fill("2027-03-22"));
    const day = "2027-03-15";
    const target = at(day, "08:00");
    expect(await visitsAt(target)).toHaveLength(0);

    const sessionId = await openChatSession(stack.url);
    const online = Array.from({ length: 10 }, (_, i) =>
      postJson(`${stack.url}/api/chat/${sessionId}/book-appointment`, {
        customerName: `Racer ${letters(i)}`,
        customerPhone: "(225) 555-0199",
        customerEmail: `racer${i}.${Date.now()}@example.com`,
        serviceType: "Electrical Repair",
        windowStart: target.toISOString(),
      }),
    );
    const placers = createDb(stack.databaseUrl, { max: 4 });
    try {
      const [answers, placing] = await Promise.all([
        Promise.all(online),
        Promise.all(raced.map((r) => placeDueVisits(context(placers), clock.now(), { membershipId: r.membership.id }))),
      ]);
      expect(placing).toEqual(Array(4).fill({ placed: 1, toPlace: 0 }));
      const won = answers.filter((a) => a.status === 201);
      expect(won.length + answers.filter((a) => a.status === 409).length).toBe(answers.length);

      // The window holds one visit: a customer's (and then each placed visit is in a later window) or a member's.
      const booked = await visitsAt(target);
      expect(booked).toHaveLength(1);
      expect(won).toHaveLength(booked[0]!.source === "plan" ? 0 : 1);
      // No window of the day holds more than its one place.
      const starts = [8, 10, 12, 14, 16].map((h) => at(day, `${h}:00`.padStart(5, "0")));
      for (const start of starts) expect((await visitsAt(start)).length, start.toISOString()).toBeLessThanOrEqual(1);
      const placed = await Promise.all(raced.map((r) => visitOf(r.visit.id)));
      const times = placed.map((v) => v.booking!.scheduledDate.getTime());
      expect(new Set(times).size).toBe(4);
      expect(times.every((t) => starts.some((s) => s.getTime() === t))).toBe(true);
    } finally {
      await placers.$disconnect();
    }
  });

  it("two placers at once place a visit once", async () => {
    const twice = await member("2027-02-24");
    expect(dueOn(twice.visit)).toBe("2027-03-10");
    const other = createDb(stack.databaseUrl, { max: 2 });
    try {
      const runs = await Promise.all([
        placeDueVisits(context(), clock.now(), { membershipId: twice.membership.id }),
        placeDueVisits(context(other), clock.now()),
        placeDueVisits(context(other), clock.now(), { membershipId: twice.membership.id }),
      ]);
      expect(runs.reduce((n, r) => n + r.placed, 0)).toBe(1);
    } finally {
      await other.$disconnect();
    }
    const bookings = await stack.db.booking.findMany({ where: { customerId: twice.customer.id } });
    expect(bookings).toHaveLength(1);
    const visit = await visitOf(twice.visit.id);
    expect(visit).toMatchObject({ state: "placed", bookingId: bookings[0]!.id });
    // A week before it is due is as early as it goes: Wednesday March 3, 8 AM.
    expect(businessDate(bookings[0]!.scheduledDate)).toBe("2027-03-03");
    expect(bookings[0]!.scheduledDate.toISOString()).toBe(at("2027-03-03", "08:00").toISOString());
    // Again later: nothing left to place.
    expect(await placeDueVisits(context(), clock.now(), { membershipId: twice.membership.id })).toEqual({
      placed: 0,
      toPlace: 0,
    });
  });
});
