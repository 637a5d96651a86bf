import ical from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purposeKeys, signFor } from "@app/shared/keys.server";
import { formatWindow, windowStartingAt } from "@app/shared/scheduling/windows";
import { isHoliday } from "../support/holidays";
import { addLocalDays, businessDate, localWeekday, requireBusinessInstant } from "@app/shared/time";
import { randomToken, sha256 } from "@app/shared/tokens.server";
import { api, formPost, signedInUser } from "../support/accounts";
import type { CapturedEmail } from "../support/resend-standin";
import { randomIp, STAFF_EMAIL, startStack, type Stack } from "../support/stack";

/**
 * The customer's emailed links, without signing in: the visit's page
 * (/appointments/<token>) moves or cancels it, the unsubscribe page stops
 * reminders and review requests, and the portal's switch does the same for
 * the account's own address. Real web, worker, PostgreSQL and email stand-in.
 */

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let technician: Awaited<ReturnType<typeof signedInUser>>["user"];

beforeAll(async () => {
  stack = await startStack({ name: "manage-visit" });
  admin = await signedInUser(stack.url, stack.db, "admin");
  technician = (await signedInUser(stack.url, stack.db, "technician")).user;
});
afterAll(async () => {
  await stack?.stop();
});

const CUSTOMER_PHONE = "(225) 555-0177";
const CUSTOMER_ADDRESS = "1442 Perkins Rd, Baton Rouge";
let visits = 0;

/** The `n`-th weekday (Monday to Friday: five windows each) at least three days from today, Baton Rouge time. */
function weekday(n: number): string {
  let date = addLocalDays(businessDate(), 3);
  for (let found = -1; ; date = addLocalDays(date, 1)) {
    const day = localWeekday(date);
    if (day >= 1 && day <= 5 && !isHoliday(date) && ++found === n) return date;
  }
}

const windowAt = (date: string, hour: number) => requireBusinessInstant(date, hour * 60);
const windowLabel = (start: Date) => formatWindow(windowStartingAt(start)!);

/** A customer and a visit booked by staff in a window, and the links of the confirmation it emails. */
async function bookVisit(start: Date, options: { technicianId?: number; summary?: string; details?: string } = {}) {
  const tag = `${++visits}.${Date.now()}`;
  const customer = await stack.db.customer.create({
    data: { name: `Margot Thibodeaux ${tag}`, email: `margot.${tag}@example.com`, phone: CUSTOMER_PHONE },
  });
  const res = await api(stack.url, "POST", "/api/bookings", admin.token, {
    customerId: customer.id,
    summary: options.summary ?? "Panel Upgrade",
    details: options.details,
    scheduledDate: start.toISOString(),
    address: CUSTOMER_ADDRESS,
    technicianId: options.technicianId,
  });
  expect(res.status, res.text).toBe(201);
  const bookingId = res.json.booking.id as number;
  const confirmation = await emailTo(customer.email, (e) => e.subject.startsWith("Your visit is booked"));
  const manageUrl = /Reschedule: (\S+)/.exec(confirmation.text ?? "")?.[1];
  const cancelUrl = /Cancel: (\S+)/.exec(confirmation.text ?? "")?.[1];
  expect(manageUrl).toMatch(/\/appointments\/[\w-]+$/);
  expect(cancelUrl).toBe(`${manageUrl}?step=cancel`);
  return { customer, bookingId, confirmation, manageUrl: manageUrl!, cancelUrl: cancelUrl! };
}

/** The calendar event of an email's `.ics` attachment, as a calendar library (node-ical) reads it. */
function calendarEvent(email: CapturedEmail) {
  const attachment = email.attachments?.find((a) => a.filename.endsWith(".ics"));
  expect(attachment, email.subject).toBeDefined();
  const parsed = ical.sync.parseICS(Buffer.from(attachment!.content, "base64").toString("utf8"));
  const event = Object.values(parsed).find((c) => c?.type === "VEVENT") as ical.VEvent;
  const calendar = parsed.vcalendar as unknown as { method?: string };
  return { event, method: calendar.method, sequence: Number(event.sequence) };
}

async function emailTo(to: string, match: (e: CapturedEmail) => boolean, timeoutMs = 20_000) {
  const found = (all: CapturedEmail[]) => all.find((e) => e.to.includes(to) && match(e));
  return found(await stack.mail.waitFor((all) => Boolean(found(all)), timeoutMs))!;
}

