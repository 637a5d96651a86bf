import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { hashPassword } from "@app/shared/password.server";
import { startPrivatePostgres, startPrivateRedis } from "../support/processes";
import { signedInUser } from "../support/accounts";
import { postJson, randomIp, STAFF_EMAIL, startStack, type Stack } from "../support/stack";
import { notificationSentAt } from "../support/outbox";

/** Faults of the parts we run on: the database, Redis, and a web process being replaced. */

let stack: Stack | undefined;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await stack?.stop().catch(() => {});
  stack = undefined;
  for (const c of cleanups.splice(0)) await c().catch(() => {});
});

const ready = async (url: string) => {
  const res = await fetch(`${url}/readyz`);
  return { status: res.status, body: (await res.json()) as { down: string[] } };
};

describe("PostgreSQL restarted", () => {
  it("readiness tells the truth meanwhile, and the app recovers without a restart", async () => {
    const pg = await startPrivatePostgres();
    cleanups.push(() => pg.destroy());
    stack = await startStack({ name: "pg-restart", pgServerUrl: pg.url });
    const contact = (message: string) =>
      postJson(`${stack!.url}/api/contact`, { firstName: "P", lastName: "G", email: "pg@example.com", message });

    expect((await contact("before the restart")).status).toBe(201);
    await pg.stop();
    const during = await ready(stack.url);
    expect(during.status).toBe(503);
    expect(during.body.down).toEqual(["postgres"]);
    // Refused clearly while the database is away (503 with Retry-After), never a hang.
    const refused = await contact("while down");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect(refused.json).toMatchObject({ success: false, message: expect.stringContaining("call us") });

    await pg.start();
    await expect.poll(async () => (await ready(stack!.url)).status, { timeout: 20_000 }).toBe(200);
    expect((await contact("after the restart")).status).toBe(201);
    await stack.mail.waitFor((all) => all.some((e) => (e.text ?? "").includes("after the restart")), 20_000);
  });
});

describe("SIGTERM to a web process under load", () => {
  it("finishes the requests in flight, refuses new ones so they go elsewhere", async () => {
    stack = await startStack({ name: "sigterm", webs: 2, webEnv: { SHUTDOWN_DELAY_MS: "1500" } });
    const [webA, webB] = stack.urls as [string, string];
    const port = Number(new URL(webA).port);
    const send = (i: number) =>
      new Promise<string>((resolve) => {
        const body = JSON.stringify({
          firstName: "Load",
          lastName: "Tester",
          email: "load@example.com",
          message: `under load ${i}`,
        });
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            path: "/api/contact",
            method: "POST",
            agent: false,
            headers: {
              "Content-Type": "application/json",
              "Content-Length": Buffer.byteLength(body),
              "X-Forwarded-For": randomIp(),
            },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve(`status ${res.statusCode}`));
            res.on("error", () => resolve("reset"));
          },
        );
        req.on("error", (error: NodeJS.ErrnoException) =>
          resolve(error.code === "ECONNREFUSED" ? "refused" : `error ${error.code}`),
        );
        req.end(body);
      });

    // Thirty at once: more than the pool's ten connections, so some wait for one when SIGTERM comes.
    // (Sixty on a machine whose CPU other work had taken kept some waiting past the pool's limit,
    // and those got the overload answer, 503 with Retry-After: correct, but not what this test is about.)
    const inFlight = Array.from({ length: 30 }, (_, i) => send(i));
    await new Promise((r) => setTimeout(r, 30));
    const exited = stack.webs[0]!.kill("SIGTERM");
    // While draining, A tells the load balancer it is not ready.
    expect((await ready(webA)).status).toBe(503);
    const outcomes = await Promise.all(inFlight);
    expect(await exited).toBe(0);

    // Every request either completed (201) or was refused before it began: none cut off mid-way.
    // On a failure, the web process's errors say why (a 5xx here is a bug to find, not a flake to retry).
    const webProcess = stack.webs[0]!;
    const errors = () =>
      webProcess
        .output()
        .split("\n")
        .filter((line) => /"level":(50|60)/.test(line))
        .slice(0, 5)
        .join("\n");
    expect(
      outcomes.filter((o) => o !== "status 201" && o !== "refused"),
      errors(),
    ).toEqual([]);
    const completed = outcomes.filter((o) => o === "status 201").length;
    expect(completed).toBeGreaterThan(0);
    expect(await stack.db.contactMessage.count({ where: { message: { startsWith: "under load" } } })).toBe(completed);

    // New requests are refused by A and served by B.
    expect(await send(999)).toBe("refused");
    expect(
      (
        await postJson(`${webB}/api/contact`, {
          firstName: "B",
          lastName: "B",
          email: "b@example.com",
          message: "elsewhere",
        })
      ).status,
    ).toBe(201);
  });
});

