/** The queues page: failed jobs shown and retried (/admin/queues). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "../support/accounts";
import { postJson, startStack, type Stack } from "../support/stack";
import { notificationSentAt } from "../support/outbox";
import { createQueues } from "@app/shared/queues.server";
import { createFastFailRedis } from "@app/shared/redis.server";

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  stack = await startStack({ name: "queues-page" });
  admin = await signedInUser(stack.url, stack.db, "admin");
});
afterAll(async () => {
  await stack?.stop();
});

describe("queue operations page", () => {
  it("shows a failed email job and retries it", async () => {
    // The provider refuses this message's send outright (422): the job fails for good at once.
    // Other emails still in flight from earlier tests are not affected.
    Object.assign(stack.mail.faults, { failNext: 1, status: 422, match: "please fail once" });
    const contact = await postJson(`${stack.url}/api/contact`, {
      firstName: "Q",
      lastName: "Ueue",
      email: "q@example.com",
      message: "please fail once",
    });
    expect(contact.status).toBe(201);
    const jobId = `contact-${contact.json.id}`;
    await expect
      .poll(
        async () =>
          (await fetch(`${stack.url}/admin/queues`, { headers: admin.auth }).then((r) => r.text())).includes(jobId),
        { timeout: 15_000 },
      )
      .toBe(true);

    expect((await fetch(`${stack.url}/admin/queues`)).status).toBe(401);
    const someone = await signedInUser(stack.url, stack.db, "customer");
    expect((await fetch(`${stack.url}/admin/queues`, { headers: someone.auth })).status).toBe(403);

    const retry = await fetch(`${stack.url}/admin/queues`, {
      method: "POST",
      headers: { ...admin.auth, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ queue: "email", jobId }),
    });
    expect(retry.status).toBe(200);
    expect(stack.mail.faults.failNext).toBe(0);
    Object.assign(stack.mail.faults, { status: 500, match: "" });
    await stack.mail.waitFor((all) => all.some((e) => (e.text ?? "").includes("please fail once")));
    await expect
      .poll(() => notificationSentAt(stack.db, "contact-notification", { contactMessageId: contact.json.id }))
      .not.toBeNull();
  });

  it("retries a failed notification whose job Redis no longer has: the outbox's relay hands it over again", async () => {
    Object.assign(stack.mail.faults, { failNext: 1, status: 422, match: "please fail, then vanish" });
    const contact = await postJson(`${stack.url}/api/contact`, {
      firstName: "Van",
      lastName: "Ished",
      email: "van@example.com",
      message: "please fail, then vanish",
    });
    expect(contact.status).toBe(201);
    const jobId = `contact-${contact.json.id}`;
    await expect
      .poll(async () => (await stack.db.outbox.findUnique({ where: { key: jobId } }))?.failedAt ?? null, {
        timeout: 15_000,
      })
      .not.toBeNull();
    Object.assign(stack.mail.faults, { status: 500, match: "" });

    // Redis lost the failed job (evicted, or its failures trimmed): only the outbox row remains.
    const redis = createFastFailRedis(stack.redisUrl);
    redis.on("error", () => {});
    const queues = createQueues(redis, stack.redisPrefix);
    try {
      await queues.email.remove(jobId);
      expect(await queues.email.getJob(jobId)).toBeUndefined();

      const retry = await fetch(`${stack.url}/admin/queues`, {
        method: "POST",
        headers: { ...admin.auth, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ queue: "email", jobId }),
      });
      expect(retry.status).toBe(200);
      expect((await retry.text()).replaceAll("<!-- -->", "")).toContain(`Job ${jobId} is queued again.`);
      await stack.mail.waitFor((all) => all.some((e) => (e.text ?? "").includes("please fail, then vanish")));
      await expect
        .poll(() => notificationSentAt(stack.db, "contact-notification", { contactMessageId: contact.json.id }))
        .not.toBeNull();
    } finally {
      await Promise.all(Object.values(queues).map((q) => q.close()));
      redis.disconnect();
    }
  });
});
