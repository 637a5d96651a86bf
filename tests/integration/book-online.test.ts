import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatWindow, windowStartingAt } from "@app/shared/scheduling/windows";
import { addLocalDays, businessDate, localWeekday, requireBusinessInstant } from "@app/shared/time";
import { pageSessionCookie, signedInUser } from "../support/accounts";
import { isHoliday } from "../support/holidays";
import { randomIp, startStack, type Stack } from "../support/stack";

/**
 * Book online (/book, docs/product.md#book-online) as plain HTTP, the way a browser without
 * JavaScript uses it: each step a GET, the last a form post answered with a redirect to the
 * confirmation; the same windows, capacity and 409 as the chat; bad input answers 4xx with the
 * field's message and stores nothing. Real web, worker, PostgreSQL and email stand-in.
 */

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ name: "book-online" });
  // One technician works: each window has one place.
  await stack.db.user.updateMany({ where: { role: "technician" }, data: { isActive: false } });
  await signedInUser(stack.url, stack.db, "technician");
});
afterAll(async () => {
  await stack?.stop();
});

/** The `n`-th weekday (Monday to Friday) at least three days from today, Baton Rouge time. */
function weekday(n: number): string {
  let date = addLocalDays(businessDate(), 3);
  for (let found = -1; ; date = addLocalDays(date, 1)) {
    const day = localWeekday(date);
    if (day >= 1 && day <= 5 && !isHoliday(date) && ++found === n) return date;
  }
}

const windowAt = (date: string, hour: number) => requireBusinessInstant(date, hour * 60).toISOString();

