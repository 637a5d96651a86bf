/**
 * Login throttling (docs/decisions/005-sessions-and-tokens.md): attempts are
 * counted before the password is checked; an account guessed at from unknown
 * devices is blocked to them, while a browser holding the account's device
 * cookie is judged on its own failures; an address is blocked after 100
 * failures a day.
 */
import { createHash } from "node:crypto";
import { connect } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { postJson, randomIp, type Stack } from "../support/stack";
import { sharedStack } from "../support/shared-stack";

let stack: Stack;
beforeAll(async () => {
  stack = await sharedStack();
});

const FAILED = "Invalid email or password";
const THROTTLED = "Too many failed login attempts. Please wait a few minutes and try again, or reset your password.";

let counter = 0;
const uniqueEmail = (tag = "user") => `${tag}.${Date.now()}.${++counter}@example.com`;

async function registerUser() {
  const email = uniqueEmail();
  const password = "boudin-balls-2025";
  const res = await postJson(`${stack.url}/api/auth/register`, {
    firstName: "Aurelie",
    lastName: "Thibodeaux",
    email,
    password,
  });
  expect(res.status, res.text).toBe(201);
  return { email, password };
}

interface From {
  ip?: string;
  /** A `name=value` Cookie header. */
  cookie?: string;
}

const apiLogin = (email: string, password: string, from: From = {}) =>
  postJson(
    `${stack.url}/api/auth/login`,
    { email, password },
    { ip: from.ip ?? randomIp(), headers: from.cookie ? { Cookie: from.cookie } : {} },
  );

