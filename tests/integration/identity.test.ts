/**
 * Verified identities (docs/security.md, "Verified identities"): an address
 * typed by someone proves nothing, so it never opens anyone's records, never
 * attaches a request to an existing customer, and never carries a visitor's
 * text to that address; tokens are random and single-purpose; a session's end
 * ends its sockets; concurrent changes never act on a stale "before".
 */
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "@app/shared/tokens.server";
import { api, formPost, signedInUser } from "../support/accounts";
import { connectSocket, openChatSession } from "../support/chat";
import { createTestClock, type TestClock } from "../support/clock";
import { postJson, randomIp, STAFF_EMAIL, startStack, type Stack } from "../support/stack";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ name: "identity" });
});
afterAll(async () => {
  await stack?.stop();
});

let counter = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}.${++counter}@example.com`;
const PASSWORD = "bayou-nights-2026";

const appointment = (email: string, extra: Record<string, string> = {}) => ({
  customerName: "Jane Arceneaux",
  customerPhone: "(225) 555-0123",
  customerEmail: email,
  serviceType: "Panel Upgrade",
  address: "12 Magnolia Ln, Denham Springs",
  description: "Breakers buzz at night.",
  ...extra,
});

async function chatBooking(email: string, extra: Record<string, string> = {}, ip = randomIp()) {
  const sessionId = await openChatSession(stack.url);
  const res = await postJson(`${stack.url}/api/chat/${sessionId}/book-appointment`, appointment(email, extra), { ip });
  expect(res.status, res.text).toBe(201);
  return res.json as { bookingId: number; appointmentRequestId: number; message: string };
}

async function register(email: string, password = PASSWORD) {
  return postJson(`${stack.url}/api/auth/register`, { firstName: "Mallory", lastName: "Thief", email, password });
}

const me = (token: string) => api(stack.url, "GET", "/api/auth/me", token);

/** Whether the account page lists visit #id (React separates text parts with empty comments). */
const listsBooking = (html: string, id: number) => html.replaceAll("<!-- -->", "").includes(`Visit #${id}`);

