import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobKey, type JobData, type NotificationKind } from "@app/shared/jobs";
import { createQueues, type Queues } from "@app/shared/queues.server";
import { createFastFailRedis, type Redis } from "@app/shared/redis.server";
import { addLocalDays, localWeekday, requireBusinessInstant } from "@app/shared/time";
import { api, signedInUser } from "../support/accounts";
import { createTestClock, type TestClock } from "../support/clock";
import { startPrivateRedis } from "../support/processes";
import type { CapturedEmail } from "../support/resend-standin";
import { startStack, type Stack } from "../support/stack";

/**
 * The customer's loop in time (docs/product.md#the-customers-loop), with the
 * web and worker processes on a controllable clock (tests/support/clock.ts):
 * a reminder at REMINDER_HOUR (9:00 AM Baton Rouge time) the day before and
 * not before, moved with its visit, dropped when it is cancelled; a review
 * request two hours after a visit is completed, none if it was reopened;
 * each exactly once across a worker restart and a Redis outage.
 */

// A Monday, far enough ahead that its windows and the next days' exist whenever the suite runs.
const MONDAY = "2027-03-01";
const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return requireBusinessInstant(date, h! * 60 + m!);
};
const TUESDAY = addLocalDays(MONDAY, 1);
const WEDNESDAY = addLocalDays(MONDAY, 2);
const THURSDAY = addLocalDays(MONDAY, 3);

