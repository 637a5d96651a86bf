import type { AppLoadContext } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { loginSchema, registerFormSchema, resetPasswordFormSchema } from "@app/shared/api/auth";
import { fieldErrors } from "@app/shared/api/errors";
import { parseEnv } from "@app/shared/env.server";
import { hashPassword } from "@app/shared/password.server";
import { requireAdmin, requireUser } from "~/utils/auth.server";
import { parseSubmission } from "~/utils/schema-form";
import { ADMIN_EMAIL, ADMIN_PASSWORD, postJson, randomIp, type Stack } from "../support/stack";
import { sharedStack } from "../support/shared-stack";
import { notificationSentAt } from "../support/outbox";

let stack: Stack;
beforeAll(async () => {
  stack = await sharedStack();
});

const SHORT = "Password must be at least 8 characters long";
let counter = 0;
const uniqueEmail = (tag = "user") => `${tag}.${Date.now()}.${++counter}@example.com`;

async function registerUser(overrides: Record<string, unknown> = {}) {
  const body = {
    firstName: "Clovis",
    lastName: "Broussard",
    email: uniqueEmail(),
    password: "gumbo-filé-2024",
    ...overrides,
  };
  const res = await postJson(`${stack.url}/api/auth/register`, body);
  expect(res.status, res.text).toBe(201);
  return { ...res, email: String(body.email).toLowerCase(), password: String(body.password) };
}

const login = (email: string, password: string, ip = randomIp()) =>
  postJson(`${stack.url}/api/auth/login`, { email, password }, { ip });