async function accountPage(token: string) {
  const res = await fetch(`${stack.url}/account`, {
    headers: { Authorization: `Bearer ${token}`, "X-Forwarded-For": randomIp() },
  });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

function accountPost(token: string, fields: Record<string, string>) {
  return formPost(stack.url, "/account", token, fields);
}

/** The link of the newest email to an address whose subject starts with `subject`. */
async function linkFromEmail(to: string, subject: string, path: "/login" | "/verify-email") {
  const emails = await stack.mail.waitFor(
    (all) => all.some((e) => e.to.includes(to) && e.subject.startsWith(subject)),
    15_000,
  );
  const sent = emails.filter((e) => e.to.includes(to) && e.subject.startsWith(subject)).at(-1)!;
  const match = new RegExp(`${path.replace("/", "\\/")}\\?token=([\\w%.~-]+)`).exec(sent.text ?? "");
  expect(match, sent.text).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

describe("found 1: an address registered by someone else opens nothing", () => {
  it("hides the visitor's bookings and phone from an unverified account, refuses its cancel, and the owner takes the address back with a reset", async () => {
    const jane = uniqueEmail("jane");
    const lead = await chatBooking(jane);

    // Someone else registers Jane's address and signs in.
    const mallory = await register(jane);
    expect(mallory.status).toBe(201);
    expect(mallory.json.user.emailVerified).toBe(false);
    const token = mallory.json.token as string;
    expect((await me(token)).json.user).toMatchObject({ email: jane, emailVerified: false });

    const page = await accountPage(token);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Confirm your email address");
    expect(listsBooking(page.html, lead.bookingId)).toBe(false);
    expect(page.html).not.toContain("555-0123");
    expect(page.html).not.toContain("data-booking-id");

    const cancel = await formPost(stack.url, `/account/visits/${lead.bookingId}`, token, { intent: "cancel" });
    expect(cancel.status).toBe(403);
    expect(await stack.db.booking.findUniqueOrThrow({ where: { id: lead.bookingId } })).toMatchObject({
      status: "pending",
    });

    // The portal's request form is refused too.
    const before = await stack.db.booking.count();
    await accountPost(token, {
      intent: "request",
      customerName: "M",
      customerPhone: "(225) 555-0100",
      customerEmail: jane,
      serviceType: "Panel Upgrade",
    });
    expect(await stack.db.booking.count()).toBe(before);

    // Jane cannot register; the answer sends her to "Forgot your password?".
    const taken = await register(jane, "janes-own-password");
    expect(taken.status).toBe(409);
    expect(taken.json.message).toMatch(/Forgot your password\?/);

    // A completed reset proves the address: Mallory's session ends, the account is verified and linked.
    expect((await postJson(`${stack.url}/api/auth/request-reset`, { email: jane })).status).toBe(200);
    const resetToken = await linkFromEmail(jane, "Reset your", "/login");
    expect(
      (await postJson(`${stack.url}/api/auth/reset-password`, { token: resetToken, password: "janes-own-password" }))
        .status,
    ).toBe(200);
    expect((await me(token)).status).toBe(401);

    const signedIn = await postJson(`${stack.url}/api/auth/login`, { email: jane, password: "janes-own-password" });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.user.emailVerified).toBe(true);
    const own = await accountPage(signedIn.json.token);
    expect(listsBooking(own.html, lead.bookingId)).toBe(true);
    expect(own.html).toContain("(225) 555-0123");
  });

  it("verifies by the emailed link: opening it only asks, the button confirms, and the link works once", async () => {
    const email = uniqueEmail("owner");
    const res = await register(email);
    expect(res.status).toBe(201);
    const token = await linkFromEmail(email, "Confirm your email", "/verify-email");
    const row = await stack.db.accountToken.findFirstOrThrow({
      where: { user: { email }, purpose: "email_verification" },
    });
    expect(row.tokenHash).toBe(sha256(token));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(24 * 3600_000 + 1000);
    await expect
      .poll(async () => (await stack.db.accountToken.findUniqueOrThrow({ where: { id: row.id } })).sealedToken)
      .toBeNull();

    // A mail scanner opening the link confirms nothing.
    const opened = await fetch(`${stack.url}/verify-email?token=${encodeURIComponent(token)}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("Confirm my email");
    expect((await me(res.json.token)).json.user.emailVerified).toBe(false);

    const form = (t: string) =>
      fetch(`${stack.url}/verify-email?token=${encodeURIComponent(t)}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
        body: new URLSearchParams({ token: t }),
      }).then((r) => r.text());
    expect(await form(token)).toContain("Your email is confirmed");
    expect((await me(res.json.token)).json.user.emailVerified).toBe(true);
    expect(await form(token)).toContain("invalid or has expired");
    expect((await postJson(`${stack.url}/api/auth/verify-email`, { token })).status).toBe(400);
  });

  it("sends the link again on request, at most once a minute", async () => {
    const email = uniqueEmail("again");
    const res = await register(email);
    await linkFromEmail(email, "Confirm your email", "/verify-email");
    const again = await api(stack.url, "POST", "/api/auth/resend-verification", res.json.token);
    expect(again.status).toBe(429);
    expect(again.headers.get("retry-after")).toMatch(/^\d+$/);
    // A minute later (the first link's time moved back), a new link goes out and the old one stops working.
    await stack.db.accountToken.updateMany({
      where: { user: { email } },
      data: { createdAt: new Date(Date.now() - 120_000) },
    });
    const old = await linkFromEmail(email, "Confirm your email", "/verify-email");
    const sent = await api(stack.url, "POST", "/api/auth/resend-verification", res.json.token);
    expect(sent.status).toBe(200);
    await expect
      .poll(() => stack.mail.list(email).filter((e) => e.subject.startsWith("Confirm your email")).length)
      .toBe(2);
    expect((await postJson(`${stack.url}/api/auth/verify-email`, { token: old })).status).toBe(400);
    const fresh = await linkFromEmail(email, "Confirm your email", "/verify-email");
    expect((await postJson(`${stack.url}/api/auth/verify-email`, { token: fresh })).status).toBe(200);
    expect((await api(stack.url, "POST", "/api/auth/resend-verification", res.json.token)).status).toBe(409);
  });
});