/** Logs in through the /login page form, as a browser without JavaScript does. */
async function pageLogin(email: string, password: string, from: From = {}) {
  const res = await fetch(`${stack.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": from.ip ?? randomIp(),
      ...(from.cookie ? { Cookie: from.cookie } : {}),
    },
    body: new URLSearchParams({ intent: "login", email, password }),
  });
  return {
    status: res.status,
    headers: res.headers,
    location: res.headers.get("location"),
    setCookies: res.headers.getSetCookie(),
    html: await res.text(),
  };
}

/** The bytes of one POST /api/auth/login. */
function loginRequest(email: string, password: string, ip: string) {
  const body = JSON.stringify({ email, password });
  const { host } = new URL(stack.url);
  return (
    `POST /api/auth/login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nX-Forwarded-For: ${ip}\r\n\r\n${body}`
  );
}

/**
 * Sends requests in one write on one connection (HTTP/1.1 pipelining), so the
 * server has received them all, in this order, before it answers the first;
 * resolves to their answers in the same order.
 */
type LoginAnswer = { status: number; headers: Headers; json: { success?: boolean; message?: string; token?: string } };
function pipelined(requests: string[]): Promise<LoginAnswer[]> {
  const { hostname, port } = new URL(stack.url);
  return new Promise((resolve, reject) => {
    const answers: LoginAnswer[] = [];
    let buffer = Buffer.alloc(0);
    const socket = connect(Number(port), hostname, () => socket.write(requests.join("")));
    socket.on("error", reject);
    socket.on("close", () =>
      reject(new Error(`connection closed after ${answers.length} of ${requests.length} answers`)),
    );
    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const headEnd = buffer.indexOf("\r\n\r\n");
        if (headEnd < 0) return;
        const [statusLine, ...lines] = buffer.subarray(0, headEnd).toString("latin1").split("\r\n");
        const headers = new Headers(
          lines.map(
            (line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()] as [string, string],
          ),
        );
        const length = Number(headers.get("content-length"));
        if (!Number.isInteger(length)) return reject(new Error(`no Content-Length in answer ${answers.length}`));
        if (buffer.length < headEnd + 4 + length) return;
        const text = buffer.subarray(headEnd + 4, headEnd + 4 + length).toString("utf8");
        buffer = buffer.subarray(headEnd + 4 + length);
        answers.push({ status: Number(statusLine!.split(" ")[1]), headers, json: JSON.parse(text) });
        if (answers.length === requests.length) {
          socket.removeAllListeners("close");
          socket.destroy();
          return resolve(answers);
        }
      }
    });
  });
}

/** The device cookie a response set, as its full Set-Cookie line and as the `name=value` a browser sends back. */
function deviceCookieOf(setCookies: string[]) {
  const line = setCookies.find((c) => c.startsWith("bce_device="));
  expect(line, setCookies.join("\n")).toBeDefined();
  return { line: line!, cookie: line!.split(";")[0]! };
}

/** The device cookie's value, as the browser holds it (a string, encoded the way Remix encodes cookies). */
const readDevice = (cookie: string) =>
  JSON.parse(Buffer.from(decodeURIComponent(cookie.split("=")[1]!), "base64").toString("utf8")) as string;
const writeDevice = (value: string) =>
  `bce_device=${encodeURIComponent(Buffer.from(JSON.stringify(value), "utf8").toString("base64"))}`;

function expectThrottled(res: { status: number; headers: Headers; json?: unknown }) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  if (res.json !== undefined) expect(res.json).toEqual({ success: false, message: THROTTLED });
}

describe("login throttling", () => {
  it("counts guesses before checking them: of 40 at once, at most 10 are checked and the rest (the right password too) get 429", async () => {
    const { email, password } = await registerUser();
    // 39 wrong guesses, then the right password, each from its own address and none with a device
    // cookie, sent in one go: all of them reach the server before it can answer the first.
    const guesses = [...Array.from({ length: 39 }, (_, i) => `wrong-guess-${i}`), password];
    const results = await pipelined(guesses.map((guess) => loginRequest(email, guess, randomIp())));

    const failed = results.filter((r) => r.status === 401);
    const throttled = results.filter((r) => r.status === 429);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.length).toBeLessThanOrEqual(10);
    expect(failed.length + throttled.length).toBe(40);
    for (const res of failed) expect(res.json).toEqual({ success: false, message: FAILED });
    for (const res of throttled) expectThrottled(res);
    expect(results.at(-1)!.json.token).toBeUndefined();
  });

  it("lets the owner's browser in with its device cookie while guesses from unknown devices keep the account blocked", async () => {
    const owner = await registerUser();
    const other = await registerUser();

    // Earlier sign-ins: the page form (the office browser) and the API (a client that keeps cookies).
    const page = await pageLogin(owner.email, owner.password);
    expect(page.status).toBe(302);
    expect(page.location).toBe("/");
    expect(page.setCookies[0]).toMatch(/^bce_session=/);
    const browser = deviceCookieOf(page.setCookies);
    expect(browser.line).toMatch(/HttpOnly/i);
    expect(browser.line).toMatch(/SameSite=Lax/i);
    expect(browser.line).toMatch(/Path=\//);
    expect(Number(/Max-Age=(\d+)/i.exec(browser.line)?.[1])).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
    expect(browser.line).not.toMatch(/Secure/i); // only in production, as __Host-bce_device
    const api = await apiLogin(owner.email, owner.password);
    expect(api.status).toBe(200);
    const apiDevice = deviceCookieOf(api.headers.getSetCookie());
    const otherAccountDevice = deviceCookieOf((await pageLogin(other.email, other.password)).setCookies);

    // Guessers, each from its own address: 10 failures block the account to unknown devices.
    for (let i = 0; i < 10; i++) expect((await apiLogin(owner.email, `wrong-guess-${i}`)).status).toBe(401);
    expectThrottled(await apiLogin(owner.email, "wrong-guess-x"));
    // An unknown device is refused with the right password too; so is a forged cookie or another account's.
    const [account, nonce, signature] = readDevice(browser.cookie).split(".") as [string, string, string];
    const [, otherNonce, otherSignature] = readDevice(otherAccountDevice.cookie).split(".") as [string, string, string];
    expect(account).toBe(createHash("sha256").update(owner.email).digest("hex"));
    const forged = [
      writeDevice(`${account}.${nonce}.${signature.slice(0, -4)}${signature.endsWith("AAAA") ? "BBBB" : "AAAA"}`),
      writeDevice(`${account}.${otherNonce}.${signature}`),
      writeDevice(`${account}.${otherNonce}.${otherSignature}`),
    ];
    for (const cookie of [undefined, otherAccountDevice.cookie, ...forged]) {
      const res = await apiLogin(owner.email, owner.password, { cookie });
      expectThrottled(res);
      expect(res.json.token).toBeUndefined();
    }
    const unknownPage = await pageLogin(owner.email, owner.password);
    expect(unknownPage.status).toBe(429);
    expect(unknownPage.html).toContain("Too many failed login attempts");

    // The owner's browser signs in, and gets a fresh device cookie.
    const again = await pageLogin(owner.email, owner.password, { cookie: browser.cookie });
    expect(again.status).toBe(302);
    expect(again.location).toBe("/");
    expect(again.setCookies[0]).toMatch(/^bce_session=/);
    const renewed = deviceCookieOf(again.setCookies);
    const viaApi = await apiLogin(owner.email, owner.password, { cookie: apiDevice.cookie });
    expect(viaApi.status).toBe(200);
    expect(viaApi.json.token).toEqual(expect.any(String));
    // Meanwhile the account stays blocked to unknown devices.
    expectThrottled(await apiLogin(owner.email, owner.password));

    // A known browser is judged on its own failures: after 10 it is blocked, the others are not.
    for (let i = 0; i < 10; i++)
      expect((await apiLogin(owner.email, `typo-password-${i}`, { cookie: renewed.cookie })).status).toBe(401);
    expectThrottled(await apiLogin(owner.email, owner.password, { cookie: renewed.cookie }));
    expect((await apiLogin(owner.email, owner.password, { cookie: apiDevice.cookie })).status).toBe(200);

    // A completed password reset lifts the block on unknown devices.
    expect((await postJson(`${stack.url}/api/auth/request-reset`, { email: owner.email })).status).toBe(200);
    const isReset = (e: { to: string[]; subject: string }) =>
      e.to.includes(owner.email) && e.subject.startsWith("Reset your");
    const emails = await stack.mail.waitFor((all) => all.some(isReset), 15_000);
    const token = /\/login\?token=([\w%.~-]+)/.exec(emails.find(isReset)!.text ?? "")?.[1];
    expect(token).toBeDefined();
    const reset = await postJson(`${stack.url}/api/auth/reset-password`, {
      token: decodeURIComponent(token!),
      password: "new-owner-password",
    });
    expect(reset.status).toBe(200);
    expect((await apiLogin(owner.email, "new-owner-password")).status).toBe(200);
  });

  it("blocks an address only after 100 failures a day: someone else there still signs in, then the whole IPv6 /64 gets 429", async () => {
    const colleague = await registerUser();
    const hex = () => Math.floor(Math.random() * 0xffff).toString(16);
    const prefix = `2001:db8:${hex()}:${hex()}`;
    const ip = `${prefix}::1`;

    // 12 failures from one address against various accounts.
    for (let i = 0; i < 12; i++)
      expect((await apiLogin(uniqueEmail("spray"), "wrong-password", { ip })).status).toBe(401);
    // Someone else at that address (an office, a carrier's NAT) is not shut out.
    const signedIn = await apiLogin(colleague.email, colleague.password, { ip });
    expect(signedIn.status).toBe(200);
    expect((await pageLogin(colleague.email, colleague.password, { ip })).status).toBe(302);

    // Up to 100 failures, a few at a time.
    for (let sent = 12; sent < 100; sent += 8) {
      const batch = Array.from({ length: Math.min(8, 100 - sent) }, () =>
        apiLogin(uniqueEmail("spray"), "wrong-password", { ip }),
      );
      expect((await Promise.all(batch)).map((r) => r.status)).toEqual(batch.map(() => 401));
    }

    // Past 100: that address, and another in the same /64, are refused, even with the right password.
    expectThrottled(await apiLogin(uniqueEmail("spray"), "wrong-password", { ip }));
    expectThrottled(await apiLogin(colleague.email, colleague.password, { ip }));
    expectThrottled(await apiLogin(colleague.email, colleague.password, { ip: `${prefix}:0:1:2:beef` }));
    expect((await pageLogin(colleague.email, colleague.password, { ip: `${prefix}::2` })).status).toBe(429);
    // Another network is not.
    expect(
      (await apiLogin(uniqueEmail("spray"), "wrong-password", { ip: `2001:db8:${hex()}:${hex()}::1` })).status,
    ).toBe(401);
    expect((await apiLogin(colleague.email, colleague.password)).status).toBe(200);
  });
});
