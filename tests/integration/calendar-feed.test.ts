/** Each admin's private calendar feed (/api/admin/calendar-feed). */
import ical from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, signedInUser } from "../support/accounts";
import { startStack, type Stack } from "../support/stack";

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  stack = await startStack({ name: "calendar-feed" });
  admin = await signedInUser(stack.url, stack.db, "admin");
});
afterAll(async () => {
  await stack?.stop();
});

describe("calendar feed", () => {
  it("gives each admin a private, revocable ICS address that calendar apps can read", async () => {
    const c = await api(stack.url, "POST", "/api/customers", admin.token, {
      name: "Feed Customer",
      email: "feed@example.com",
      phone: "225-555-0157",
    });
    const soon = new Date(Date.now() + 3 * 86400_000);
    soon.setUTCMinutes(0, 0, 0);
    const b = await api(stack.url, "POST", "/api/bookings", admin.token, {
      customerId: c.json.customer.id,
      summary: "Feed visit",
      details: "Gate code 1234",
      priority: "emergency",
      scheduledDate: soon.toISOString(),
    });

    expect((await api(stack.url, "GET", "/api/admin/calendar-feed", admin.token)).json).toEqual({
      success: true,
      url: null,
    });
    const created = await api(stack.url, "POST", "/api/admin/calendar-feed", admin.token);
    expect(created.status).toBe(201);
    const url: string = created.json.url;
    expect(url).toMatch(new RegExp(`^${stack.url}/calendar/[0-9a-f-]{36}\\.[\\w-]{43}\\.ics$`));
    expect((await api(stack.url, "GET", "/api/admin/calendar-feed", admin.token)).json.url).toBe(url);

    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/calendar");
    const events = Object.values(ical.sync.parseICS(await res.text())).filter(
      (e) => e?.type === "VEVENT",
    ) as ical.VEvent[];
    const event = events.find((e) => String(e.summary).includes(`#${b.json.booking.id}`));
    expect(event).toBeDefined();
    expect(String(event!.summary)).toBe(`EMERGENCY: #${b.json.booking.id} Feed visit (Feed Customer)`);
    expect(new Date(event!.start).toISOString()).toBe(soon.toISOString());
    expect(String(event!.description)).toContain("225-555-0157");

    // A tampered or rotated address no longer works.
    expect((await fetch(url.replace(/\.([\w-]{5})/, ".AAAAA"))).status).toBe(404);
    const rotated = await api(stack.url, "POST", "/api/admin/calendar-feed", admin.token);
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(rotated.json.url)).status).toBe(200);
    await api(stack.url, "DELETE", "/api/admin/calendar-feed", admin.token);
    expect((await fetch(rotated.json.url)).status).toBe(404);
  });
});
