import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { postJson, randomIp, STAFF_EMAIL, type Stack } from "../support/stack";
import { sharedStack } from "../support/shared-stack";
import { notificationSentAt } from "../support/outbox";

let stack: Stack;
beforeAll(async () => {
  stack = await sharedStack();
});

const valid = {
  firstName: "Marie",
  lastName: "Thibodeaux",
  email: "Marie.T@example.com",
  phone: "(225) 555-0181",
  service: "generator",
  message: "Need a quote for a 22kW standby generator in Prairieville.",
};

describe("POST /api/contact", () => {
  it("stores the message and emails staff every field", async () => {
    const res = await postJson(`${stack.url}/api/contact`, valid);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ success: true });

    const row = await stack.db.contactMessage.findUniqueOrThrow({ where: { id: res.json.id } });
    expect(row).toMatchObject({
      firstName: "Marie",
      lastName: "Thibodeaux",
      email: "marie.t@example.com",
      service: "generator",
    });

    const [email] = await stack.mail.waitFor((all) => all.some((e) => e.text?.includes(valid.message)));
    const sent = stack.mail.list(STAFF_EMAIL).find((e) => e.text?.includes(valid.message))!;
    expect(sent).toBeDefined();
    expect(email).toBeDefined();
    for (const value of ["Marie Thibodeaux", "marie.t@example.com", "(225) 555-0181", "generator", valid.message]) {
      expect(sent.text).toContain(value);
      expect(sent.html).toContain(value.replace(/'/g, "&#39;"));
    }
    await expect
      .poll(() => notificationSentAt(stack.db, "contact-notification", { contactMessageId: row.id }))
      .not.toBeNull();
    const log = await stack.db.emailLog.findMany({ where: { relatedKey: `contact:${row.id}` } });
    expect(log).toEqual([
      expect.objectContaining({ to: STAFF_EMAIL, status: "sent", kind: "contact-notification", providerId: sent.id }),
    ]);
  });

  it("escapes markup a visitor types into the staff email", async () => {
    const res = await postJson(`${stack.url}/api/contact`, {
      ...valid,
      message: `<script>alert("x")</script> lights flicker`,
    });
    expect(res.status).toBe(201);
    const emails = await stack.mail.waitFor((all) => all.some((e) => e.text?.includes("lights flicker")));
    const sent = emails.find((e) => e.text?.includes("lights flicker"))!;
    expect(sent.html).not.toContain("<script>");
    expect(sent.html).toContain("&lt;script&gt;");
  });

  it.each([
    ["firstName", { firstName: undefined }],
    ["lastName", { lastName: "" }],
    ["email", { email: undefined }],
    ["email", { email: "not-an-email" }],
    ["message", { message: "   " }],
    ["service", { service: "plumbing" }],
  ])("answers 400 with a field error for a bad %s", async (field, patch) => {
    const before = await stack.db.contactMessage.count();
    const res = await postJson(`${stack.url}/api/contact`, { ...valid, ...patch });
    expect(res.status).toBe(400);
    expect(res.json.success).toBe(false);
    expect(typeof res.json.message).toBe("string");
    expect(res.json.errors[field]).toEqual(expect.any(String));
    expect(await stack.db.contactMessage.count()).toBe(before);
  });

  it("accepts a message without the optional phone and service", async () => {
    const res = await postJson(`${stack.url}/api/contact`, { ...valid, phone: "", service: "" });
    expect(res.status).toBe(201);
  });

  it("answers 400 for malformed JSON and for a non-object body", async () => {
    for (const raw of ["{bad json", "[1,2]", "null", "42", ""]) {
      const res = await postJson(`${stack.url}/api/contact`, null, { raw });
      expect(res.status, raw).toBe(400);
      expect(res.json).toMatchObject({ success: false, message: expect.any(String) });
    }
  });

  it("answers 413 for a body over 1 MB, declared or chunked", async () => {
    const big = JSON.stringify({ ...valid, message: "a".repeat(1_100_000) });
    const declared = await postJson(`${stack.url}/api/contact`, null, { raw: big });
    expect(declared.status).toBe(413);
    expect(declared.json).toMatchObject({ success: false });

    // Chunked: no length is declared, so the server counts while reading and stops at 1 MB.
    const chunkedStatus = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${stack.url}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked", "X-Forwarded-For": randomIp() },
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      let sent = 0;
      const pump = () => {
        while (sent < 12) {
          sent++;
          if (!req.write("a".repeat(100_000))) return req.once("drain", pump);
        }
        req.end();
      };
      pump();
    });
    expect(chunkedStatus).toBe(413);
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const res = await fetch(`${stack.url}/api/does-not-exist`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({ success: false });
    const post = await postJson(`${stack.url}/api/nope/deeper`, {});
    expect(post.status).toBe(404);
  });

  it("drops a honeypot submission silently", async () => {
    const before = await stack.db.contactMessage.count();
    const res = await postJson(`${stack.url}/api/contact`, { ...valid, website: "http://spam.example" });
    expect(res.status).toBe(201);
    expect(await stack.db.contactMessage.count()).toBe(before);
  });

  it("limits one address to a few messages, with Retry-After", async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 7; i++) {
      const res = await postJson(`${stack.url}/api/contact`, { ...valid, message: `burst ${i}` }, { ip });
      statuses.push(res.status);
      if (res.status === 429) {
        retryAfter = res.headers.get("retry-after");
        expect(res.json).toMatchObject({ success: false });
      }
    }
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it("refuses a cross-site post", async () => {
    const res = await postJson(`${stack.url}/api/contact`, valid, { headers: { Origin: "https://evil.example" } });
    expect(res.status).toBe(403);
  });
});

describe("health", () => {
  it("reports liveness and readiness", async () => {
    expect((await fetch(`${stack.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${stack.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ postgres: "ok", redis: "ok" });
  });
});
