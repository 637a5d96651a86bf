import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueNames } from "@app/shared/jobs";
import { createQueues, enqueue } from "@app/shared/queues.server";
import { createFastFailRedis } from "@app/shared/redis.server";
import { startPrivateRedis } from "../support/processes";

/**
 * BullMQ checks the server once when a Queue is made, and keeps a failure of
 * that check for good. Redis stalling or dropping at that instant (a web or
 * worker process starting during a Redis restart) must not leave the process
 * unable to queue anything until it is restarted.
 */
describe("queues made while Redis stalls", () => {
  let redis: Awaited<ReturnType<typeof startPrivateRedis>>;
  let control: Redis;
  let connection: Redis;
  beforeAll(async () => {
    redis = await startPrivateRedis(["--enable-debug-command", "yes"]);
    control = new Redis(redis.url);
    control.on("error", () => {});
    connection = createFastFailRedis(redis.url);
    connection.on("error", () => {});
    await new Promise((resolve) => connection.once("ready", resolve));
  });
  afterAll(async () => {
    connection?.disconnect();
    control?.disconnect();
    await redis?.stop();
  });

  it("replaces a queue whose start failed, and jobs go in once Redis answers", async () => {
    // The server freezes for 3 s: a queue's start-up check outlasts the connection's 2 s command timeout.
    const stall = control.call("DEBUG", "SLEEP", "3");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const replaced: string[] = [];
    const queues = createQueues(connection, "queues-test", { warn: ({ queue }) => replaced.push(queue) });
    const first = queues.email;

    // What BullMQ does on its own: that queue's start failed, and stays failed.
    await expect(first.waitUntilReady()).rejects.toThrow();
    await expect(first.add("probe", {})).rejects.toThrow();
    await stall;

    await expect.poll(() => [...replaced].sort(), { timeout: 10_000 }).toEqual([...queueNames].sort());
    expect(queues.email).not.toBe(first);
    const job = await enqueue(queues, "contact-notification", { contactMessageId: 1 });
    expect(job.id).toBe("contact-1");
    expect(await queues.email.getJobCounts("waiting", "prioritized")).toEqual({ waiting: 0, prioritized: 1 });
    await Promise.all(Object.values(queues).map((q) => q.close()));
  });

  it("made on a connection that is closing, queues wait for it to come back instead of retrying in a tight loop", async () => {
    await connection.ping();
    // The socket is half-closed: the connection still calls itself ready, but nothing can be written.
    (connection as unknown as { stream: { end(): void } }).stream.end();
    const replaced: string[] = [];
    const queues = createQueues(connection, "queues-test-closing", { warn: ({ queue }) => replaced.push(queue) });
    // This test shares the process: a tight retry loop would starve it, and nothing below would run.
    await expect.poll(() => replaced.length, { timeout: 10_000 }).toBe(queueNames.length);
    const job = await enqueue(queues, "contact-notification", { contactMessageId: 3 });
    expect(job.id).toBe("contact-3");
    await Promise.all(Object.values(queues).map((q) => q.close()));
  });

  it("made just as Redis goes away, queues come back with it, and the process keeps running meanwhile", async () => {
    const queues = createQueues(connection, "queues-test-restart");
    // Killed while the queues' start-up checks are on the wire.
    await redis.stop();
    // This test shares the process: were the queues to retry in a tight loop, nothing below would run.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await expect(enqueue(queues, "contact-notification", { contactMessageId: 2 })).rejects.toThrow();
    await redis.start();

    await expect
      .poll(
        () =>
          enqueue(queues, "contact-notification", { contactMessageId: 2 }).then(
            (job) => job.id,
            () => null,
          ),
        { timeout: 15_000 },
      )
      .toBe("contact-2");
    expect(await queues.email.getJobCounts("waiting", "prioritized")).toEqual({ waiting: 0, prioritized: 1 });
    await Promise.all(Object.values(queues).map((q) => q.close()));
  });
});
