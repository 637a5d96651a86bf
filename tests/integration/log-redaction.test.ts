/**
 * No secret in a log line (docs/security.md): reset links, calendar feed
 * addresses and chat session ids reach the request log redacted, and with
 * EMAIL_TRANSPORT=log the worker records emails without their bodies.
 * The stack runs in production mode, as an operator's logs would.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "@app/shared/env.server";
import { seed } from "../../prisma/seed";
import { api, signedInUser } from "../support/accounts";
import { openChatSession } from "../support/chat";
import { ADMIN_EMAIL, postJson, productionEnv, randomIp, startStack, type Stack } from "../support/stack";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    name: "log-redaction",
    env: { ...productionEnv(), EMAIL_TRANSPORT: "log", RESEND_API_KEY: "" },
  });
});
afterAll(async () => {
  await stack?.stop();
});

describe("request logs", () => {
  it("show where reset links, calendar feeds and chat sessions were requested, never their secrets", async () => {
    const web = stack.webs[0]!;
    const get = (path: string) => fetch(`${stack.url}${path}`, { headers: { "X-Forwarded-For": randomIp() } });

    const resetToken = randomBytes(24).toString("base64url");
    expect((await get(`/login?token=${resetToken}`)).status).toBe(200);

    const admin = await signedInUser(stack.url, stack.db, "admin");
    const feed = await api(stack.url, "POST", "/api/admin/calendar-feed", admin.token);
    expect(feed.status).toBe(201);
    const feedPath = new URL(feed.json.url as string).pathname;
    const feedSecret = feedPath.slice("/calendar/".length, -".ics".length);
    expect((await get(feedPath)).status).toBe(200);

    const chatId = await openChatSession(stack.url);
    expect(
      (await postJson(`${stack.url}/api/chat/${chatId}/message`, { message: "Do you install generators?" })).status,
    ).toBe(200);
    expect((await get(`/api/chat/${chatId}/messages`)).status).toBe(200);

    // Each request is logged once its answer is sent.
    await web.waitForOutput(/"url":"\/api\/chat\/[^/"]+\/messages"/);
    const output = web.output();
    expect(output).toContain("/login?token=[redacted]");
    expect(output).toContain("/calendar/[redacted]");
    expect(output).toContain("/api/chat/[redacted]/message");
    for (const secret of [resetToken, feedSecret, ...feedSecret.split("."), chatId])
      expect(output).not.toContain(secret);
    expect(stack.workers[0]!.output()).not.toContain(chatId);
  });
});

describe("email with EMAIL_TRANSPORT=log and no Resend key", () => {
  it("records the reset email without the reset link reaching the worker's log", async () => {
    const env = parseEnv({ ...stack.env, APP_URL: stack.url });
    await seed(stack.db, env, () => {});
    const res = await postJson(`${stack.url}/api/auth/request-reset`, { email: ADMIN_EMAIL });
    expect(res.status).toBe(200);

    const logged = await vi.waitFor(
      async () => {
        const row = await stack.db.emailLog.findFirst({ where: { kind: "password-reset", to: ADMIN_EMAIL } });
        if (!row) throw new Error("no reset email recorded yet");
        return row;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(logged.status).toBe("logged");
    expect(stack.mail.emails).toHaveLength(0);

    const worker = stack.workers[0]!;
    await worker.waitForOutput(/"kind":"password-reset"/);
    const output = worker.output();
    expect(output).toContain(ADMIN_EMAIL);
    expect(output).not.toContain("/login?token=");
    expect(output).not.toContain("Open this link");
  });
});