async function page(url: string, init: { ip?: string; form?: Record<string, string>; body?: string } = {}) {
  const posting = init.form !== undefined || init.body !== undefined;
  const res = await fetch(url, {
    method: posting ? "POST" : "GET",
    redirect: "manual",
    headers: {
      "X-Forwarded-For": init.ip ?? randomIp(),
      ...(posting ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body: init.body ?? (init.form ? new URLSearchParams(init.form) : undefined),
  });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

/** The page's text as a reader sees it: React marks where text pieces join (`<!-- -->`) and escapes apostrophes. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

function expectPrivate(headers: Headers) {
  expect(headers.get("cache-control")).toBe("private, no-store");
  expect(headers.get("referrer-policy")).toBe("no-referrer");
  expect(headers.get("x-robots-tag")).toBe("noindex");
}

describe("/appointments/<token>", () => {
  it("shows the visit in fixed words only, never stored, never indexed", async () => {
    const start = windowAt(weekday(0), 10);
    // Staff's own words for the visit stay with staff: the customer is told its service by our fixed name.
    const visit = await bookVisit(start, {
      technicianId: technician.id,
      summary: "Replace two bathroom GFCI outlets (phone call)",
      details: "Gate code 4417; dog in the yard",
    });
    for (const part of [visit.confirmation.subject, visit.confirmation.text, visit.confirmation.html]) {
      expect(part).not.toMatch(/GFCI|bathroom|phone call|Gate code|Perkins/);
    }
    expect(visit.confirmation.text).toContain("Service: General Electrical Service");
    expect(visit.confirmation.text).toContain(`Visit: #${visit.bookingId}`);
    expect(calendarEvent(visit.confirmation).event.summary).not.toMatch(/GFCI|phone call/);
    const res = await page(visit.manageUrl);
    expect(res.status).toBe(200);
    expectPrivate(res.headers);
    expect(res.headers.get("x-page-cache")).toBeNull();
    const html = text(res.html);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain("General Electrical Service");
    // (The site's menu says "GFCI installation" on every page: the staff summary's own words are checked.)
    expect(html).not.toMatch(/bathroom|phone call|Gate code/);
    expect(html).toContain(`#${visit.bookingId}`);
    expect(html).toContain(windowLabel(start));
    expect(html).toContain(technician.firstName);
    expect(html).toContain("(225) 555-0142");
    expect(html).toContain("Booked");
    for (const secret of [visit.customer.name, "Margot", visit.customer.email, CUSTOMER_PHONE, "555-0177", "Perkins"])
      expect(html, secret).not.toContain(secret);
    // The reschedule form offers the open days; a day's page (`?day=`, a day's link) its open windows, but not the visit's own.
    expect(html).toContain(`?day=${weekday(0)}#reschedule-visit-windowStart-day`);
    const day = text((await page(`${visit.manageUrl}?day=${weekday(0)}`)).html);
    expect(day).toContain('name="windowStart"');
    expect(day).toContain(`value="${windowAt(weekday(0), 14).toISOString()}"`);
    expect(day).not.toContain(`value="${start.toISOString()}"`);
    // robots.txt keeps crawlers out of the links' pages.
    const robots = await (await fetch(`${stack.url}/robots.txt`)).text();
    expect(robots).toContain("Disallow: /appointments");
    expect(robots).toContain("Disallow: /unsubscribe");
  });

  it("moves the visit to another open window with a plain form post, as the customer", async () => {
    const date = weekday(1);
    const visit = await bookVisit(windowAt(date, 8), { technicianId: technician.id });
    const target = windowAt(date, 14);
    const res = await page(visit.manageUrl, { form: { intent: "reschedule", windowStart: target.toISOString() } });
    expect(res.status).toBe(200);
    expectPrivate(res.headers);
    expect(text(res.html)).toContain(`Your visit is now ${windowLabel(target)}. We've emailed you the new time.`);

    const booking = await stack.db.booking.findUniqueOrThrow({ where: { id: visit.bookingId } });
    expect(booking.scheduledDate).toEqual(target);
    expect(booking.technicianId).toBe(technician.id);
    const audit = await stack.db.auditLog.findFirstOrThrow({
      where: { action: "booking.rescheduled", targetId: String(visit.bookingId) },
    });
    expect(audit.actorId).toBeNull();
    expect(audit.details).toMatchObject({ to: target.toISOString(), by: "customer" });
    await emailTo(STAFF_EMAIL, (e) => e.subject.startsWith(`Booking #${visit.bookingId} moved by the customer`));
    const moved = await emailTo(visit.customer.email, (e) => e.subject.startsWith("Your visit moved to"));
    expect(moved.text).toContain(windowLabel(target));

    // The same link shows the new time.
    const again = await page(visit.manageUrl);
    expect(text(again.html)).toContain(windowLabel(target));
  });

  it("refuses a full or unknown window with 409 and the open ones instead; the visit stays", async () => {
    const date = weekday(2);
    const start = windowAt(date, 8);
    const visit = await bookVisit(start, { technicianId: technician.id });
    // Every active technician's place in the 12 to 2 window is taken by visits nobody is assigned to yet.
    const full = windowAt(date, 12);
    const active = await stack.db.user.count({ where: { role: "technician", isActive: true } });
    const holder = await stack.db.customer.create({
      data: { name: "Window Holder", email: `holder.${Date.now()}@example.com`, phone: "(225) 555-0100" },
    });
    await stack.db.booking.createMany({
      data: Array.from({ length: active }, () => ({
        customerId: holder.id,
        summary: "Holds a place",
        scheduledDate: full,
      })),
    });
    const page0 = await page(visit.manageUrl);
    expect(page0.html).not.toContain(`value="${full.toISOString()}"`);

    for (const windowStart of [full.toISOString(), windowAt(date, 9).toISOString()]) {
      const res = await page(visit.manageUrl, { form: { intent: "reschedule", windowStart } });
      expect(res.status, windowStart).toBe(409);
      expectPrivate(res.headers);
      const html = text(res.html);
      expect(html).toContain("Sorry, that time is no longer available. Please choose another.");
      expect(html).toContain("Open times instead");
      expect(html).toMatch(/<button[^>]*name="windowStart"[^>]*value="[^"]+"/);
      expect(html).not.toMatch(new RegExp(`<button[^>]*value="${start.toISOString()}"`));
    }
    expect((await stack.db.booking.findUniqueOrThrow({ where: { id: visit.bookingId } })).scheduledDate).toEqual(start);
  });

  it("answers bad input with 400 and a clear message, changing nothing", async () => {
    const start = windowAt(weekday(3), 10);
    const visit = await bookVisit(start);
    const forms: Array<Record<string, string>> = [
      { intent: "reschedule", windowStart: "" },
      { intent: "reschedule", windowStart: "tomorrow morning" },
      { intent: "reschedule" },
      { intent: "delete" },
      { windowStart: start.toISOString() },
      { intent: "reschedule", windowStart: start.toISOString() },
    ];
    for (const form of forms) {
      const res = await page(visit.manageUrl, { form });
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(res.html).toMatch(/Please choose|Choose|Unknown action/);
    }
    const booking = await stack.db.booking.findUniqueOrThrow({ where: { id: visit.bookingId } });
    expect(booking).toMatchObject({ scheduledDate: start, status: "pending" });
  });

  it("asks before it cancels, then cancels: staff and the customer are emailed, nothing is left to move", async () => {
    const start = windowAt(weekday(4), 16);
    const visit = await bookVisit(start, { technicianId: technician.id });
    const ask = await page(visit.cancelUrl);
    expect(ask.status).toBe(200);
    expectPrivate(ask.headers);
    expect(text(ask.html)).toContain(`Cancel your visit on ${windowLabel(start)}?`);
    expect(ask.html).toContain("Yes, cancel my visit");
    expect(ask.html).toContain("Keep my visit");
    expect((await stack.db.booking.findUniqueOrThrow({ where: { id: visit.bookingId } })).status).toBe("pending");

    const res = await page(visit.cancelUrl, { form: { intent: "cancel" } });
    expect(res.status).toBe(200);
    const html = text(res.html);
    expect(html).toContain(`Your visit on ${windowLabel(start)} is cancelled.`);
    expect(html).toContain("This visit is cancelled");
    expect(html).toContain('href="/contact"');
    expect(html).not.toContain('name="windowStart"');
    const booking = await stack.db.booking.findUniqueOrThrow({ where: { id: visit.bookingId } });
    expect(booking.status).toBe("cancelled");
    expect(booking.cancelledByCustomerAt).not.toBeNull();
    const audit = await stack.db.auditLog.findFirstOrThrow({
      where: { action: "booking.status_changed", targetId: String(visit.bookingId) },
    });
    expect(audit.details).toMatchObject({ from: "pending", to: "cancelled", by: "customer" });
    await emailTo(STAFF_EMAIL, (e) => e.subject.startsWith(`Booking #${visit.bookingId} cancelled by the customer`));
    const cancelledEmail = await emailTo(visit.customer.email, (e) =>
      e.subject.startsWith(`Your visit on ${windowLabel(start)} is cancelled`),
    );
    // Its way back is the online booking page.
    expect(cancelledEmail.text).toContain(`Book a visit: ${stack.url}/book `);

    // Cancelled: no reschedule, and a second cancel or a move is refused.
    const after = await page(visit.manageUrl);
    expect(after.status).toBe(200);
    expect(after.html).not.toContain('name="windowStart"');
    const move = await page(visit.manageUrl, {
      form: { intent: "reschedule", windowStart: windowAt(weekday(4), 8).toISOString() },
    });
    expect(move.status).toBe(409);
    expect(text(move.html)).toContain("This visit is cancelled already");
    expect((await stack.db.booking.findUniqueOrThrow({ where: { id: visit.bookingId } })).status).toBe("cancelled");
  });

  it("the cancellation email carries an .ics a calendar reads as the cancellation of the confirmation's event", async () => {
    const date = weekday(3);
    const visit = await bookVisit(windowAt(date, 8), { technicianId: technician.id });
    const booked = calendarEvent(visit.confirmation);
    expect(booked.method).toBe("PUBLISH");
    // Moved once with the link (its SEQUENCE rises), then cancelled with it: the cancellation's is higher still.
    const target = windowAt(date, 12);
    await page(visit.manageUrl, { form: { intent: "reschedule", windowStart: target.toISOString() } });
    const moved = calendarEvent(
      await emailTo(visit.customer.email, (e) => e.subject.startsWith("Your visit moved to")),
    );
    expect((await page(visit.cancelUrl, { form: { intent: "cancel" } })).status).toBe(200);
    const email = await emailTo(visit.customer.email, (e) => / is cancelled – /.test(e.subject));
    expect(email.attachments?.[0]?.content_type ?? "").toContain("method=CANCEL");

    const cancelled = calendarEvent(email);
    expect(cancelled.method).toBe("CANCEL");
    expect(cancelled.event.status).toBe("CANCELLED");
    expect(cancelled.event.uid).toBe(booked.event.uid);
    expect(moved.event.uid).toBe(booked.event.uid);
    expect(moved.sequence).toBeGreaterThan(booked.sequence);
    expect(cancelled.sequence).toBeGreaterThan(moved.sequence);
    expect(new Date(cancelled.event.start).toISOString()).toBe(target.toISOString());
    expect(email.text).toContain(`Visit: #${visit.bookingId}`);
  });

  it("takes the page's own form posts, which browsers send with Origin: null (no-referrer), and no other site's", async () => {
    const visit = await bookVisit(windowAt(weekday(3), 14));
    const post = (url: string, origin: string, form: Record<string, string>) =>
      fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "X-Forwarded-For": randomIp() },
        body: new URLSearchParams(form),
      });
    const foreign = await post(visit.cancelUrl, "https://evil.example", { intent: "cancel" });
    expect(foreign.status).toBe(403);
    expect((await stack.db.booking.findUniqueOrThrow({ where: { id: visit.bookingId } })).status).toBe("pending");
    // Only the emailed links' pages: anywhere else Origin: null stays refused.
    expect((await post(`${stack.url}/contact`, "null", { firstName: "A" })).status).toBe(403);
    const own = await post(visit.cancelUrl, "null", { intent: "cancel" });
    expect(own.status).toBe(200);
    expect((await stack.db.booking.findUniqueOrThrow({ where: { id: visit.bookingId } })).status).toBe("cancelled");
  });

  it("explains that a started visit can no longer be changed online", async () => {
    const visit = await bookVisit(windowAt(weekday(5), 10));
    await stack.db.booking.update({ where: { id: visit.bookingId }, data: { status: "in_progress" } });
    const res = await page(visit.manageUrl);
    expect(res.status).toBe(200);
    expect(text(res.html)).toContain("This visit can no longer be changed online");
    expect(res.html).not.toContain('name="windowStart"');
    const cancel = await page(visit.cancelUrl, { form: { intent: "cancel" } });
    expect(cancel.status).toBe(409);
    expect(text(cancel.html)).toContain("can no longer be changed online. Please call us at (225) 555-0142");
    expect((await stack.db.booking.findUniqueOrThrow({ where: { id: visit.bookingId } })).status).toBe("in_progress");
  });

  it("stops working once the visit is over: 404 with the phone, never 500", async () => {
    const visit = await bookVisit(windowAt(weekday(6), 10));
    await stack.db.booking.update({
      where: { id: visit.bookingId },
      data: { scheduledDate: new Date(Date.now() - 3 * 3600_000), durationMinutes: 120 },
    });
    const expired = "This link has expired or is not valid. Call us at (225) 555-0142.";
    const res = await page(visit.manageUrl);
    expect(res.status).toBe(404);
    expectPrivate(res.headers);
    expect(res.html).toContain(expired);
    expect(res.html).not.toContain("Visit number");
    const cancel = await page(visit.cancelUrl, { form: { intent: "cancel" } });
    expect(cancel.status).toBe(404);
    expect((await stack.db.booking.findUniqueOrThrow({ where: { id: visit.bookingId } })).status).toBe("pending");

    for (const token of ["garbage", randomToken(), "x".repeat(300), "%E2%9C%93", "a.b-c_d"]) {
      const unknown = await page(`${stack.url}/appointments/${token}`);
      expect(unknown.status, token).toBe(404);
      expect(unknown.html, token).toContain(expired);
      const post = await page(`${stack.url}/appointments/${token}`, { form: { intent: "cancel" } });
      expect(post.status, token).toBe(404);
    }
  });

  it("counts every request of a network: 429 with Retry-After past 30 a minute", async () => {
    const ip = randomIp();
    const url = `${stack.url}/appointments/${randomToken()}`;
    for (let i = 0; i < 30; i++) expect((await page(url, { ip })).status).toBe(404);
    const refused = await page(url, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expectPrivate(refused.headers);
    expect(refused.html).toContain("Too many requests from your network");
    const posted = await page(url, { ip, form: { intent: "cancel" } });
    expect(posted.status).toBe(429);
    // Another network is not affected.
    expect((await page(url)).status).toBe(404);
  });
});

describe("/account: the signed-in customer's visits, on the manage link's flow", () => {
  /** The signed-in customer's page, as its text reads. */
  const accountPage = async (token: string, path: string) => {
    const res = await api(stack.url, "GET", path, token);
    return { status: res.status, headers: res.headers, html: text(res.text) };
  };
  const post = async (token: string, path: string, form: Record<string, string>) => {
    const res = await formPost(stack.url, path, token, form);
    return { status: res.status, html: text(await res.text()) };
  };

  it("lists each visit with its window, technician, true status and number; Reschedule and Cancel change it", async () => {
    const owner = await signedInUser(stack.url, stack.db, "customer");
    const record = await stack.db.customer.create({
      data: { name: "Portal Owner", email: owner.user.email, phone: CUSTOMER_PHONE, userId: owner.user.id },
    });
    const date = weekday(7);
    const start = windowAt(date, 10);
    const created = await api(stack.url, "POST", "/api/bookings", admin.token, {
      customerId: record.id,
      summary: "Panel upgrade (phone call)",
      scheduledDate: start.toISOString(),
      technicianId: technician.id,
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.booking.id as number;

    // The list: a pending visit with a technician is Booked with its technician, never "Awaiting assignment".
    const list = await accountPage(owner.token, "/account");
    expect(list.status).toBe(200);
    expect(list.html).toContain(`Visit #${id}`);
    expect(list.html).toContain("Panel Upgrade");
    expect(list.html).not.toContain("phone call");
    expect(list.html).toContain(windowLabel(start));
    expect(list.html).toContain(technician.firstName);
    expect(list.html).toMatch(/data-testid="booking-status"[^>]*>Booked</);
    expect(list.html).not.toContain("Awaiting assignment");
    expect(list.html).toContain(`href="/account/visits/${id}"`);
    expect(list.html).toContain(`href="/account/visits/${id}?step=cancel"`);

    // Reschedule: the manage page's form (the day chosen, as its day link does), its own window left out.
    const visitPage = await accountPage(owner.token, `/account/visits/${id}?day=${date}`);
    expect(visitPage.status).toBe(200);
    expect(visitPage.headers.get("cache-control")).toBe("private, no-store");
    expect(visitPage.html).toContain(`#${id}`);
    expect(visitPage.html).toContain(`value="${windowAt(date, 14).toISOString()}"`);
    expect(visitPage.html).not.toContain(`value="${start.toISOString()}"`);
    const target = windowAt(date, 14);
    const moved = await post(owner.token, `/account/visits/${id}`, {
      intent: "reschedule",
      windowStart: target.toISOString(),
    });
    expect(moved.status).toBe(200);
    expect(moved.html).toContain(`Your visit is now ${windowLabel(target)}. We've emailed you the new time.`);
    expect((await stack.db.booking.findUniqueOrThrow({ where: { id } })).scheduledDate).toEqual(target);
    const audit = await stack.db.auditLog.findFirstOrThrow({
      where: { action: "booking.rescheduled", targetId: String(id) },
    });
    expect(audit).toMatchObject({ actorEmail: owner.user.email, details: { by: "customer" } });
    await emailTo(STAFF_EMAIL, (e) => e.subject.startsWith(`Booking #${id} moved by the customer`));
    await emailTo(owner.user.email, (e) => e.subject.startsWith("Your visit moved to"));

    // Cancel: asks first, then cancels; the customer's email carries the calendar's cancellation.
    const ask = await accountPage(owner.token, `/account/visits/${id}?step=cancel`);
    expect(ask.html).toContain(`Cancel your visit on ${windowLabel(target)}?`);
    const cancelled = await post(owner.token, `/account/visits/${id}?step=cancel`, { intent: "cancel" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.html).toContain(`Your visit on ${windowLabel(target)} is cancelled.`);
    expect(await stack.db.booking.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "cancelled" });
    await emailTo(STAFF_EMAIL, (e) => e.subject.startsWith(`Booking #${id} cancelled by the customer`));
    const email = await emailTo(owner.user.email, (e) => / is cancelled – /.test(e.subject));
    expect(calendarEvent(email).method).toBe("CANCEL");
    const after = await accountPage(owner.token, "/account");
    expect(after.html).toMatch(/data-testid="booking-status"[^>]*>Cancelled</);
    expect(after.html).not.toContain(`href="/account/visits/${id}?step=cancel"`);
  });

  it("answers another's visit as one that does not exist, an unconfirmed account 403, and sends the signed out to log in", async () => {
    const owner = await signedInUser(stack.url, stack.db, "customer");
    const record = await stack.db.customer.create({
      data: { name: "Visit Owner", email: owner.user.email, phone: CUSTOMER_PHONE, userId: owner.user.id },
    });
    const booking = await stack.db.booking.create({
      data: { customerId: record.id, summary: "Panel Upgrade", scheduledDate: windowAt(weekday(8), 8) },
    });
    const stranger = await signedInUser(stack.url, stack.db, "customer");
    const unconfirmed = await signedInUser(stack.url, stack.db, "customer", { verified: false });
    const path = `/account/visits/${booking.id}`;
    for (const [who, status] of [
      [stranger, 404],
      [unconfirmed, 403],
    ] as const) {
      const seen = await accountPage(who.token, path);
      expect(seen.status).toBe(status);
      expect(seen.html).not.toContain(windowLabel(booking.scheduledDate));
      expect((await post(who.token, path, { intent: "cancel" })).status).toBe(status);
    }
    expect((await accountPage(stranger.token, path)).html).toContain("That visit could not be found in your account.");
    for (const bad of ["/account/visits/0", "/account/visits/abc", "/account/visits/99999999999"])
      expect((await accountPage(owner.token, bad)).status, bad).toBe(404);
    const signedOut = await page(`${stack.url}${path}`);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    expect((await stack.db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("pending");
  });
});

describe("/unsubscribe/<token>", () => {
  async function preference(email: string) {
    const token = randomToken();
    await stack.db.emailPreference.create({ data: { email, tokenHash: sha256(token) } });
    return { url: `${stack.url}/unsubscribe/${token}`, token };
  }

  it("asks with the address masked, and a mail provider's one-click post stops reminders (idempotent)", async () => {
    const email = `jolene.${Date.now()}@example.com`;
    const { url } = await preference(email);
    const ask = await page(url);
    expect(ask.status).toBe(200);
    expectPrivate(ask.headers);
    expect(text(ask.html)).toContain("Stop reminders and review requests to j•••@example.com?");
    expect(ask.html).not.toContain(email);
    expect(ask.html).not.toContain("jolene");
    expect((await stack.db.emailPreference.findUniqueOrThrow({ where: { email } })).unsubscribedAt).toBeNull();

    // What RFC 8058 providers send: no cookie, no Origin, just the body.
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expectPrivate(res.headers);
    expect(text(await res.text())).toContain(
      "You won't get reminders or review requests any more; confirmations and changes to your visits still come.",
    );
    const first = (await stack.db.emailPreference.findUniqueOrThrow({ where: { email } })).unsubscribedAt;
    expect(first).not.toBeNull();

    const again = await page(url, { body: "List-Unsubscribe=One-Click" });
    expect(again.status).toBe(200);
    expect(again.html).toContain("Resubscribe");
    expect((await stack.db.emailPreference.findUniqueOrThrow({ where: { email } })).unsubscribedAt).toEqual(first);

    const back = await page(url, { form: { intent: "resubscribe" } });
    expect(back.status).toBe(200);
    expect(text(back.html)).toContain("You'll get reminders and review requests again.");
    expect((await stack.db.emailPreference.findUniqueOrThrow({ where: { email } })).unsubscribedAt).toBeNull();

    const button = await page(url, { form: { intent: "unsubscribe" } });
    expect(button.status).toBe(200);
    expect((await stack.db.emailPreference.findUniqueOrThrow({ where: { email } })).unsubscribedAt).not.toBeNull();
  });

  it("answers an unknown link 404 and a body it does not know 400", async () => {
    for (const token of ["garbage", randomToken(), "y".repeat(300)]) {
      const res = await page(`${stack.url}/unsubscribe/${token}`);
      expect(res.status, token).toBe(404);
      expectPrivate(res.headers);
      expect(res.html).toContain("This link is not valid");
      expect((await page(`${stack.url}/unsubscribe/${token}`, { body: "List-Unsubscribe=One-Click" })).status).toBe(
        404,
      );
    }
    const email = `odette.${Date.now()}@example.com`;
    const { url } = await preference(email);
    for (const body of ["List-Unsubscribe=Yes", "intent=delete", ""]) {
      expect((await page(url, { body })).status, body).toBe(400);
    }
    expect((await stack.db.emailPreference.findUniqueOrThrow({ where: { email } })).unsubscribedAt).toBeNull();
  });
});

describe("the portal's reminders switch", () => {
  const post = (auth: Record<string, string>, form: Record<string, string>) =>
    fetch(`${stack.url}/account`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
      body: new URLSearchParams(form),
    });

  it("turns the account's own address off and on; the worker's unsubscribe link finds the same row", async () => {
    const customer = await signedInUser(stack.url, stack.db, "customer");
    const email = customer.user.email.toLowerCase();
    const before = await api(stack.url, "GET", "/account", customer.token);
    expect(before.text).toContain('data-testid="reminders-state">on<');

    expect((await post(customer.auth, { intent: "email-preference", reminders: "off" })).status).toBe(200);
    const row = await stack.db.emailPreference.findUniqueOrThrow({ where: { email } });
    expect(row.unsubscribedAt).not.toBeNull();
    const linkToken = signFor(purposeKeys([stack.env.SESSION_SECRET!], "unsubscribe")[0]!, email);
    expect(row.tokenHash).toBe(sha256(linkToken));
    const off = await api(stack.url, "GET", "/account", customer.token);
    expect(off.text).toContain('data-testid="reminders-state">off<');
    expect((await page(`${stack.url}/unsubscribe/${linkToken}`)).html).toContain("Resubscribe");

    expect((await post(customer.auth, { intent: "email-preference", reminders: "on" })).status).toBe(200);
    expect((await stack.db.emailPreference.findUniqueOrThrow({ where: { email } })).unsubscribedAt).toBeNull();
  });

  it("changes nothing for an account whose address is not confirmed, or for a bad value", async () => {
    const unverified = await signedInUser(stack.url, stack.db, "customer", { verified: false });
    await post(unverified.auth, { intent: "email-preference", reminders: "off" });
    expect(await stack.db.emailPreference.count({ where: { email: unverified.user.email.toLowerCase() } })).toBe(0);
    const customer = await signedInUser(stack.url, stack.db, "customer");
    await post(customer.auth, { intent: "email-preference", reminders: "maybe" });
    expect(await stack.db.emailPreference.count({ where: { email: customer.user.email.toLowerCase() } })).toBe(0);
  });
});
