import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startPrivateRedis } from "../support/processes";
import { postJson, STAFF_EMAIL, startStack, type Stack } from "../support/stack";
import { notificationSentAt } from "../support/outbox";

/** A lead that reached us is never lost and never emailed twice. */

const message = (text: string) => ({
  firstName: "Leo",
  lastName: "Broussard",
  email: "leo@example.com",
  message: text,
});

describe("the worker killed during a send", () => {
  let stack: Stack;
  afterEach(async () => stack?.stop());

  it("sends the email exactly once after a restart", async () => {
    stack = await startStack({ name: "kill-worker" });
    // The provider takes a while to answer, so the worker dies mid-request.
    stack.mail.faults.delayMs = 1_500;
    const res = await postJson(`${stack.url}/api/contact`, message("kill me mid-send"));
    expect(res.status).toBe(201);
    // Killed while the provider holds the request: after it arrived, before it was answered.
    await expect.poll(() => stack.mail.received(), { timeout: 20_000 }).toBeGreaterThan(0);
    await stack.workers[0]!.kill("SIGKILL");
    stack.mail.faults.delayMs = 0;

    // The provider received the send before the worker died; the database never recorded it.
    await stack.mail.waitFor((all) => all.length === 1);
    expect(await notificationSentAt(stack.db, "contact-notification", { contactMessageId: res.json.id })).toBeNull();

    await stack.startWorker();
    await expect
      .poll(() => notificationSentAt(stack.db, "contact-notification", { contactMessageId: res.json.id }), {
        timeout: 20_000,
      })
      .not.toBeNull();
    await new Promise((r) => setTimeout(r, 1_500));
    const delivered = stack.mail.list(STAFF_EMAIL).filter((e) => e.text?.includes("kill me mid-send"));
    expect(delivered).toHaveLength(1);
  });
});

describe("Redis stopped while a visitor sends a message", () => {
  let stack: Stack;
  let redis: Awaited<ReturnType<typeof startPrivateRedis>>;
  afterAll(async () => {
    await stack?.stop();
    await redis?.stop();
  });

  it("stores it, tells the visitor it worked, and emails staff once Redis is back", async () => {
    redis = await startPrivateRedis();
    stack = await startStack({ name: "redis-down", redisUrl: redis.url });
    await redis.stop();

    const res = await postJson(`${stack.url}/api/contact`, message("sent while redis was down"));
    expect(res.status).toBe(201);
    expect(res.json.success).toBe(true);
    const stored = await stack.db.contactMessage.findMany({ where: { message: "sent while redis was down" } });
    expect(stored).toHaveLength(1);

    const ready = await fetch(`${stack.url}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).down).toContain("redis");

    await new Promise((r) => setTimeout(r, 1_000));
    expect(stack.mail.list()).toHaveLength(0);
    await redis.start();

    await stack.mail.waitFor((all) => all.some((e) => e.text?.includes("sent while redis was down")), 30_000);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(stack.mail.list(STAFF_EMAIL).filter((e) => e.text?.includes("sent while redis was down"))).toHaveLength(1);
    await expect.poll(async () => (await fetch(`${stack.url}/readyz`)).status, { timeout: 10_000 }).toBe(200);
  });
});