describe("reminders and review requests on a controllable clock", () => {
  let clock: TestClock;
  let redisServer: Awaited<ReturnType<typeof startPrivateRedis>>;
  let stack: Stack;
  let redis: Redis;
  let queues: Queues;
  let token: string;

  beforeAll(async () => {
    expect(localWeekday(MONDAY)).toBe(1);
    clock = await createTestClock(at(MONDAY, "07:00"));
    redisServer = await startPrivateRedis();
    stack = await startStack({ name: "loop", redisUrl: redisServer.url, env: clock.env });
    redis = createFastFailRedis(stack.redisUrl);
    redis.on("error", () => {});
    queues = createQueues(redis, stack.redisPrefix);
    token = (await signedInUser(stack.url, stack.db, "admin")).token;
  }, 60_000);
  afterAll(async () => {
    await Promise.all(Object.values(queues ?? {}).map((q) => q.close()));
    redis?.disconnect();
    await stack?.stop();
    await redisServer?.stop();
    await clock?.dispose();
  });

  const processes = () => [...stack.webs, ...stack.workers];

  let customers = 0;
  /** A customer and their visit at `start`, booked by staff now (the clock's now). */
  async function book(start: Date, summary: string) {
    const email = `loop${++customers}@customer.example.com`;
    const customer = await api(stack.url, "POST", "/api/customers", token, {
      name: `Loop Customer ${customers}`,
      email,
      phone: "(225) 555-0142",
    });
    expect(customer.status).toBe(201);
    const created = await api(stack.url, "POST", "/api/bookings", token, {
      customerId: customer.json.customer.id,
      summary,
      priority: "medium",
      scheduledDate: start.toISOString(),
    });
    expect(created.status).toBe(201);
    return { id: created.json.booking.id as number, email };
  }

  const patch = async (id: number, body: Record<string, unknown>) => {
    const res = await api(stack.url, "PATCH", `/api/bookings/${id}`, token, body);
    expect(res.status).toBe(200);
  };

  /** The booking's outbox rows of one kind, oldest first. */
  const rows = (bookingId: number, kind: NotificationKind) =>
    stack.db.outbox.findMany({ where: { subject: `booking:${bookingId}`, kind }, orderBy: { id: "asc" } });

  const emailsOf = (to: string, kind: "Reminder" | "How did we do") =>
    stack.mail.list(to).filter((e: CapturedEmail) => e.subject.startsWith(kind));

  const jobState = async <K extends NotificationKind>(kind: K, data: JobData<K>) => {
    const job = await queues.email.getJob(jobKey(kind, data));
    return job ? { state: await job.getState(), value: job.returnvalue as unknown } : null;
  };

  async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it("owes, moves, drops and sends each reminder and review request once, at its time", async () => {
    // Monday 7:00 AM (again: starting the processes took some of the clock's time): the office books
    // four visits and closes two jobs.
    await clock.set(at(MONDAY, "07:00"), processes());
    const a = await book(at(TUESDAY, "10:00"), "Panel inspection");
    const b = await book(at(WEDNESDAY, "10:00"), "Outlet repair");
    const c = await book(at(TUESDAY, "12:00"), "Ceiling fan");
    const late = await book(at(MONDAY, "16:00"), "Same-day visit");
    const done = await book(at(MONDAY, "08:00"), "Breaker replacement");
    const reopened = await book(at(MONDAY, "08:00"), "GFCI outlets");

    // A visit tomorrow: its reminder is owed for 9:00 AM today, Baton Rouge time.
    const [reminderA] = await rows(a.id, "visit-reminder");
    expect(reminderA!.availableAt.toISOString()).toBe(at(MONDAY, "09:00").toISOString());
    // Booked after that moment (a visit today): no reminder.
    expect(await rows(late.id, "visit-reminder")).toHaveLength(0);

    // Moved to Thursday: the Tuesday-morning reminder is dropped, one for Wednesday morning is owed.
    await patch(b.id, { scheduledDate: at(THURSDAY, "14:00").toISOString() });
    const reminderB = await rows(b.id, "visit-reminder");
    expect(reminderB).toHaveLength(2);
    expect(reminderB[0]!.cancelledAt).not.toBeNull();
    expect(reminderB[1]!.cancelledAt).toBeNull();
    expect(reminderB[1]!.availableAt.toISOString()).toBe(at(WEDNESDAY, "09:00").toISOString());

    // Cancelled: its reminder is dropped.
    await patch(c.id, { status: "cancelled" });
    expect((await rows(c.id, "visit-reminder")).every((r) => r.cancelledAt !== null)).toBe(true);

    // Completed: a review request two hours later; completed then reopened: dropped.
    await patch(done.id, { status: "completed" });
    await patch(reopened.id, { status: "completed" });
    await patch(reopened.id, { status: "in_progress" });
    const [review] = await rows(done.id, "review-request");
    expect(review!.availableAt.getTime() - clock.now().getTime()).toBeGreaterThan(119 * 60_000);
    expect((await rows(reopened.id, "review-request")).every((r) => r.cancelledAt !== null)).toBe(true);

    // 8:59 AM: even handed to the worker early, the reminder waits for 9:00.
    await clock.set(at(MONDAY, "08:59"), processes());
    const dataA = reminderA!.payload as JobData<"visit-reminder">;
    const jobA = await until("the reminder's job", () => queues.email.getJob(reminderA!.key));
    await jobA.promote();
    await until("the early reminder to wait again", async () => {
      const job = await queues.email.getJob(jobKey("visit-reminder", dataA));
      return job && job.attemptsStarted > 0 && (await job.getState()) === "delayed";
    });
    expect(emailsOf(a.email, "Reminder")).toHaveLength(0);
    expect((await stack.db.outbox.findUniqueOrThrow({ where: { key: reminderA!.key } })).sentAt).toBeNull();

    // The worker restarts before it is due (killed, not stopped).
    await stack.workers[0]!.kill("SIGKILL");
    stack.workers.shift();
    await stack.startWorker();

    // 9:00 AM: the reminder goes, naming the window, with its links and one-click unsubscribe.
    await clock.set(at(MONDAY, "09:00"), processes());
    const [reminder] = await stack.mail
      .waitFor((all) => all.some((e) => e.to.includes(a.email) && e.subject.startsWith("Reminder")), 30_000)
      .then(() => emailsOf(a.email, "Reminder"));
    expect(reminder!.text).toContain("between 10 AM and 12 PM");
    expect(reminder!.text).toMatch(/\/appointments\/[\w-]{20,}/);
    expect(reminder!.headers?.["List-Unsubscribe"]).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/unsubscribe\/[\w-]+>$/);
    expect(reminder!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const sentA = await until("the reminder recorded sent", async () => {
      const row = await stack.db.outbox.findUniqueOrThrow({ where: { key: reminderA!.key } });
      return row.sentAt;
    });
    expect(sentA.getTime()).toBeGreaterThanOrEqual(at(MONDAY, "09:00").getTime());

    // Two hours after the job was closed (a few seconds after 9:00): the review request of the completed
    // visit, none for the reopened one.
    await clock.set(new Date(Math.max(review!.availableAt.getTime(), clock.now().getTime()) + 1_000), processes());
    await until("the review request", async () => emailsOf(done.email, "How did we do").length > 0, 30_000);
    const reviewEmail = emailsOf(done.email, "How did we do")[0]!;
    expect(reviewEmail.text).toContain("google.com/maps");
    expect(reviewEmail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // The cancelled visit's reminder (due at 9:00 too) ran and stood down.
    const dataC = (await rows(c.id, "visit-reminder"))[0]!.payload as JobData<"visit-reminder">;
    await until(
      "the cancelled visit's reminder job",
      async () => (await jobState("visit-reminder", dataC))?.state === "completed",
    );
    expect(emailsOf(c.email, "Reminder")).toHaveLength(0);

    // Redis goes away and comes back empty: the Wednesday reminder's delayed job is lost with it.
    await redisServer.stop();
    await redisServer.start();
    // Wednesday 8:59 AM: not yet.
    await clock.set(at(WEDNESDAY, "08:59"), processes());
    await new Promise((r) => setTimeout(r, 3_000));
    expect(emailsOf(b.email, "Reminder")).toHaveLength(0);
    // 9:00 AM: the sweeper finds the row due and unsent, and the reminder names the new day.
    await clock.set(at(WEDNESDAY, "09:00"), processes());
    await until("the moved visit's reminder", async () => emailsOf(b.email, "Reminder").length > 0, 40_000);
    expect(emailsOf(b.email, "Reminder")[0]!.text).toMatch(/Thu(rsday)?, Mar 4/);

    // Some sweeps later: each went exactly once; nothing for the cancelled or reopened visits.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(emailsOf(a.email, "Reminder")).toHaveLength(1);
    expect(emailsOf(b.email, "Reminder")).toHaveLength(1);
    expect(emailsOf(c.email, "Reminder")).toHaveLength(0);
    expect(emailsOf(done.email, "How did we do")).toHaveLength(1);
    expect(emailsOf(reopened.email, "How did we do")).toHaveLength(0);
    expect(emailsOf(late.email, "Reminder")).toHaveLength(0);
    const log = await stack.db.emailLog.groupBy({
      by: ["relatedKey"],
      where: { kind: { in: ["visit-reminder", "review-request"] }, status: "sent" },
      _count: true,
    });
    expect(log.every((l) => l._count === 1)).toBe(true);
    expect(log).toHaveLength(3);
  }, 240_000);
});