describe("found 2: anonymous requests never touch existing records or relay text", () => {
  it("makes a lead of its own instead of joining an existing customer, and staff merge it with an audited action", async () => {
    const owner = await signedInUser(stack.url, stack.db, "customer");
    const existing = await stack.db.customer.create({
      data: { name: "Real Owner", email: owner.user.email, phone: "(225) 555-0150", userId: owner.user.id },
    });

    const lead = await chatBooking(owner.user.email);
    const booking = await stack.db.booking.findUniqueOrThrow({
      where: { id: lead.bookingId },
      include: { customer: true },
    });
    expect(booking.customerId).not.toBe(existing.id);
    expect(booking.customer).toMatchObject({ email: owner.user.email, userId: null });
    expect(listsBooking((await accountPage(owner.token)).html, lead.bookingId)).toBe(false);

    const admin = await signedInUser(stack.url, stack.db, "admin");
    const list = await fetch(`${stack.url}/admin/bookings`, { headers: admin.auth }).then((r) => r.text());
    expect(list).toContain(`Merge into #${existing.id}`);
    expect(list).toContain(`/admin/customers/merge?booking=${lead.bookingId}`);
    const merged = await api(stack.url, "POST", `/api/bookings/${lead.bookingId}/merge-customer`, admin.token);
    expect(merged.status, merged.text).toBe(200);
    expect(merged.json).toMatchObject({ success: true, customerId: existing.id, mergedCustomerId: booking.customerId });
    expect(await stack.db.booking.findUniqueOrThrow({ where: { id: lead.bookingId } })).toMatchObject({
      customerId: existing.id,
    });
    // The lead is kept, hidden and unlinked, for the merge's undo (docs/decisions/018-customer-merge-undo.md).
    expect(await stack.db.customer.findUniqueOrThrow({ where: { id: booking.customerId } })).toMatchObject({
      mergedIntoId: existing.id,
      userId: null,
    });
    expect(
      await stack.db.auditLog.findFirst({ where: { action: "customer.merged", targetId: String(existing.id) } }),
    ).toMatchObject({ actorEmail: admin.user.email });
    expect(listsBooking((await accountPage(owner.token)).html, lead.bookingId)).toBe(true);
    expect((await api(stack.url, "POST", `/api/bookings/${lead.bookingId}/merge-customer`, admin.token)).status).toBe(
      409,
    );
  });

  it("six parallel merges of one booking's customer: one merges, the other five answer 409 with a clear message", async () => {
    const email = uniqueEmail("merge-race");
    const existing = await stack.db.customer.create({
      data: { name: "Older Record", email, phone: "(225) 555-0151" },
    });
    const lead = await chatBooking(email);
    // A second lead with the same address, with its own booking, as a chat visitor who came back.
    const other = await chatBooking(email);
    const admin = await signedInUser(stack.url, stack.db, "admin");
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () =>
        api(stack.url, "POST", `/api/bookings/${lead.bookingId}/merge-customer`, admin.token),
      ),
      api(stack.url, "POST", `/api/bookings/${other.bookingId}/merge-customer`, admin.token),
    ]);
    const forLead = answers.slice(0, 6);
    expect(forLead.map((a) => a.status).sort(), forLead.map((a) => a.text).join("\n")).toEqual([
      200, 409, 409, 409, 409, 409,
    ]);
    for (const refused of forLead.filter((a) => a.status === 409))
      expect(refused.json).toMatchObject({ success: false, message: expect.stringMatching(/merged/) });
    expect(answers[6]!.status, answers[6]!.text).toBe(200);
    for (const id of [lead.bookingId, other.bookingId])
      expect(await stack.db.booking.findUniqueOrThrow({ where: { id } })).toMatchObject({ customerId: existing.id });
    expect(await stack.db.customer.count({ where: { email, mergedIntoId: null } })).toBe(1);
    expect(await stack.db.auditLog.count({ where: { action: "customer.merged", targetId: String(existing.id) } })).toBe(
      2,
    );
  });

  it("emails the typed address fixed wording only: no name, address or description, in the text or the .ics", async () => {
    const to = uniqueEmail("stranger");
    const words = {
      // A name is letters only now (docs/product.md#field-limits); it still never reaches the typed address.
      customerName: "Evangeline Trahan",
      address: "Click https://evil.example/win",
      description: "FREE MONEY at evil.example",
    };
    const lead = await chatBooking(to, words);
    const emails = await stack.mail.waitFor((all) => all.some((e) => e.to.includes(to)));
    const sent = emails.find((e) => e.to.includes(to))!;
    const everything = [
      sent.subject,
      sent.text,
      sent.html,
      ...(sent.attachments ?? []).map((a) => Buffer.from(a.content, "base64").toString("utf8")),
    ].join("\n");
    expect(everything).toContain(`Visit: #${lead.bookingId}`);
    expect(everything).toContain("Panel Upgrade");
    expect(everything).not.toContain("evil.example");
    expect(everything).not.toContain("Evangeline");
    // Staff still get everything the visitor wrote.
    await stack.mail.waitFor((all) =>
      all.some((e) => e.to.includes(STAFF_EMAIL) && e.subject.includes(`#${lead.bookingId}`)),
    );
    const staff = stack.mail.list(STAFF_EMAIL).find((e) => e.subject.includes(`#${lead.bookingId}`))!;
    expect(staff.text).toContain("FREE MONEY at evil.example");
  });

  it("emails one address at most 3 times a day; later requests are stored and only staff are emailed", async () => {
    const to = uniqueEmail("victim");
    const leads = [];
    for (let i = 0; i < 5; i++) leads.push(await chatBooking(to));
    for (const lead of leads) {
      await stack.mail.waitFor((all) =>
        all.some((e) => e.to.includes(STAFF_EMAIL) && e.subject.includes(`#${lead.bookingId}`)),
      );
    }
    await new Promise((r) => setTimeout(r, 1_500));
    expect(stack.mail.list(to)).toHaveLength(3);
    expect(leads.slice(0, 3).every((l) => l.message.includes("confirmation is on its way"))).toBe(true);
    expect(leads.slice(3).some((l) => l.message.includes("confirmation is on its way"))).toBe(false);
    expect(await stack.db.appointmentRequest.count({ where: { customerEmail: to } })).toBe(5);
  });

  it("counts an IPv6 client by its /64: fresh addresses in one network share one limit", async () => {
    const network = `2001:db8:${(Date.now() % 65535).toString(16)}:${(++counter).toString(16)}`;
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const sessionId = await openChatSession(stack.url);
      const res = await postJson(
        `${stack.url}/api/chat/${sessionId}/book-appointment`,
        appointment(uniqueEmail("v6")),
        { ip: `${network}::${i.toString(16)}` },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
  });
});