describe("SIGTERM while a client is slow to send its request", () => {
  it("serves a request that arrives after the listener closed, on a connection opened before", async () => {
    stack = await startStack({ name: "sigterm-slow", webEnv: { SHUTDOWN_DELAY_MS: "300" } });
    const port = Number(new URL(stack.url).port);
    const socket = net.connect({ host: "127.0.0.1", port });
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    const answer = new Promise<string>((resolve) => {
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString()));
      socket.on("close", () => resolve(text));
      socket.on("error", (error) => resolve(`error ${(error as NodeJS.ErrnoException).code}`));
    });

    const exited = stack.webs[0]!.kill("SIGTERM");
    // The listener closes: new connections are refused from now on.
    await stack.webs[0]!.waitForOutput(/listener closed/, 20_000);

    // Only now does the slow client send its message: it was accepted before, so it is served.
    const body = JSON.stringify({
      firstName: "Slow",
      lastName: "Client",
      email: "slow@example.com",
      message: "sent late on an early connection",
    });
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Forwarded-For: ${randomIp()}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect((await answer).split("\r\n")[0]).toBe("HTTP/1.1 201 Created");
    expect(await exited).toBe(0);
    expect(await stack.db.contactMessage.count({ where: { message: "sent late on an early connection" } })).toBe(1);
  });
});

describe("Redis stopped while leads arrive", () => {
  it("a chat appointment request and a password reset are stored, and their emails arrive once Redis is back, once", async () => {
    const redis = await startPrivateRedis();
    cleanups.push(() => redis.stop());
    stack = await startStack({ name: "redis-leads", redisUrl: redis.url });
    const email = "resetme@example.com";
    await stack.db.user.create({
      data: { firstName: "Reset", lastName: "Me", email, passwordHash: await hashPassword("old-password-123") },
    });
    const sessionId = `chat_faults${Date.now().toString(36)}`;
    expect((await postJson(`${stack.url}/api/chat/session`, { sessionId, status: "active" })).status).toBe(201);

    await redis.stop();
    const booking = await postJson(`${stack.url}/api/chat/${sessionId}/book-appointment`, {
      customerName: "Storm Night",
      customerPhone: "(225) 555-0177",
      customerEmail: "storm@example.com",
      serviceType: "Generator Installation",
      priority: "urgent",
    });
    expect(booking.status).toBe(201);
    const reset = await postJson(`${stack.url}/api/auth/request-reset`, { email });
    expect(reset.status).toBe(200);
    expect(await stack.db.booking.count({ where: { id: booking.json.bookingId, status: "pending" } })).toBe(1);
    // The token is issued just after the answer (so the answer takes as long whether or not the account exists).
    await expect
      .poll(() => stack!.db.accountToken.count({ where: { user: { email }, purpose: "password_reset" } }))
      .toBe(1);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(stack.mail.list()).toHaveLength(0);

    await redis.start();
    await stack.mail.waitFor(
      (all) =>
        all.some((e) => e.to.includes(STAFF_EMAIL) && e.subject.includes(`#${booking.json.bookingId}`)) &&
        all.some((e) => e.to.includes("storm@example.com")) &&
        all.some((e) => e.to.includes(email)),
      30_000,
    );
    await new Promise((r) => setTimeout(r, 2_000));
    const all = stack.mail.list();
    expect(all.filter((e) => e.subject.includes(`#${booking.json.bookingId}`))).toHaveLength(1);
    expect(all.filter((e) => e.to.includes("storm@example.com"))).toHaveLength(1);
    expect(all.filter((e) => e.to.includes(email))).toHaveLength(1);
    expect(all.find((e) => e.to.includes(email))!.text).toMatch(/\/login\?token=/);
  });

  it("a customer's cancellation while Redis is down is stored, and staff are emailed once when it is back", async () => {
    const redis = await startPrivateRedis();
    cleanups.push(() => redis.stop());
    stack = await startStack({ name: "redis-cancel", redisUrl: redis.url });
    const customer = await signedInUser(stack.url, stack.db, "customer");
    const mine = await stack.db.customer.create({
      data: { name: "Odile Landry", email: customer.user.email, phone: "(225) 555-0164", userId: customer.user.id },
    });
    const booking = await stack.db.booking.create({
      data: {
        customerId: mine.id,
        summary: "Ceiling fan install",
        status: "pending",
        scheduledDate: new Date(Date.now() + 3 * 86_400_000),
      },
    });

    await redis.stop();
    const res = await fetch(`${stack.url}/account/visits/${booking.id}`, {
      method: "POST",
      headers: { ...customer.auth, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
      body: new URLSearchParams({ intent: "cancel" }),
    });
    expect(res.status).toBe(200);
    const row = await stack.db.booking.findUniqueOrThrow({ where: { id: booking.id } });
    expect(row).toMatchObject({ status: "cancelled" });
    expect(row.cancelledByCustomerAt).toBeInstanceOf(Date);
    const cancellation = { bookingId: booking.id, cancelledAt: row.cancelledByCustomerAt!.getTime() };
    expect(await notificationSentAt(stack.db, "booking-cancelled-notification", cancellation)).toBeNull();
    await new Promise((r) => setTimeout(r, 1_000));
    expect(stack.mail.list()).toHaveLength(0);

    await redis.start();
    const subject = `Booking #${booking.id} cancelled by the customer`;
    await stack.mail.waitFor((all) => all.some((e) => e.subject.includes(subject)), 30_000);
    await expect
      .poll(() => notificationSentAt(stack!.db, "booking-cancelled-notification", cancellation))
      .not.toBeNull();
    await new Promise((r) => setTimeout(r, 2_000));
    expect(stack.mail.list().filter((e) => e.subject.includes(subject))).toHaveLength(1);
  });
});
