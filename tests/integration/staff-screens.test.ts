/** The staff calendar and bookings list at scale: they send only what they show (docs/decisions/011-staff-screens-at-scale.md). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "../support/accounts";
import { startStack, type Stack } from "../support/stack";
import { requireBusinessInstant } from "@app/shared/time";

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  stack = await startStack({ name: "staff-screens" });
  admin = await signedInUser(stack.url, stack.db, "admin");
  customer = await signedInUser(stack.url, stack.db, "customer");
});
afterAll(async () => {
  await stack?.stop();
});

describe("staff screens at scale (docs/decisions/011-staff-screens-at-scale.md)", () => {
  let client: { id: number; name: string; email: string; phone: string };
  beforeAll(async () => {
    client = await stack.db.customer.create({
      data: { name: "Roselyn Thibodeaux", email: "roselyn@example.com", phone: "(225) 555-0123" },
    });
  });
  const book = (summary: string, date: string, minutes: number, extra: object = {}) =>
    stack.db.booking.create({
      data: { customerId: client.id, summary, scheduledDate: requireBusinessInstant(date, minutes), ...extra },
    });
  /** A page as a signed-in admin's browser gets it. */
  const page = async (path: string) => {
    const res = await fetch(`${stack.url}${path}`, { headers: { ...admin.auth, Accept: "text/html" } });
    return { status: res.status, html: await res.text() };
  };
  const count = (text: string, part: string) => text.split(part).length - 1;

  it("GET /admin/calendar/day answers one Baton Rouge day's bookings with their customers, never stored", async () => {
    const before = await book("Day before, late", "2034-05-16", 23 * 60 + 30);
    const ids = [
      (await book("Day morning", "2034-05-17", 8 * 60, { details: "Back door", priority: "emergency" })).id,
      (await book("Day noon", "2034-05-17", 12 * 60)).id,
      (await book("Day night", "2034-05-17", 23 * 60 + 45)).id,
    ];
    const after = await book("Day after, early", "2034-05-18", 15);
    const res = await fetch(`${stack.url}/admin/calendar/day?date=2034-05-17`, { headers: admin.auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const body = (await res.json()) as {
      success: boolean;
      date: string;
      bookings: Array<{ id: number; details: string | null; priority: string; customer: unknown }>;
      technicians: unknown[];
    };
    expect(body).toMatchObject({ success: true, date: "2034-05-17", technicians: expect.any(Array) });
    expect(body.bookings.map((b) => b.id)).toEqual(ids);
    expect(body.bookings.map((b) => b.id)).not.toContain(before.id);
    expect(body.bookings.map((b) => b.id)).not.toContain(after.id);
    expect(body.bookings[0]).toMatchObject({
      details: "Back door",
      priority: "emergency",
      customer: { name: client.name, email: client.email, phone: client.phone },
    });
  });

  it("GET /admin/calendar/day refuses a date that is not one with 400 and the error shape", async () => {
    for (const query of ["?date=2034-5-17", "?date=2034-02-30", "?date=tomorrow", ""]) {
      const res = await fetch(`${stack.url}/admin/calendar/day${query}`, { headers: admin.auth });
      expect(res.status, query).toBe(400);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(await res.json()).toEqual({
        success: false,
        message: "Invalid query",
        errors: { date: expect.any(String) },
      });
    }
    const posted = await fetch(`${stack.url}/admin/calendar/day?date=2034-05-17`, {
      method: "POST",
      headers: admin.auth,
    });
    expect(posted.status).toBe(405);
  });

  it("the calendar month sends three bookings a day and the day's count, and does not grow with the day", async () => {
    for (let i = 1; i <= 5; i++) await book(`Month cell visit ${i}`, "2034-07-09", (7 + i) * 60);
    const first = await page("/admin/calendar?month=2034-07");
    expect(first.status).toBe(200);
    for (const i of [1, 2, 3]) expect(first.html).toContain(`Month cell visit ${i}`);
    for (const i of [4, 5]) expect(first.html).not.toContain(`Month cell visit ${i}`);
    expect(first.html).toContain("5 appointments:");
    expect(first.html).toMatch(/\+2<span[^>]*> more<\/span>/);

    // Two hundred more that day, later in the day: the same three, a larger count, the same size.
    await stack.db.booking.createMany({
      data: Array.from({ length: 200 }, (_, i) => ({
        customerId: client.id,
        summary: `Month cell filler ${i}`,
        scheduledDate: requireBusinessInstant("2034-07-09", 13 * 60 + i),
      })),
    });
    const busy = await page("/admin/calendar?month=2034-07");
    expect(busy.html).toContain("205 appointments:");
    expect(busy.html).toMatch(/\+202<span[^>]*> more<\/span>/);
    expect(busy.html).not.toContain("Month cell filler");
    expect(Math.abs(busy.html.length - first.html.length)).toBeLessThan(100);
  });

  it("the bookings page carries each menu's choices once for 50 rows, and only what the rows show", async () => {
    const technician = await stack.db.user.create({
      data: {
        firstName: "Zephirin",
        lastName: "Menuonce",
        email: `zephirin.${Date.now()}@test.example.com`,
        passwordHash: "x",
        role: "technician",
      },
    });
    const base = Date.now() + 60_000;
    await stack.db.booking.createMany({
      data: Array.from({ length: 55 }, (_, i) => ({
        customerId: client.id,
        summary: `Fifty rows ${i}`,
        details: `A long note about the visit, ${"more words ".repeat(30)}end ${i}`,
        scheduledDate: requireBusinessInstant("2034-08-01", 8 * 60 + i),
        createdAt: new Date(base + i * 1000),
      })),
    });
    const { status, html } = await page("/admin/bookings");
    expect(status).toBe(200);
    expect(count(html, '<tr role="row">')).toBe(50 + 1); // and the header row
    // One status menu and one technician menu, each option once; no menu in a row.
    expect(count(html, 'role="listbox"')).toBe(2);
    expect(count(html, '">In progress</li>')).toBe(1);
    const markup = html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, "");
    // Twice whatever the rows: the technician filter and the one technician menu.
    expect(count(markup, "Zephirin Menuonce")).toBe(2);
    const technicians = await stack.db.user.count({ where: { role: "technician", isActive: true } });
    expect(count(html, "<select")).toBe(4); // the status, priority, technician and order filters
    expect(count(html, "<option")).toBe(5 + 5 + 2 + technicians + 3); // their choices
    // No inline icon in a row; details shortened; no whole booking records in the page's data.
    const table = html.slice(html.indexOf("<table"), html.indexOf("</table>"));
    expect(count(table, "<svg")).toBe(0);
    expect(html).not.toContain("end 54");
    expect(html).toContain("Fifty rows 54");
    expect(html).not.toContain(client.email);
    expect(html).not.toContain('\\"updatedAt\\"');
    // Every cell keeps its role (the phone layout changes the table's display); fifty rows in under 30 KB of table.
    expect(count(table, '<td role="cell">')).toBe(50 * 7);
    expect(table.length).toBeLessThan(30_000);
    await stack.db.user.delete({ where: { id: technician.id } });
  });

  it("the list filters by technician and the visit's days, sorts by visit date, counts what matches, all in the address", async () => {
    const sam = await stack.db.user.create({
      data: {
        firstName: "Sam",
        lastName: "Listfilter",
        email: `sam.listfilter.${Date.now()}@test.example.com`,
        passwordHash: "x",
        role: "technician",
      },
    });
    // 60 visits of Sam over three days of 2035 (so they page), booked in the opposite order to their dates.
    const base = Date.now() + 120_000;
    await stack.db.booking.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({
        customerId: client.id,
        summary: `Filtered visit ${String(i).padStart(2, "0")}`,
        technicianId: sam.id,
        scheduledDate: requireBusinessInstant(i < 30 ? "2035-03-06" : "2035-03-07", 8 * 60 + (i % 30) * 10),
        durationMinutes: 10,
        createdAt: new Date(base - i * 1000),
      })),
    });
    // Same days, nobody assigned; and Sam's visit on another day.
    const unassigned = await book("Filtered nobody's", "2035-03-06", 9 * 60);
    const elsewhere = await book("Filtered elsewhere", "2035-03-09", 9 * 60, { technicianId: sam.id });
    // The rows' summaries as the table shows them (the page's data, in its scripts, holds them again).
    const summaries = (html: string) =>
      [
        ...html
          .slice(html.indexOf("<table"), html.indexOf("</table>"))
          .matchAll(/Filtered (visit \d\d|nobody|elsewhere)/g),
      ].map((m) => m[1]);

    const path = `/admin/bookings?technician=${sam.id}&from=2035-03-06&to=2035-03-07&sort=visit`;
    const first = await page(path);
    expect(first.status).toBe(200);
    // Soonest visit first, only Sam's, only those days; 60 match, 50 on this page.
    expect(summaries(first.html).slice(0, 3)).toEqual(["visit 00", "visit 01", "visit 02"]);
    expect(summaries(first.html)).toHaveLength(50);
    expect(first.html).not.toContain(unassigned.summary);
    expect(first.html).not.toContain(elsewhere.summary);
    expect(first.html).toContain("60 bookings · 50 on this page");
    // The filters show as chosen, from the address (a reload, or no JavaScript, keeps them).
    expect(first.html).toMatch(/<option value="visit" selected="">Visit date, soonest first<\/option>/);
    expect(first.html).toMatch(new RegExp(`<option value="${sam.id}" selected="">Sam Listfilter</option>`));
    expect(first.html).toContain('value="2035-03-06"');
    // The next page ("Later") keeps the filters and the order, and goes on from the 50th visit.
    const next = /href="(\/admin\/bookings\?[^"]*before=[^"]*)"/.exec(first.html)![1]!.replaceAll("&amp;", "&");
    expect(next).toContain(`technician=${sam.id}`);
    expect(next).toContain("sort=visit");
    const later = await page(next);
    expect(summaries(later.html)).toEqual(Array.from({ length: 10 }, (_, i) => `visit ${50 + i}`));
    expect(later.html).toContain("60 bookings · 10 on this page");
    // Latest first; and the unassigned of those days.
    expect(summaries((await page(path.replace("sort=visit", "sort=visit-desc"))).html)[0]).toBe("visit 59");
    const nobody = await page("/admin/bookings?technician=none&from=2035-03-06&to=2035-03-07");
    expect(summaries(nobody.html)).toEqual(["nobody"]);
    expect(nobody.html).toContain(">1 booking<");
    // What cannot be a filter is ignored, as before.
    expect((await page("/admin/bookings?technician=somebody&from=tomorrow&sort=sideways")).status).toBe(200);

    // The Export CSV form takes the same filters: Sam's visits of those days only.
    const exported = await fetch(`${stack.url}/admin/bookings`, {
      method: "POST",
      headers: { ...admin.auth, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "export-bookings",
        technician: String(sam.id),
        from: "2035-03-06",
        to: "2035-03-07",
      }),
      redirect: "manual",
    });
    expect(exported.status).toBe(303);
    const location = exported.headers.get("location")!;
    expect(location).toContain(`technician=${sam.id}`);
    const csv = await (await fetch(`${stack.url}${location}`, { headers: admin.auth })).text();
    expect(csv.match(/Filtered visit/g)).toHaveLength(60);
    expect(csv).not.toContain("Filtered elsewhere");
    const none = await (
      await fetch(`${stack.url}/api/bookings/export.csv?technician=none&from=2035-03-06&to=2035-03-07`, {
        headers: admin.auth,
      })
    ).text();
    expect(none).toContain("Filtered nobody's");
    expect(none).not.toContain("Filtered visit");
  });

  it("the page, GET /api/bookings and the export read the same bookings, in the same order, for the same filters", async () => {
    const other = await stack.db.customer.create({
      data: { name: "Evangeline Samequery", email: "evangeline.samequery@example.com", phone: "(225) 555-0177" },
    });
    const tech = await stack.db.user.create({
      data: {
        firstName: "Odile",
        lastName: "Samerows",
        email: `odile.samerows.${Date.now()}@test.example.com`,
        passwordHash: "x",
        role: "technician",
      },
    });
    const base = Date.now() + 240_000;
    const rows = [
      { summary: "Same rows alpha", status: "pending", priority: "high", technicianId: tech.id, day: "2036-02-03" },
      { summary: "Same rows bravo", status: "completed", priority: "low", technicianId: null, day: "2036-02-04" },
      { summary: "Same rows charlie", status: "pending", priority: "low", technicianId: null, day: "2036-02-05" },
      { summary: "Same rows delta", status: "pending", priority: "high", technicianId: null, day: "2036-02-20" },
    ] as const;
    for (const [i, row] of rows.entries())
      await stack.db.booking.create({
        data: {
          customerId: other.id,
          summary: row.summary,
          status: row.status,
          priority: row.priority,
          technicianId: row.technicianId,
          scheduledDate: requireBusinessInstant(row.day, 9 * 60),
          createdAt: new Date(base + i * 1000),
        },
      });
    // The same words on another customer's booking: the search is what keeps them out.
    await book("Same rows echo", "2036-02-04", 10 * 60, { createdAt: new Date(base + 10_000) });
    const names = (text: string) => [...text.matchAll(/Same rows (\w+)/g)].map((m) => m[1]);
    for (const filters of <Array<Record<string, string>>>[
      { q: "Samequery" },
      { q: "samequery", status: "pending" },
      { q: "Evangeline", technician: "none", from: "2036-02-04", to: "2036-02-05" },
      { q: "Samequery", priority: "high", technician: String(tech.id) },
      { status: "pending", from: "2036-02-03", to: "2036-02-20" },
    ]) {
      const query = new URLSearchParams(filters).toString();
      const listed = await page(`/admin/bookings?${query}`);
      const shown = names(listed.html.slice(listed.html.indexOf("<table"), listed.html.indexOf("</table>")));
      const api = (await (await fetch(`${stack.url}/api/bookings?${query}`, { headers: admin.auth })).json()) as Array<{
        summary: string;
      }>;
      const csv = await (await fetch(`${stack.url}/api/bookings/export.csv?${query}`, { headers: admin.auth })).text();
      expect(shown.length, query).toBeGreaterThan(0);
      expect(names(api.map((b) => b.summary).join("\n")), query).toEqual(shown);
      expect(names(csv), query).toEqual(shown);
    }
    expect(names((await page("/admin/bookings?q=Samequery")).html)).not.toContain("echo");
    await stack.db.booking.updateMany({ where: { technicianId: tech.id }, data: { technicianId: null } });
    await stack.db.user.delete({ where: { id: tech.id } });
  });

  it("a booking's own page shows it, and its forms post as a page; an unknown number is 404", async () => {
    const booking = await book("Own page visit", "2034-09-02", 10 * 60, { details: "Ring twice" });
    const shown = await page(`/admin/bookings/${booking.id}`);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain(`Booking #${booking.id}`);
    expect(shown.html).toContain("Ring twice");
    expect(shown.html).toContain(client.email);

    const post = await fetch(`${stack.url}/admin/bookings/${booking.id}`, {
      method: "POST",
      headers: { ...admin.auth, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "update-status", bookingId: String(booking.id), status: "in_progress" }),
    });
    expect(post.status).toBe(200);
    expect(await post.text()).toContain("Booking status updated successfully");
    expect((await stack.db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("in_progress");

    expect((await page("/admin/bookings/999999999")).status).toBe(404);
    expect((await page("/admin/bookings/not-a-number")).status).toBe(404);
    expect((await fetch(`${stack.url}/admin/bookings/${booking.id}`)).status).toBe(401);
    expect((await fetch(`${stack.url}/admin/bookings/${booking.id}`, { headers: customer.auth })).status).toBe(403);
  });
});