describe("found 2: the hourly cap on visitor emails", () => {
  let capped: Stack;
  let clock: TestClock;
  // Five minutes into an hour, an hour from now: the cap counts clock hours (packages/shared/src/visitor-email-cap.server.ts).
  const HOUR = 3_600_000;
  const start = new Date((Math.floor(Date.now() / HOUR) + 1) * HOUR + 5 * 60_000);
  beforeAll(async () => {
    clock = await createTestClock(start);
    capped = await startStack({ name: "identity-cap", env: { ANON_REQUESTS_PER_HOUR: "2", ...clock.env } });
  }, 60_000);
  afterAll(async () => {
    await capped?.stop();
    await clock?.dispose();
  });

  const request = async (to: string, extra: Record<string, string> = {}) => {
    const sessionId = await openChatSession(capped.url);
    return postJson(`${capped.url}/api/chat/${sessionId}/book-appointment`, appointment(to, extra));
  };
  const confirmations = (to: string) =>
    capped.mail.list(to).filter((e) => e.subject.startsWith("We received your appointment request")).length;

  it("counts only emails sent: a refused request spends nothing, and one over the cap is held, then sent the next hour", async () => {
    // A window that is not one of ours (22 minutes past an hour) is refused before anything is emailed.
    const notAWindow = new Date(start.getTime() + 2 * 86_400_000 + 17 * 60_000);
    const refused = await request(uniqueEmail("refused"), { windowStart: notAWindow.toISOString() });
    expect(refused.status, refused.text).toBe(409);

    const addresses = [uniqueEmail("a"), uniqueEmail("b"), uniqueEmail("c")];
    const ids: number[] = [];
    for (const to of addresses) {
      const res = await request(to);
      expect(res.status).toBe(201);
      ids.push(res.json.bookingId);
    }
    await capped.mail.waitFor((all) =>
      ids.every((id) => all.some((e) => e.to.includes(STAFF_EMAIL) && e.subject.includes(`#${id}`))),
    );
    // Two go (the worker sends several at once, so not necessarily the first two); the third is over this
    // hour's cap: held, not dropped.
    await capped.mail.waitFor(() => addresses.filter((to) => confirmations(to) === 1).length === 2);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(addresses.map(confirmations).sort()).toEqual([0, 1, 1]);
    const heldIndex = addresses.findIndex((to) => confirmations(to) === 0);
    const held = await capped.db.booking.findUniqueOrThrow({
      where: { id: ids[heldIndex]! },
      include: { appointmentRequest: true },
    });
    expect(held.emailCustomer).toBe(true);
    const row = await capped.db.outbox.findUniqueOrThrow({
      where: { key: `appointment-confirmation-${held.appointmentRequest!.id}` },
    });
    expect(row).toMatchObject({ sentAt: null, cancelledAt: null, failedAt: null });
    expect(row.availableAt.getTime()).toBe((Math.floor(start.getTime() / HOUR) + 1) * HOUR);

    // The next hour: it goes.
    await clock.set(new Date(row.availableAt.getTime() + 1_000), [...capped.webs, ...capped.workers]);
    await capped.mail.waitFor(() => confirmations(addresses[heldIndex]!) === 1, 30_000);
    expect(addresses.map(confirmations)).toEqual([1, 1, 1]);
  }, 60_000);
});