/** The page's text as a reader sees it: React marks where text pieces join (`<!-- -->`) and escapes apostrophes. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

let visitors = 0;
function details(overrides: Record<string, string> = {}) {
  const n = ++visitors;
  return {
    service: "panel-upgrades",
    customerName: "Odette Guidry",
    customerPhone: "(225) 555-0177",
    customerEmail: `odette.${n}.${Date.now()}@example.com`,
    address: "880 Range Ave, Denham Springs",
    description: "Federal Pacific panel",
    ...overrides,
  };
}

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${stack.url}${path}`, {
    redirect: "manual",
    headers: { "X-Forwarded-For": randomIp(), ...headers },
  });
  return { status: res.status, location: res.headers.get("location"), html: text(await res.text()) };
}

async function post(form: Record<string, string>, headers: Record<string, string> = {}) {
  const query = new URLSearchParams({ service: form.service ?? "", windowStart: form.windowStart ?? "" });
  const res = await fetch(`${stack.url}/book?${query}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp(), ...headers },
    body: new URLSearchParams(form),
  });
  return { status: res.status, location: res.headers.get("location"), html: text(await res.text()) };
}

const stored = async () => ({
  bookings: await stack.db.booking.count(),
  customers: await stack.db.customer.count(),
  requests: await stack.db.appointmentRequest.count(),
});

describe("/book", () => {
  it("answers each step for its address", async () => {
    const day = weekday(0);
    const first = await get("/book");
    expect(first.status).toBe(200);
    expect(first.html).toContain("What do you need?");
    expect(first.html).toContain('href="/book?service=panel-upgrades"');

    // The address (no plural "s") chooses the service page's service.
    const days = await get("/book?service=panel-upgrade");
    expect(days.html).toContain("When should we come?");
    expect(days.html).toContain(`?service=panel-upgrade&day=${day}#book-window-windowStart-day`);
    expect(days.html).not.toContain('type="radio"');

    const windows = await get(`/book?service=panel-upgrades&day=${day}`);
    expect(windows.html).toContain(`value="${windowAt(day, 8)}"`);
    expect(windows.html).toContain("8 AM – 10 AM · 1 place left");

    const last = await get(
      `/book?${new URLSearchParams({ service: "panel-upgrades", windowStart: windowAt(day, 8) })}`,
    );
    expect(last.html).toContain("Your details");
    expect(last.html).toContain(formatWindow(windowStartingAt(new Date(windowAt(day, 8)))!));

    const emergency = await get("/book?service=emergency");
    expect(emergency.html).toContain("Emergency service: call us now");
    expect(emergency.html).toContain('href="tel:+1');
    expect(emergency.html).not.toContain('type="radio"');

    for (const query of [
      "service=plumbing",
      "service=",
      "service=panel-upgrades&windowStart=tomorrow",
      "service=lighting&day=2026-02-30",
      "day=x",
    ]) {
      const res = await get(`/book?${query}`);
      expect(res.status, query).toBe(200);
    }
    expect((await get("/book?service=plumbing")).html).toContain("We don't offer that service online");
    expect((await get("/book?service=lighting&windowStart=tomorrow")).html).toContain(
      "Choose one of the offered times",
    );
  });

  it("books a window with a form post: 303 to the confirmation, which a reload shows again without booking twice", async () => {
    const windowStart = windowAt(weekday(1), 10);
    const visitor = details({ windowStart });
    const res = await post(visitor);
    expect(res.status).toBe(303);
    expect(res.location).toMatch(/^\/book\/confirmed\?visit=\d+&key=[\w-]+$/);

    const booking = await stack.db.booking.findFirstOrThrow({
      where: { customer: { email: visitor.customerEmail } },
      include: { appointmentRequest: true },
    });
    expect(booking).toMatchObject({
      summary: "Panel Upgrade",
      source: "online",
      status: "pending",
      needsPlacing: false,
    });
    expect(booking.scheduledDate.toISOString()).toBe(windowStart);
    expect(booking.address).toBe(visitor.address);
    expect(booking.details).toContain("Requested through Book online");
    expect(booking.appointmentRequest?.description).toBe("Federal Pacific panel");

    for (let i = 0; i < 2; i++) {
      const page = await get(res.location!);
      expect(page.status).toBe(200);
      expect(page.html).toContain(`#${booking.id}`);
      expect(page.html).toContain("Panel Upgrade");
      expect(page.html).toContain(formatWindow(windowStartingAt(booking.scheduledDate)!));
      expect(page.html).toContain("We've emailed you");
    }
    expect(await stack.db.booking.count({ where: { customer: { email: visitor.customerEmail } } })).toBe(1);

    // The same confirmation email as a chat booking: the number and the window.
    const email = await stack.mail.waitFor((all) =>
      all.some((e) => e.to.includes(visitor.customerEmail) && e.subject.startsWith("Your visit is booked")),
    );
    const confirmation = email.find((e) => e.to.includes(visitor.customerEmail))!;
    expect(confirmation.text).toContain(`#${booking.id}`);
    expect(confirmation.text).toContain(formatWindow(windowStartingAt(booking.scheduledDate)!));
  });

  it("a window taken meanwhile answers 409 with the next open windows, and stores nothing", async () => {
    const windowStart = windowAt(weekday(2), 14);
    expect((await post(details({ windowStart }))).status).toBe(303);
    const before = await stored();
    const taken = await post(details({ windowStart }));
    expect(taken.status).toBe(409);
    expect(taken.html).toContain("Sorry, that time is no longer available. Please choose another.");
    expect(taken.html).toContain("Open times instead");
    expect(taken.html).not.toContain(`value="${windowStart}"`);
    expect(await stored()).toEqual(before);
  });

  it("refuses bad input with 400 and the field's message, never a 5xx, and stores nothing", async () => {
    const windowStart = windowAt(weekday(3), 8);
    const before = await stored();
    const cases: Array<[Record<string, string>, string]> = [
      [details({ windowStart, customerPhone: "call me" }), "Enter a valid phone number"],
      [details({ windowStart, customerEmail: "odette@localhost" }), "Enter a valid email address"],
      [
        details({ windowStart, customerName: "Odette 2" }),
        "Use letters, spaces, hyphens, apostrophes and periods only",
      ],
      [details({ windowStart, address: " " }), "Address is required"],
      [details({ windowStart, service: "emergency" }), "Choose the service you need"],
      [details({ windowStart: "" }), "Choose one of the offered times"],
      [details({ windowStart: "0001-01-01T00:00:00Z" }), "Use a date in the years 2000 to 2100"],
      [{ service: "panel-upgrades", windowStart }, "Full name is required"],
    ];
    for (const [form, message] of cases) {
      const res = await post(form);
      expect(res.status, message).toBe(400);
      expect(res.html, message).toContain(message);
    }
    // Not one of the business's windows (7 AM), or one already past: 409 with what is open.
    for (const start of [windowAt(weekday(3), 7), windowAt(addLocalDays(businessDate(), -7), 10)]) {
      expect((await post(details({ windowStart: start }))).status, start).toBe(409);
    }
    expect(await stored()).toEqual(before);
    // A body no browser sends.
    const json = await fetch(`${stack.url}/book`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": randomIp() },
      body: "{}",
    });
    expect(json.status).toBe(415);
  });

  it("joins a signed-in, confirmed customer's own record and address, as the portal does", async () => {
    const { user } = await signedInUser(stack.url, stack.db, "customer");
    const cookie = await pageSessionCookie(stack.url, user.email);
    const windowStart = windowAt(weekday(4), 12);
    const page = await get(`/book?${new URLSearchParams({ service: "lighting", windowStart })}`, { Cookie: cookie });
    expect(page.html).toContain(`value="${user.email}"`);
    const res = await post(details({ service: "lighting", windowStart, customerEmail: "someone.else@example.com" }), {
      Cookie: cookie,
    });
    expect(res.status).toBe(303);
    const booking = await stack.db.booking.findFirstOrThrow({
      where: { scheduledDate: new Date(windowStart) },
      include: { customer: true },
    });
    expect(booking.customer).toMatchObject({ userId: user.id, email: user.email });
  });

  it("shows a confirmation only to its own signed address", async () => {
    const windowStart = windowAt(weekday(5), 16);
    const res = await post(details({ windowStart }));
    const url = new URL(res.location!, stack.url);
    const id = Number(url.searchParams.get("visit"));
    const key = url.searchParams.get("key")!;
    for (const path of [
      `/book/confirmed?visit=${id}&key=wrong`,
      `/book/confirmed?visit=${id - 1}&key=${key}`,
      `/book/confirmed?visit=${id}`,
      "/book/confirmed",
      `/book/confirmed?visit=${"9".repeat(40)}&key=${key}`,
    ]) {
      const page = await get(path);
      expect(page.status, path).toBe(404);
      expect(page.html, path).not.toContain(`#${id}`);
    }
    const own = await get(`${url.pathname}${url.search}`);
    expect(own.status).toBe(200);
    expect(own.html).toContain("noindex");
  });
});
