/**
 * The outbox's road to the email provider under a burst (docs/decisions/008-notification-outbox.md,
 * "Order and pace"): every notification reaches the provider once, what someone waits for right
 * now overtakes the backlog, and every email the worker sends has a plain-text part that says what
 * its HTML says. The burst is made while no worker runs, so the queue holds all of it when the
 * worker starts: the order it is sent in depends on the queue, never on timing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLocalDays, businessDate, formatExpectedClock, requireBusinessInstant } from "@app/shared/time";
import { describeVisitTime } from "@app/shared/booking/visits";
import { api, formPost, signedInUser } from "../support/accounts";
import { missingFromText } from "../support/email-samples";
import { postJson, STAFF_EMAIL, startStack, type Stack } from "../support/stack";

const BURST = 40;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ name: "emails", workers: 0 });
});
afterAll(async () => {
  await stack?.stop();
});

describe("a burst of notifications", () => {
  it("is all delivered once, with the reset link, on my way and the emergency ahead of the backlog, each with its text part", async () => {
    const admin = await signedInUser(stack.url, stack.db, "admin");
    const tech = await signedInUser(stack.url, stack.db, "technician");
    const customer = await signedInUser(stack.url, stack.db, "customer");

    // The burst: BURST visits booked by the office at once, each owing the staff's notice and the customer's confirmation.
    const customers = await stack.db.customer.createManyAndReturn({
      data: Array.from({ length: BURST }, (_, i) => ({
        name: "Burst Customer",
        email: `burst${i}@customer.example.com`,
        phone: "(225) 555-0142",
      })),
      select: { id: true },
    });
    const ids = await Promise.all(
      customers.map(async (c, i) => {
        const res = await api(stack.url, "POST", "/api/bookings", admin.token, {
          customerId: c.id,
          summary: "Panel Upgrade",
          priority: "medium",
          scheduledDate: new Date(Date.UTC(2031, 0, 6 + i, 16)).toISOString(),
        });
        expect(res.status, res.text).toBe(201);
        return res.json.booking.id as number;
      }),
    );

    // Then what people wait for: a reset link, an emergency, and a technician on the way to a visit booked at 5 PM.
    const reset = await postJson(`${stack.url}/api/auth/request-reset`, { email: customer.user.email });
    expect(reset.status).toBe(200);
    const emergency = await api(stack.url, "POST", "/api/bookings", admin.token, {
      customerId: customers[0]!.id,
      summary: "Sparking outlet",
      priority: "emergency",
      scheduledDate: new Date(Date.UTC(2031, 2, 3, 15)).toISOString(),
    });
    expect(emergency.status, emergency.text).toBe(201);
    const visitor = await stack.db.customer.create({
      data: { name: "Waiting Customer", email: "waiting@customer.example.com", phone: "(225) 555-0142" },
    });
    const fivePm = requireBusinessInstant(addLocalDays(businessDate(), 1), 17 * 60); // tomorrow, 5:00 PM in Baton Rouge
    const visit = await stack.db.booking.create({
      data: { customerId: visitor.id, summary: "Panel check", scheduledDate: fivePm, technicianId: tech.user.id },
    });
    const onTheWay = await formPost(stack.url, "/jobs", tech.token, {
      intent: "on-the-way",
      bookingId: String(visit.id),
      minutes: "30",
    });
    expect(onTheWay.status).toBe(200);

    // Nothing is sent yet: the queue holds it all. Now the worker starts, sending fewer at once than the burst
    // holds, so there is a backlog for what people wait for to overtake (a busy day's, many times this one).
    expect(stack.mail.list()).toEqual([]);
    await stack.startWorker({ EMAIL_CONCURRENCY: "8" });
    const expected = BURST * 2 + 1 + 2 + 1; // the burst, the reset, the emergency (staff and customer), on my way
    const all = await stack.mail.waitFor((emails) => emails.length >= expected, 120_000);
    // Let a duplicate show up if there were one.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(stack.mail.list()).toHaveLength(expected);

    // Each once.
    for (const id of ids) {
      expect(
        all.filter((e) => e.to.includes(STAFF_EMAIL) && e.subject.includes(`#${id}:`)),
        `staff #${id}`,
      ).toHaveLength(1);
      expect(
        all.filter((e) => (e.text ?? "").includes(`Visit: #${id}\n`)),
        `customer #${id}`,
      ).toHaveLength(1);
    }

    // The order it reached the provider in: what someone waits for went before the office's notices of the burst.
    const position = (predicate: (e: (typeof all)[number]) => boolean) => {
      const i = all.findIndex(predicate);
      expect(i).toBeGreaterThanOrEqual(0);
      return i;
    };
    const firstNotice = position((e) => e.to.includes(STAFF_EMAIL) && /^New booking #/.test(e.subject));
    expect(position((e) => e.to.includes(customer.user.email))).toBeLessThan(firstNotice);
    expect(position((e) => /^URGENT: EMERGENCY booking/.test(e.subject))).toBeLessThan(firstNotice);
    expect(position((e) => e.to.includes(visitor.email))).toBeLessThan(firstNotice);

    // On my way says one expected arrival, counted from when the technician said so, and names the booked time apart.
    const told = (await stack.db.booking.findUniqueOrThrow({ where: { id: visit.id } })).onTheWayAt!;
    const onTheWayEmail = all.find((e) => e.to.includes(visitor.email))!;
    const expectedAt = formatExpectedClock(told, 30);
    expect(onTheWayEmail.subject).toContain(`expected about ${expectedAt}`);
    expect(onTheWayEmail.text).toContain(`Expected arrival: About ${expectedAt} (30 minutes after`);
    const booked = describeVisitTime(visit);
    expect(onTheWayEmail.text).toContain(`Booked ${booked.isWindow ? "arrival window" : "time"}: ${booked.label}`);
    expect(onTheWayEmail.text).not.toMatch(/^(Time|Arrival window):/m);

    // Every email sent has a text part that carries what its HTML says.
    for (const email of all) {
      expect(email.text?.trim(), email.subject).toBeTruthy();
      expect(missingFromText(email), email.subject).toEqual([]);
    }
  });

  it("meets the provider's rate limit by waiting as long as it asks, without spending the email's attempts", async () => {
    if (!stack.workers.length) await stack.startWorker();
    const customer = await signedInUser(stack.url, stack.db, "customer");
    // The provider's answer to the next three sends: 429, try again in a second.
    Object.assign(stack.mail.faults, { failNext: 3, status: 429, retryAfter: 1, match: "" });
    try {
      const reset = await postJson(`${stack.url}/api/auth/request-reset`, { email: customer.user.email });
      expect(reset.status).toBe(200);
      await stack.mail.waitFor((all) => all.some((e) => e.to.includes(customer.user.email)), 60_000);
    } finally {
      Object.assign(stack.mail.faults, { failNext: 0, status: 500, retryAfter: 0 });
    }
    const { key } = await stack.db.outbox.findFirstOrThrow({
      where: { kind: "account-link" },
      orderBy: { id: "desc" },
    });
    // The provider has the email; the worker writes down that it was sent a moment after its answer.
    await expect
      .poll(async () => (await stack.db.outbox.findUniqueOrThrow({ where: { key } })).sentAt, { timeout: 10_000 })
      .not.toBeNull();
    // Sent, and never counted as failing: a rate limit is the provider's pace, not a broken email.
    const row = await stack.db.outbox.findUniqueOrThrow({ where: { key } });
    expect(row).toMatchObject({ attempts: 0, lastError: null, failedAt: null });
    expect(await stack.db.emailLog.count({ where: { to: customer.user.email, status: "sent" } })).toBe(1);
  });
});