describe("found 2: staff resend a confirmation the address's share held back", () => {
  it("4th request to one address in a day: no email; Resend confirmation on the booking's page sends it, audited", async () => {
    const to = uniqueEmail("resend");
    const requests = [];
    for (let i = 0; i < 4; i++) requests.push(await chatBooking(to));
    await stack.mail.waitFor((all) => all.filter((e) => e.to.includes(to)).length === 3);
    const last = requests[3]!;
    expect((await stack.db.booking.findUniqueOrThrow({ where: { id: last.bookingId } })).emailCustomer).toBe(false);

    const admin = await signedInUser(stack.url, stack.db, "admin");
    const page = await fetch(`${stack.url}/admin/bookings/${last.bookingId}`, { headers: admin.auth });
    expect(await page.text()).toContain("Resend confirmation");
    const res = await fetch(`${stack.url}/admin/bookings/${last.bookingId}`, {
      method: "POST",
      headers: { ...admin.auth, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
      body: new URLSearchParams({ intent: "resend-confirmation", bookingId: String(last.bookingId) }),
    });
    expect(res.status).toBe(200);
    await stack.mail.waitFor((all) =>
      all.some((e) => e.to.includes(to) && (e.text ?? "").includes(`Visit: #${last.bookingId}`)),
    );
    expect((await stack.db.booking.findUniqueOrThrow({ where: { id: last.bookingId } })).emailCustomer).toBe(true);
    expect(
      await stack.db.auditLog.findFirst({
        where: { action: "booking.confirmation_resent", targetId: String(last.bookingId) },
      }),
    ).toMatchObject({ actorEmail: admin.user.email });
  });
});

describe("found 7: tokens, revocation, caching and races", () => {
  it("reset links are random: one derived from SESSION_SECRET and the row id does not work", async () => {
    const owner = await signedInUser(stack.url, stack.db, "customer");
    expect((await postJson(`${stack.url}/api/auth/request-reset`, { email: owner.user.email })).status).toBe(200);
    const token = await linkFromEmail(owner.user.email, "Reset your", "/login");
    const row = await stack.db.accountToken.findFirstOrThrow({
      where: { userId: owner.user.id, purpose: "password_reset" },
    });
    expect(row.tokenHash).toBe(sha256(token));
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    // What the secret alone could mint under the earlier scheme is refused.
    const minted = createHmac("sha256", stack.env.SESSION_SECRET!)
      .update(`password-reset:${row.id}`)
      .digest("base64url");
    expect(minted).not.toBe(token);
    expect(
      (await postJson(`${stack.url}/api/auth/reset-password`, { token: minted, password: "minted-password-1" })).status,
    ).toBe(400);
    // Once sent, the database holds only the hash (the worker clears it just after the email provider took the
    // email, which the test may read first: a fresh-clone run on a loaded machine did).
    await expect
      .poll(async () => (await stack.db.accountToken.findUniqueOrThrow({ where: { id: row.id } })).sealedToken)
      .toBeNull();
  });

  it("a password reset turns off its owner's calendar feed", async () => {
    const admin = await signedInUser(stack.url, stack.db, "admin");
    const created = await api(stack.url, "POST", "/api/admin/calendar-feed", admin.token);
    expect(created.status).toBe(201);
    expect((await fetch(created.json.url)).status).toBe(200);
    await postJson(`${stack.url}/api/auth/request-reset`, { email: admin.user.email });
    const token = await linkFromEmail(admin.user.email, "Reset your", "/login");
    expect(
      (await postJson(`${stack.url}/api/auth/reset-password`, { token, password: "a-new-admin-password" })).status,
    ).toBe(200);
    expect((await fetch(created.json.url)).status).toBe(404);
  });

  it("losing the admin role revokes the calendar feed for good: promoted again, the old address stays 404", async () => {
    const owner = await signedInUser(stack.url, stack.db, "admin");
    const other = await signedInUser(stack.url, stack.db, "admin");
    const created = await api(stack.url, "POST", "/api/admin/calendar-feed", owner.token);
    expect(created.status).toBe(201);
    expect((await fetch(created.json.url)).status).toBe(200);
    const setRole = (role: string) =>
      api(stack.url, "PATCH", `/api/admin/users/${owner.user.id}/role`, other.token, { role });
    expect((await setRole("technician")).status).toBe(200);
    expect((await fetch(created.json.url)).status).toBe(404);
    expect((await stack.db.user.findUniqueOrThrow({ where: { id: owner.user.id } })).calendarFeedId).toBeNull();
    expect((await setRole("admin")).status).toBe(200);
    expect((await fetch(created.json.url)).status).toBe(404);
    expect((await api(stack.url, "GET", "/api/admin/calendar-feed", owner.token)).json.url).toBeNull();
  });

  it("a socket is dropped when its session expires, and when it ends", async () => {
    const admin = await signedInUser(stack.url, stack.db, "admin");
    await stack.db.session.updateMany({
      where: { userId: admin.user.id },
      data: { expiresAt: new Date(Date.now() + 1_500) },
    });
    const expiring = await connectSocket(stack.url, { token: admin.token });
    const dropped = await new Promise<string>((resolve) => {
      expiring.on("disconnect", resolve);
      setTimeout(() => resolve("still connected"), 15_000);
    });
    expiring.disconnect();
    expect(dropped).toBe("io server disconnect");

    const customer = await signedInUser(stack.url, stack.db, "customer");
    const socket = await connectSocket(stack.url, { token: customer.token });
    // Joined its session's room before the sign-out is sent.
    await new Promise((r) => setTimeout(r, 300));
    const ended = new Promise<string>((resolve) => {
      socket.on("disconnect", resolve);
      setTimeout(() => resolve("still connected"), 15_000);
    });
    expect((await api(stack.url, "POST", "/api/auth/logout", customer.token)).status).toBe(200);
    expect(await ended).toBe("io server disconnect");
  });

  it("signed-in pages answer Cache-Control: private, no-store; public pages for visitors do not", async () => {
    const customer = await signedInUser(stack.url, stack.db, "customer");
    for (const path of ["/account", "/", "/services"]) {
      const res = await fetch(`${stack.url}${path}`, { headers: customer.auth });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
    const anonymous = await fetch(`${stack.url}/services`);
    expect(anonymous.headers.get("cache-control") ?? "").not.toContain("no-store");
  });

  it("a customer's cancel racing an office status change never overwrites it: every audit entry starts where the last one ended", async () => {
    const owner = await signedInUser(stack.url, stack.db, "customer");
    const admin = await signedInUser(stack.url, stack.db, "admin");
    const mine = await stack.db.customer.create({
      data: { name: "Racer", email: owner.user.email, phone: "(225) 555-0188", userId: owner.user.id },
    });
    const rounds = 25;
    const bookings = await Promise.all(
      Array.from({ length: rounds }, () =>
        stack.db.booking.create({
          data: {
            customerId: mine.id,
            summary: "Race",
            status: "pending",
            scheduledDate: new Date(Date.now() + 86_400_000),
          },
        }),
      ),
    );
    await Promise.all(
      bookings.flatMap((b) => [
        formPost(stack.url, `/account/visits/${b.id}`, owner.token, { intent: "cancel" }),
        api(stack.url, "PATCH", `/api/bookings/${b.id}`, admin.token, { status: "in_progress" }),
      ]),
    );
    for (const b of bookings) {
      const entries = await stack.db.auditLog.findMany({
        where: { targetType: "booking", targetId: String(b.id) },
        orderBy: { id: "asc" },
      });
      let status = "pending";
      for (const entry of entries) {
        const d = entry.details as { from: string; to: string };
        expect(d.from, `booking #${b.id}`).toBe(status);
        status = d.to;
      }
      expect((await stack.db.booking.findUniqueOrThrow({ where: { id: b.id } })).status).toBe(status);
    }
  });

  it("two admins changing one user's role at once: every audit entry starts where the last one ended", async () => {
    const a = await signedInUser(stack.url, stack.db, "admin");
    const b = await signedInUser(stack.url, stack.db, "admin");
    const targets = await Promise.all(Array.from({ length: 15 }, () => signedInUser(stack.url, stack.db, "customer")));
    await Promise.all(
      targets.flatMap((t) => [
        api(stack.url, "PATCH", `/api/admin/users/${t.user.id}/role`, a.token, { role: "technician" }),
        api(stack.url, "PATCH", `/api/admin/users/${t.user.id}/role`, b.token, { role: "admin" }),
      ]),
    );
    for (const t of targets) {
      const entries = await stack.db.auditLog.findMany({
        where: { targetType: "user", targetId: String(t.user.id) },
        orderBy: { id: "asc" },
      });
      let role = "customer";
      for (const entry of entries) {
        const d = entry.details as { from: string; to: string };
        expect(d.from, `user #${t.user.id}`).toBe(role);
        role = d.to;
      }
      expect((await stack.db.user.findUniqueOrThrow({ where: { id: t.user.id } })).role).toBe(role);
    }
  });
});