async function me(headers: Record<string, string>) {
  const res = await fetch(`${stack.url}/api/auth/me`, { headers: { "X-Forwarded-For": randomIp(), ...headers } });
  const json: unknown = await res.json();
  return { status: res.status, json };
}
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Logs in through the /login page form (a plain post, as without JavaScript); returns the session cookie. */
async function pageLogin(email: string, password: string) {
  const res = await fetch(`${stack.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
    body: new URLSearchParams({ intent: "login", email, password }),
  });
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("/");
  const setCookie = res.headers.get("set-cookie") ?? "";
  return { setCookie, cookie: setCookie.split(";")[0]! };
}

/** Asks for a reset email and returns the token from the link the worker sent. */
async function resetTokenFromEmail(email: string) {
  const res = await postJson(`${stack.url}/api/auth/request-reset`, { email });
  expect(res.status).toBe(200);
  // A registered account has also been sent its verification link: pick the reset email.
  const isReset = (e: { to: string[] | string; subject: string }) =>
    e.to.includes(email) && e.subject.startsWith("Reset your");
  const emails = await stack.mail.waitFor((all) => all.some(isReset), 15_000);
  const sent = emails.find(isReset)!;
  const link = /(http:\/\/\S+\/login\?token=([\w%.~-]+))/.exec(sent.text ?? "");
  expect(link, sent.text).not.toBeNull();
  expect(link![1]!.startsWith(`${stack.url}/login?token=`)).toBe(true);
  return decodeURIComponent(link![2]!);
}

function expectNoSecrets(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/password|\$argon2/i);
}

describe("POST /api/auth/register", () => {
  it("creates a customer, signs it in and answers { success, token, user, message }", async () => {
    const email = uniqueEmail("Mixed.Case");
    const res = await registerUser({ email: `  ${email.toUpperCase()} ` });
    expect(res.json).toEqual({
      success: true,
      token: expect.any(String),
      expiresAt: expect.any(String),
      message: expect.stringContaining("Bayou Current Electric"),
      user: {
        id: expect.any(Number),
        firstName: "Clovis",
        lastName: "Broussard",
        email: email.toLowerCase(),
        role: "customer",
        // Proved by the emailed link (or a completed reset), not by registering.
        emailVerified: false,
        isActive: true,
        createdAt: expect.any(String),
        lastLogin: expect.any(String),
      },
    });
    expectNoSecrets(res.json);
    const row = await stack.db.user.findUniqueOrThrow({ where: { email: email.toLowerCase() } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await me(bearer(res.json.token))).toMatchObject({
      status: 200,
      json: { success: true, user: { id: row.id, role: "customer" } },
    });
  });

  it("ignores a role in the payload: new accounts are customers", async () => {
    const res = await registerUser({ role: "admin", isActive: false });
    expect(res.json.user).toMatchObject({ role: "customer", isActive: true });
    const row = await stack.db.user.findUniqueOrThrow({ where: { id: res.json.user.id } });
    expect(row.role).toBe("customer");
  });

  it("answers 409 for an email already registered, also when it differs only in case", async () => {
    const first = await registerUser();
    for (const email of [first.email, first.email.toUpperCase()]) {
      const again = await postJson(`${stack.url}/api/auth/register`, {
        firstName: "A",
        lastName: "B",
        email,
        password: "another-password",
      });
      expect(again.status).toBe(409);
      expect(again.json).toMatchObject({ success: false, message: expect.any(String) });
    }
    expect(await stack.db.user.count({ where: { email: first.email } })).toBe(1);
  });

  it("answers 400 with field errors for a 7-character password and missing fields", async () => {
    const short = await postJson(`${stack.url}/api/auth/register`, {
      firstName: "A",
      lastName: "B",
      email: uniqueEmail(),
      password: "1234567",
    });
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({ success: false, message: expect.any(String), errors: { password: SHORT } });

    const empty = await postJson(`${stack.url}/api/auth/register`, {});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.json.errors).sort()).toEqual(["email", "firstName", "lastName", "password"]);

    const mismatch = await postJson(`${stack.url}/api/auth/register`, {
      firstName: "A",
      lastName: "B",
      email: uniqueEmail(),
      password: "long-enough-1",
      confirmPassword: "long-enough-2",
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.errors).toEqual({ confirmPassword: "Passwords do not match" });

    const malformed = await postJson(`${stack.url}/api/auth/register`, null, { raw: "{nope" });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ success: false });
  });

  it("refuses a filled-in honeypot without creating anything", async () => {
    const email = uniqueEmail("bot");
    const res = await postJson(`${stack.url}/api/auth/register`, {
      firstName: "B",
      lastName: "Ot",
      email,
      password: "botbotbot",
      website: "http://spam.example",
    });
    expect(res.status).toBe(400);
    expect(await stack.db.user.count({ where: { email } })).toBe(0);
  });

  it("limits registrations per address, with Retry-After", async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 6; i++) {
      const res = await postJson(
        `${stack.url}/api/auth/register`,
        { firstName: "R", lastName: "L", email: uniqueEmail("burst"), password: "burst-password" },
        { ip },
      );
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get("retry-after");
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe("POST /api/auth/login", () => {
  it("answers { success, token, user, message }, sets lastLogin each time, and the token works", async () => {
    const { email, password } = await registerUser();
    await stack.db.user.update({ where: { email }, data: { lastLogin: null } });

    const res = await login(email.toUpperCase(), password);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      token: expect.any(String),
      message: expect.any(String),
      user: { email, role: "customer" },
    });
    expectNoSecrets(res.json);
    const first = (await stack.db.user.findUniqueOrThrow({ where: { email } })).lastLogin;
    expect(first).not.toBeNull();
    expect(res.json.user.lastLogin).toBe(first!.toISOString());

    await new Promise((r) => setTimeout(r, 20));
    const again = await login(email, password);
    expect(again.json.token).not.toBe(res.json.token);
    const second = (await stack.db.user.findUniqueOrThrow({ where: { email } })).lastLogin!;
    expect(second.getTime()).toBeGreaterThan(first!.getTime());

    expect(await me(bearer(res.json.token))).toMatchObject({ status: 200, json: { success: true, user: { email } } });
    const session = await stack.db.session.findFirstOrThrow({ where: { user: { email } } });
    expect(session.tokenHash).not.toBe(res.json.token);
    expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it("fails alike for a wrong password and an unknown email", async () => {
    const { email } = await registerUser();
    const wrong = await login(email, "not-the-password");
    const unknown = await login(uniqueEmail("nobody"), "not-the-password");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({ success: false, message: "Invalid email or password" });
    expect(unknown.json).toEqual(wrong.json);
  });

  it("answers 400 for a 7-character password and a missing email", async () => {
    const res = await login("someone@example.com", "1234567");
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, errors: { password: SHORT } });
    const missing = await postJson(`${stack.url}/api/auth/login`, { password: "long-enough" });
    expect(missing.status).toBe(400);
    expect(missing.json.errors.email).toBe("Email is required");
  });

  it("refuses an inactive user, with the right password too", async () => {
    const { email, password } = await registerUser();
    await stack.db.user.update({ where: { email }, data: { isActive: false } });
    await stack.db.session.deleteMany({ where: { user: { email } } });
    const res = await login(email, password);
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ success: false, message: expect.stringMatching(/deactivated/) });
    expect(res.json.token).toBeUndefined();
    expect(await stack.db.session.count({ where: { user: { email } } })).toBe(0);
  });

  it("blocks an account to unknown devices after 10 failed logins from any address: 429 with Retry-After, even with the right password", async () => {
    const { email, password } = await registerUser();
    for (let i = 0; i < 10; i++) expect((await login(email, `wrong-password-${i}`)).status).toBe(401);
    const blocked = await login(email, "wrong-password-x");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(blocked.json).toMatchObject({ success: false, message: expect.any(String) });
    // Checked before the password: the right one is refused too, and says nothing.
    const right = await login(email, password);
    expect(right.status).toBe(429);
    expect(right.json.token).toBeUndefined();
  });

  it("does not block an address after 10 failed logins across accounts (its limit is 100 a day: login-throttle.test.ts)", async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) expect((await login(uniqueEmail("spray"), "wrong-password", ip)).status).toBe(401);
    const notBlocked = await login(uniqueEmail("spray"), "wrong-password", ip);
    expect(notBlocked.status).toBe(401);
    expect(notBlocked.headers.get("retry-after")).toBeNull();
    // Another address is unaffected.
    expect((await login(uniqueEmail("spray"), "wrong-password")).status).toBe(401);
  });
});

describe("GET /api/auth/me and POST /api/auth/logout", () => {
  it("answers 401 without a token, with a bad token and with a malformed header", async () => {
    const cases: Array<Record<string, string>> = [
      {},
      bearer("not-a-real-token"),
      { Authorization: "Basic abc" },
      { Cookie: "bce_session=forged" },
    ];
    for (const headers of cases) {
      const res = await me(headers);
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ success: false, message: expect.any(String) });
    }
  });

  it("logout revokes the bearer token", async () => {
    const { json } = await registerUser();
    const out = await postJson(`${stack.url}/api/auth/logout`, {}, { headers: bearer(json.token) });
    expect(out.status).toBe(200);
    expect(out.json).toMatchObject({ success: true });
    expect((await me(bearer(json.token))).status).toBe(401);
    expect(await stack.db.session.count({ where: { userId: json.user.id } })).toBe(0);
    // A logout without a session still answers 200 (the client ignores failures anyway).
    expect((await postJson(`${stack.url}/api/auth/logout`, {})).status).toBe(200);
  });

  it("treats an expired session as signed out", async () => {
    const { json } = await registerUser();
    await stack.db.session.updateMany({
      where: { userId: json.user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await me(bearer(json.token))).status).toBe(401);
  });
});

describe("the /login page's session cookie", () => {
  it("is signed, HttpOnly and SameSite=Lax, resolves to the user, and /logout ends it", async () => {
    const { email, password, json } = await registerUser();
    const { setCookie, cookie } = await pageLogin(email, password);
    expect(setCookie).toMatch(/^bce_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/i); // only in production

    expect(await me({ Cookie: cookie })).toMatchObject({ status: 200, json: { user: { id: json.user.id } } });
    // A signed-in visitor is sent home from /login.
    const page = await fetch(`${stack.url}/login`, { redirect: "manual", headers: { Cookie: cookie } });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/");
    // A tampered cookie is no session.
    const [name, value] = cookie.split("=");
    expect((await me({ Cookie: `${name}=${value!.slice(0, -3)}abc` })).status).toBe(401);

    // GET /logout changes nothing.
    const get = await fetch(`${stack.url}/logout`, { redirect: "manual", headers: { Cookie: cookie } });
    expect(get.status).toBe(302);
    expect((await me({ Cookie: cookie })).status).toBe(200);

    const out = await fetch(`${stack.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, "X-Forwarded-For": randomIp() },
    });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/");
    expect(out.headers.get("set-cookie")).toMatch(/^bce_session=[^;]*;.*Max-Age=0/i);
    expect((await me({ Cookie: cookie })).status).toBe(401);
  });

  it("registering without JavaScript lands on the account page: the confirmation email is on its way, and Send it again", async () => {
    const email = uniqueEmail("newcomer");
    const res = await fetch(`${stack.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
      body: new URLSearchParams({
        intent: "register",
        firstName: "Noemie",
        lastName: "Arceneaux",
        email,
        password: "crawfish-boil-2025",
        confirmPassword: "crawfish-boil-2025",
      }),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/account");
    const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
    const page = await fetch(`${stack.url}/account`, { headers: { Cookie: cookie } });
    const html = (await page.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`A confirmation email is on its way to <strong>${email}</strong>`);
    expect(html).toContain("Send it again");
    await stack.mail.waitFor((all) => all.some((e) => e.to.includes(email) && e.subject.startsWith("Confirm your")));
  });

  it("returns to the page that asked to sign in: a path of this site only, else home", async () => {
    const { email, password } = await registerUser();
    // /account asks a signed-out visitor to sign in, naming itself.
    const asked = await fetch(`${stack.url}/account?tab=visits`, { redirect: "manual" });
    expect(asked.status).toBe(302);
    const login = asked.headers.get("location")!;
    expect(login).toBe("/login?redirectTo=%2Faccount%3Ftab%3Dvisits");
    // The login page's form carries it back.
    const form = (await (await fetch(`${stack.url}${login}`)).text()).replaceAll("&amp;", "&");
    expect(form).toContain('name="redirectTo" value="/account?tab=visits"');

    const signIn = (redirectTo: string) =>
      fetch(`${stack.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
        body: new URLSearchParams({ intent: "login", email, password, redirectTo }),
      });
    const back = await signIn("/account?tab=visits");
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/account?tab=visits");
    // Anything but a path of this site lands home, as without it.
    for (const unsafe of [
      "https://evil.example/account",
      "//evil.example/account",
      "/\\evil.example",
      "\\/evil.example",
      "javascript:alert(1)",
      "account",
      "/account\r\nSet-Cookie: x=1",
      "",
    ]) {
      const res = await signIn(unsafe);
      expect(res.status, unsafe).toBe(302);
      expect(res.headers.get("location"), unsafe).toBe("/");
    }
    // Signed in already: /login sends a safe redirectTo on, an unsafe one home.
    const cookie = back.headers.get("set-cookie")!.split(";")[0]!;
    const again = (redirectTo: string) =>
      fetch(`${stack.url}/login?redirectTo=${encodeURIComponent(redirectTo)}`, {
        redirect: "manual",
        headers: { Cookie: cookie },
      });
    expect((await again("/account")).headers.get("location")).toBe("/account");
    expect((await again("//evil.example")).headers.get("location")).toBe("/");
  });

  it("a new account returns to the page that asked to sign in too, and the login and register views keep it", async () => {
    const asked = "/account?tab=visits";
    const loginPage = (
      await (await fetch(`${stack.url}/login?redirectTo=${encodeURIComponent(asked)}`)).text()
    ).replaceAll("&amp;", "&");
    expect(loginPage).toContain(`href="/login?view=register&redirectTo=${encodeURIComponent(asked)}"`);
    const registerPage = (
      await (await fetch(`${stack.url}/login?view=register&redirectTo=${encodeURIComponent(asked)}`)).text()
    ).replaceAll("&amp;", "&");
    expect(registerPage).toContain(`name="redirectTo" value="${asked}"`);
    expect(registerPage).toContain(`href="/login?redirectTo=${encodeURIComponent(asked)}"`);

    const register = (redirectTo: string) =>
      fetch(`${stack.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
        body: new URLSearchParams({
          intent: "register",
          firstName: "Odette",
          lastName: "Landry",
          email: uniqueEmail("returning"),
          password: "crawfish-boil-2025",
          confirmPassword: "crawfish-boil-2025",
          redirectTo,
        }),
      });
    const back = await register(asked);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe(asked);
    // Anything but a path of this site lands where a new account lands.
    const unsafe = await register("https://evil.example/account");
    expect(unsafe.headers.get("location")).toBe("/account");
  });

  it("shows the form's errors for a bad login without JavaScript", async () => {
    const res = await fetch(`${stack.url}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
      body: new URLSearchParams({ intent: "login", email: uniqueEmail("nobody"), password: "wrong-password" }),
    });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("Invalid email or password");
  });

  it("applies the same rules as the API, with the exact messages", async () => {
    const res = await fetch(`${stack.url}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
      body: new URLSearchParams({
        intent: "register",
        firstName: "A",
        lastName: "B",
        email: uniqueEmail(),
        password: "1234567",
        confirmPassword: "7654321",
      }),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(SHORT);
    expect(html).toContain("Passwords do not match");
  });
});

describe("password reset", () => {
  it("answers the same for a known and an unknown email, and emails only the known one", async () => {
    const { email } = await registerUser();
    const nobody = uniqueEmail("nobody");
    const known = await postJson(`${stack.url}/api/auth/request-reset`, { email });
    const unknown = await postJson(`${stack.url}/api/auth/request-reset`, { email: nobody });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.json).toEqual(known.json);
    expect(known.json).toMatchObject({ success: true, message: expect.any(String) });

    await stack.mail.waitFor((all) => all.some((e) => e.to.includes(email) && e.subject.startsWith("Reset your")));
    const token = await stack.db.accountToken.findFirstOrThrow({
      where: { user: { email }, purpose: "password_reset" },
    });
    await expect.poll(() => notificationSentAt(stack.db, "account-link", { accountTokenId: token.id })).not.toBeNull();
    expect(stack.mail.list(nobody)).toEqual([]);

    const bad = await postJson(`${stack.url}/api/auth/request-reset`, { email: "not-an-email" });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ success: false, errors: { email: expect.any(String) } });
  });

  it("works once; then the old password fails, the new one works and every earlier session is gone", async () => {
    const { email, password, json } = await registerUser();
    const bearerToken = json.token as string;
    const { cookie } = await pageLogin(email, password);
    expect((await me({ Cookie: cookie })).status).toBe(200);

    const token = await resetTokenFromEmail(email);
    const row = await stack.db.accountToken.findFirstOrThrow({ where: { user: { email }, purpose: "password_reset" } });
    expect(row.tokenHash).not.toBe(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(60 * 60 * 1000 + 1000);

    const short = await postJson(`${stack.url}/api/auth/reset-password`, { token, password: "1234567" });
    expect(short.status).toBe(400);
    expect(short.json.errors).toEqual({ password: SHORT });

    const done = await postJson(`${stack.url}/api/auth/reset-password`, { token, password: "brand-new-password" });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ success: true, message: expect.any(String) });

    const again = await postJson(`${stack.url}/api/auth/reset-password`, { token, password: "another-new-password" });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ success: false, message: expect.stringMatching(/invalid or has expired/) });

    expect((await login(email, password)).status).toBe(401);
    const fresh = await login(email, "brand-new-password");
    expect(fresh.status).toBe(200);

    expect((await me(bearer(bearerToken))).status).toBe(401);
    expect((await me({ Cookie: cookie })).status).toBe(401);
    expect((await me(bearer(fresh.json.token))).status).toBe(200);
  });

  it("refuses an unknown or expired token", async () => {
    const unknown = await postJson(`${stack.url}/api/auth/reset-password`, {
      token: "made-up-token",
      password: "long-enough-pw",
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ success: false, message: expect.any(String) });

    const { email } = await registerUser();
    const token = await resetTokenFromEmail(email);
    await stack.db.accountToken.updateMany({
      where: { user: { email }, purpose: "password_reset" },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await postJson(`${stack.url}/api/auth/reset-password`, { token, password: "long-enough-pw" });
    expect(expired.status).toBe(400);
  });

  it("limits reset requests per address", async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await postJson(`${stack.url}/api/auth/request-reset`, { email: uniqueEmail("r") }, { ip })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("requireUser / requireAdmin", () => {
  let context: AppLoadContext;
  beforeAll(() => {
    const env = parseEnv({ ...stack.env, APP_URL: stack.url });
    const logger = { warn() {}, info() {}, error() {} };
    context = { services: { env, db: stack.db }, logger } as unknown as AppLoadContext;
  });
  const request = (path: string, token?: string) =>
    new Request(`${stack.url}${path}`, { headers: token ? bearer(token) : {} });
  const thrown = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      if (error instanceof Response) return error;
      throw error;
    }
    throw new Error("expected a thrown Response");
  };

  it("lets an admin through and refuses others: JSON under /api, Access Denied data on pages", async () => {
    const adminEmail = uniqueEmail("admin");
    await stack.db.user.create({
      data: {
        firstName: "Office",
        lastName: "Admin",
        email: adminEmail,
        passwordHash: await hashPassword(ADMIN_PASSWORD),
        role: "admin",
      },
    });
    const adminToken = (await login(adminEmail, ADMIN_PASSWORD)).json.token as string;
    const customerToken = (await registerUser()).json.token as string;

    expect(await requireAdmin(request("/dashboard", adminToken), context)).toMatchObject({
      email: adminEmail,
      role: "admin",
    });
    expect(await requireUser(request("/dashboard", customerToken), context)).toMatchObject({ role: "customer" });

    const apiSignedOut = await thrown(requireAdmin(request("/api/admin/users"), context));
    expect(apiSignedOut.status).toBe(401);
    expect(await apiSignedOut.json()).toEqual({ success: false, message: expect.any(String) });
    const apiCustomer = await thrown(requireAdmin(request("/api/admin/users", customerToken), context));
    expect(apiCustomer.status).toBe(403);
    expect(await apiCustomer.json()).toMatchObject({ success: false });

    for (const [token, status] of [
      [undefined, 401],
      [customerToken, 403],
    ] as const) {
      const page = await thrown(requireAdmin(request("/admin/users", token), context));
      expect(page.status).toBe(status);
      expect(await page.json()).toMatchObject({
        title: "Access Denied",
        message: "You need admin access to view this page.",
      });
    }

    const signedOutPage = await thrown(requireUser(request("/somewhere"), context));
    expect(signedOutPage.status).toBe(302);
    expect(signedOutPage.headers.get("location")).toBe("/login?redirectTo=%2Fsomewhere");
    expect((await thrown(requireUser(request("/api/anything"), context))).status).toBe(401);
  });

  it("the seeded admin's credentials sign in as admin", async () => {
    await stack.db.user.upsert({
      where: { email: ADMIN_EMAIL },
      create: {
        firstName: "Office",
        lastName: "Admin",
        email: ADMIN_EMAIL,
        passwordHash: await hashPassword(ADMIN_PASSWORD),
        role: "admin",
      },
      update: {},
    });
    const res = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(res.json.user).toMatchObject({ role: "admin" });
  });
});

describe("the browser's rules and the server's schemas", () => {
  const schemas = { login: loginSchema, register: registerFormSchema, reset: resetPasswordFormSchema } as const;
  const cases: Array<[keyof typeof schemas, Record<string, string>]> = [
    ["login", { email: "a@example.com", password: "12345678" }],
    ["login", { email: "a@example.com", password: "1234567" }],
    ["login", { email: "", password: "" }],
    ["login", { email: "nope", password: "12345678" }],
    [
      "register",
      { firstName: "A", lastName: "B", email: "a@example.com", password: "12345678", confirmPassword: "12345678" },
    ],
    [
      "register",
      { firstName: " ", lastName: "B", email: "a@example.com", password: "12345678", confirmPassword: "12345679" },
    ],
    ["register", { firstName: "A", lastName: "B", email: "a@example.com", password: "1234567", confirmPassword: "" }],
    ["reset", { token: "abc", password: "12345678", confirmPassword: "12345678" }],
    ["reset", { token: "", password: "12345678", confirmPassword: "87654321" }],
  ];
  /** What the page shows in the browser: Conform parses the posted form with the same schema, first message per field. */
  const browserErrors = (intent: keyof typeof schemas, values: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.append(name, value);
    const submission = parseSubmission(form, schemas[intent]);
    return submission.status === "success"
      ? {}
      : Object.fromEntries(Object.entries(submission.error ?? {}).map(([k, v]) => [k, v?.[0]]));
  };
  it.each(cases)("agree on %s %j", (intent, values) => {
    const parsed = schemas[intent].safeParse(values);
    const server = parsed.success ? {} : fieldErrors(parsed.error);
    expect(browserErrors(intent, values)).toEqual(server);
  });
});
