/**
 * Trust review finding 8: text a visitor chose, inside our account emails. A
 * "first name" that was a message ("Your account is locked. Call … or visit
 * https://…") went out in the verification and reset emails as "Hi Your account
 * is locked…", from our domain, to an address nobody had proved.
 *
 * - A person's name a visitor or customer types is a name (personName,
 *   packages/shared/src/api/fields.ts) on every form and API that takes one.
 * - An email to an address nobody has proved greets with "Hello," alone.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api, signedInUser } from "../support/accounts";
import { openChatSession } from "../support/chat";
import { postJson, randomIp, type Stack } from "../support/stack";
import { sharedStack } from "../support/shared-stack";

let stack: Stack;
beforeAll(async () => {
  stack = await sharedStack();
});

let counter = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}.${++counter}@example.com`;

const MESSAGE = "Your account is locked. Call +1 (900) 555-0199 or visit https://evil.example/login now.";
/** Within the length limit, but with digits. */
const SHORT_MESSAGE = "Account locked. Call +1 900 555 0199";
/** Short enough for any length limit, and letters only: still a message, not a name. */
const LINK = "visit evil.example";

/** What the pages say of a name that is not one. */
const REFUSED = /Use letters, spaces, hyphens, apostrophes and periods only|too long|Leave a space after a period/;

function form(path: string, fields: Record<string, string>, token?: string) {
  return fetch(`${stack.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": randomIp(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

const registration = (firstName: string, email = uniqueEmail("name")) => ({
  firstName,
  lastName: "Arceneaux",
  email,
  password: "bayou-nights-2026",
});
const contact = (firstName: string) => ({
  firstName,
  lastName: "Arceneaux",
  email: uniqueEmail("contact"),
  message: "Breakers buzz at night.",
});
const appointment = (customerName: string) => ({
  customerName,
  customerPhone: "(225) 555-0123",
  customerEmail: uniqueEmail("visit"),
  serviceType: "Panel Upgrade",
});

describe("found 8: a person's name is a name, wherever a visitor or customer types one", () => {
  it("refuses a message, a link, digits or a line break as a name in the JSON API, and stores nothing", async () => {
    const customer = await signedInUser(stack.url, stack.db, "customer");
    const before = {
      users: await stack.db.user.count(),
      contacts: await stack.db.contactMessage.count(),
      requests: await stack.db.appointmentRequest.count(),
    };
    for (const name of [MESSAGE, LINK, "Jane 2", "Jane\nArceneaux", "https://evil.example", "x".repeat(51)]) {
      const register = await postJson(`${stack.url}/api/auth/register`, registration(name), { ip: randomIp() });
      expect(register.status, name).toBe(400);
      expect(register.json).toMatchObject({ success: false, errors: { firstName: expect.any(String) } });

      const message = await postJson(`${stack.url}/api/contact`, contact(name), { ip: randomIp() });
      expect(message.status, name).toBe(400);
      expect(message.json).toMatchObject({ success: false, errors: { firstName: expect.any(String) } });

      const sessionId = await openChatSession(stack.url);
      const chat = await postJson(`${stack.url}/api/chat/${sessionId}/book-appointment`, appointment(name), {
        ip: randomIp(),
      });
      expect(chat.status, name).toBe(400);
      expect(chat.json).toMatchObject({ success: false, errors: { customerName: expect.any(String) } });

      // The portal shows its refusals on the page (always a 200).
      const portal = await form("/account", { intent: "request", ...appointment(name) }, customer.token);
      expect(portal.status, name).toBe(200);
      expect(await portal.text(), name).toMatch(REFUSED);
    }
    const characters = await postJson(`${stack.url}/api/contact`, contact("Jane 2"), { ip: randomIp() });
    expect(characters.json.errors.firstName).toBe("Use letters, spaces, hyphens, apostrophes and periods only");
    expect({
      users: await stack.db.user.count(),
      contacts: await stack.db.contactMessage.count(),
      requests: await stack.db.appointmentRequest.count(),
    }).toEqual(before);
  });

  it("refuses it in the pages' forms too (register, contact)", async () => {
    const users = await stack.db.user.count();
    const register = await form("/login", {
      intent: "register",
      ...registration(SHORT_MESSAGE),
      confirmPassword: "bayou-nights-2026",
    });
    expect(register.status).toBe(400);
    expect(await register.text()).toContain("Use letters, spaces, hyphens, apostrophes and periods only");
    expect(await stack.db.user.count()).toBe(users);
    const messages = await stack.db.contactMessage.count();
    // The contact page shows its refusals on the page (a 200).
    const message = await form("/contact", contact(SHORT_MESSAGE));
    expect(await message.text()).toContain("Use letters, spaces, hyphens, apostrophes and periods only");
    expect(await stack.db.contactMessage.count()).toBe(messages);
  });

  it("accepts names as people write them: accents, combining marks, hyphens, apostrophes, initials", async () => {
    for (const name of ["Thérèse", "Jose\u0301", "Mary-Kate", "D’Arcy", "O'Neil", "J.R.R. Tolkien", "St. John"]) {
      const res = await postJson(`${stack.url}/api/auth/register`, registration(name), { ip: randomIp() });
      expect(res.status, `${name}: ${res.text}`).toBe(201);
    }
  });
});

describe("found 8: an email to an address nobody has proved carries no text the registrant typed", () => {
  /** The newest email to `to` whose subject starts with `subject`. */
  async function emailTo(to: string, subject: string) {
    const emails = await stack.mail.waitFor(
      (all) => all.some((e) => e.to.includes(to) && e.subject.startsWith(subject)),
      15_000,
    );
    return emails.filter((e) => e.to.includes(to) && e.subject.startsWith(subject)).at(-1)!;
  }

  it("greets with 'Hello,' alone in the verification email and in a reset email to an unverified account", async () => {
    // An account from before names were checked: its first name is a message.
    const account = await signedInUser(stack.url, stack.db, "customer", { verified: false });
    await stack.db.user.update({ where: { id: account.user.id }, data: { firstName: MESSAGE } });

    const resend = await api(stack.url, "POST", "/api/auth/resend-verification", account.token);
    expect(resend.status, resend.text).toBe(200);
    const verification = await emailTo(account.user.email, "Confirm your email");
    expect(verification.text).toMatch(/^Hello,\n/);
    expect(verification.html).toContain("<p>Hello,</p>");

    const reset = await postJson(
      `${stack.url}/api/auth/request-reset`,
      { email: account.user.email },
      { ip: randomIp() },
    );
    expect(reset.status).toBe(200);
    const resetEmail = await emailTo(account.user.email, "Reset your");
    expect(resetEmail.text).toMatch(/^Hello,\n/);
    expect(resetEmail.html).toContain("<p>Hello,</p>");

    for (const email of [verification, resetEmail]) {
      for (const part of [email.text ?? "", email.html ?? "", email.subject]) {
        expect(part).not.toContain("locked");
        expect(part).not.toContain("evil.example");
        expect(part).not.toContain("555-0199");
      }
    }
  });

  it("a verified account's reset email greets its owner by name", async () => {
    const account = await signedInUser(stack.url, stack.db, "customer");
    await stack.db.user.update({ where: { id: account.user.id }, data: { firstName: "Clovis" } });
    const reset = await postJson(
      `${stack.url}/api/auth/request-reset`,
      { email: account.user.email },
      { ip: randomIp() },
    );
    expect(reset.status).toBe(200);
    const email = await emailTo(account.user.email, "Reset your");
    expect(email.text).toMatch(/^Hi Clovis,\n/);
  });
});
