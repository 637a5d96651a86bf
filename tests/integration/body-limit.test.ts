import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { postJson, randomIp, type Stack } from "../support/stack";
import { sharedStack } from "../support/shared-stack";

/**
 * Every request body is bounded at the server before any parser reads it
 * (1 MB, docs/security.md "input"): a body sent chunked declares no length, so
 * the server has to count it. The client must receive the 413 with the error
 * shape, not a reset connection.
 */

let stack: Stack;
beforeAll(async () => {
  stack = await sharedStack();
});

const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * Posts `head`, then filler up to `bytes`, then `tail`, in 64 KB chunks with
 * `Transfer-Encoding: chunked` and no Content-Length, on a connection of its own.
 */
function postChunked(url: string, contentType: string, bytes: number, head: string, tail = ""): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: "POST",
      agent: false,
      headers: { "Content-Type": contentType, "Transfer-Encoding": "chunked", "X-Forwarded-For": randomIp() },
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      res.on("error", reject);
    });
    req.on("error", reject);
    const filler = "a".repeat(64 * 1024);
    let sent = Buffer.byteLength(head);
    req.write(head);
    const pump = () => {
      while (sent < bytes) {
        const chunk = filler.slice(0, Math.min(filler.length, bytes - sent));
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end(tail);
    };
    pump();
  });
}

const FIVE_MB = 5 * 1024 * 1024;
const contactFields = {
  firstName: "Marie",
  lastName: "Thibodeaux",
  email: "marie.t@example.com",
  phone: "",
  service: "",
  message: "",
};
const formHead = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe("a 5 MB body sent chunked, without Content-Length", () => {
  it.each([
    ["/login", FORM, formHead({ intent: "login", email: "someone@example.com", password: "" }), ""],
    ["/contact", FORM, formHead(contactFields), ""],
    ["/api/contact", JSON_TYPE, JSON.stringify(contactFields).slice(0, -2), '"}'],
  ])("%s answers 413 with the error shape", async (path, type, head, tail) => {
    const contactsBefore = await stack.db.contactMessage.count();
    const res = await postChunked(`${stack.url}${path}`, type, FIVE_MB, head, tail);
    expect(res.status).toBe(413);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(JSON.parse(res.text)).toEqual({
      success: false,
      message: "Request body is larger than 1 MB",
      errors: { _: "Request body is larger than 1 MB" },
    });
    expect(res.headers.connection).toBe("close");
    expect(await stack.db.contactMessage.count()).toBe(contactsBefore);
  });
});

describe("bodies within the limit", () => {
  it("a page login form post without JavaScript signs in", async () => {
    const email = `body-limit.${Date.now()}@example.com`;
    const password = "gumbo-filé-2024";
    const registered = await postJson(`${stack.url}/api/auth/register`, {
      firstName: "Clovis",
      lastName: "Broussard",
      email,
      password,
    });
    expect(registered.status, registered.text).toBe(201);

    const res = await fetch(`${stack.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": FORM, "X-Forwarded-For": randomIp() },
      body: new URLSearchParams({ intent: "login", email, password }),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(res.headers.get("set-cookie")).toMatch(/^bce_session=/);
  });

  it("a page login form post sent chunked is read and answered", async () => {
    const res = await postChunked(
      `${stack.url}/login`,
      FORM,
      0,
      formHead({ intent: "login", email: "nobody@example.com", password: "wrong-password" }),
    );
    expect(res.status).toBe(401);
    expect(res.text).toContain("Invalid email or password");
  });

  it("a contact form post without JavaScript stores the message", async () => {
    const message = `Body limit check ${Date.now()}: the breaker trips when the dryer runs.`;
    const res = await fetch(`${stack.url}/contact`, {
      method: "POST",
      headers: { "Content-Type": FORM, "X-Forwarded-For": randomIp() },
      body: new URLSearchParams({ ...contactFields, message }),
    });
    expect(res.status).toBe(200);
    expect(await stack.db.contactMessage.count({ where: { message } })).toBe(1);
  });

  it("a contact form post with JavaScript (a .data request) stores the message", async () => {
    const message = `Body limit check ${Date.now()}: half the kitchen outlets are dead.`;
    const res = await fetch(`${stack.url}/contact.data`, {
      method: "POST",
      headers: { "Content-Type": FORM, "X-Forwarded-For": randomIp() },
      // `js` as the hydrated form sends it: answered in place rather than redirected.
      body: new URLSearchParams({ ...contactFields, message, js: "1" }),
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(await stack.db.contactMessage.count({ where: { message } })).toBe(1);
  });

  it("a contact form post sent chunked, just under 1 MB, reaches the form's own checks", async () => {
    // The whole body is read: the message is too long for the form (400, the page with the field's
    // message), not too large for the server.
    const res = await postChunked(
      `${stack.url}/contact`,
      FORM,
      1024 * 1024 - 1,
      formHead({ ...contactFields, message: "" }),
    );
    expect(res.status).toBe(400);
    expect(res.text).toContain("Message is too long (5,000 characters at most)");
  });
});
