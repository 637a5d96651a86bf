import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLocalDays, businessDate, localWeekday, requireBusinessInstant } from "@app/shared/time";
import { api, formPost, signedInUser } from "../support/accounts";
import { startStack, type Stack } from "../support/stack";

/**
 * Moving a visit and the dispatch board (docs/product.md#moving-a-visit,
 * docs/product.md#dispatch-board), against the real web and worker processes, PostgreSQL and
 * Redis, with the email provider's stand-in.
 */

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let sam: Awaited<ReturnType<typeof signedInUser>>;
let jo: Awaited<ReturnType<typeof signedInUser>>;

/** A Wednesday at least four days ahead, Baton Rouge time (its windows and reminders are all to come). */
function nextWednesday(): string {
  let date = addLocalDays(businessDate(), 4);
  while (localWeekday(date) !== 3) date = addLocalDays(date, 1);
  return date;
}
const DAY = nextWednesday();
const at = (date: string, hour: number) => requireBusinessInstant(date, hour * 60);

beforeAll(async () => {
  stack = await startStack({ name: "dispatch" });
  admin = await signedInUser(stack.url, stack.db, "admin");
  // Only this test's technicians work.
  await stack.db.user.updateMany({ where: { role: "technician" }, data: { isActive: false } });
  sam = await signedInUser(stack.url, stack.db, "technician");
  jo = await signedInUser(stack.url, stack.db, "technician");
  await stack.db.user.update({ where: { id: sam.user.id }, data: { firstName: "Sam", lastName: "Boudreaux" } });
  await stack.db.user.update({ where: { id: jo.user.id }, data: { firstName: "Jo", lastName: "Martin" } });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

let customers = 0;
/** A customer and their visit, straight into the database (`needsPlacing`: a request still to be placed). */
async function visit(data: { start: Date; technicianId?: number | null; needsPlacing?: boolean; summary?: string }) {
  const email = `dispatch${++customers}.${Date.now()}@customer.example.com`;
  const customer = await stack.db.customer.create({
    data: { name: `Dispatch Customer ${"abcdefghij"[customers % 10]}`, email, phone: "(225) 555-0142" },
  });
  const booking = await stack.db.booking.create({
    data: {
      customerId: customer.id,
      summary: data.summary ?? "Outlet repair",
      scheduledDate: data.start,
      technicianId: data.technicianId ?? null,
      needsPlacing: data.needsPlacing ?? false,
      source: data.needsPlacing ? "chat" : "admin",
    },
  });
  return { ...booking, email };
}

/** A visit booked through the API (so its confirmation and reminder are owed as staff's bookings' are). */
async function booked(start: Date, technicianId: number | null) {
  const email = `booked${++customers}.${Date.now()}@customer.example.com`;
  const customer = await api(stack.url, "POST", "/api/customers", admin.token, {
    name: "Booked Customer",
    email,
    phone: "(225) 555-0142",
  });
  const created = await api(stack.url, "POST", "/api/bookings", admin.token, {
    customerId: customer.json.customer.id,
    summary: "Panel inspection",
    scheduledDate: start.toISOString(),
    ...(technicianId ? { technicianId } : {}),
  });
  expect(created.status, created.text).toBe(201);
  return { id: created.json.booking.id as number, email };
}

const moveForm = (bookingId: number, fields: Record<string, string>) =>
  formPost(stack.url, `/admin/dispatch?date=${DAY}`, admin.token, {
    intent: "move-visit",
    bookingId: String(bookingId),
    ...fields,
  });

const reminders = (bookingId: number) =>
  stack.db.outbox.findMany({
    where: { subject: `booking:${bookingId}`, kind: "visit-reminder" },
    orderBy: { id: "asc" },
  });

/** The `.ics` attached to an email, as text. */
const invite = (email: { attachments?: Array<{ content: string }> }) =>
  Buffer.from(email.attachments![0]!.content, "base64").toString("utf8");

/** A card as GET /api/dispatch answers it (the assertions check its fields). */
interface CardJson {
  id: number;
  flags: Array<{ kind: string; message: string }>;
  [field: string]: unknown;
}

describe("GET /api/dispatch", () => {
  it("answers the day's lanes with working hours, the Unassigned column, emergencies first and the flags", async () => {
    const early = await visit({ start: at(DAY, 8), technicianId: sam.user.id });
    const urgent = await visit({ start: at(DAY, 14), technicianId: sam.user.id, summary: "Sparks" });
    await stack.db.booking.update({ where: { id: urgent.id }, data: { priority: "emergency" } });
    const request = await visit({ start: at(DAY, 9), needsPlacing: true });
    const yesterday = await visit({ start: at(addLocalDays(DAY, -1), 9), needsPlacing: true });
    const dropped = await visit({ start: at(DAY, 12) });
    await stack.db.booking.update({ where: { id: dropped.id }, data: { technicianDroppedAt: new Date() } });

    const res = await api(stack.url, "GET", `/api/dispatch?date=${DAY}`, admin.token);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ success: true, date: DAY, view: "day", timeZone: "America/Chicago" });
    const lanes = res.json.technicians as Array<{
      id: number;
      name: string;
      workingHours: unknown[];
      visits: CardJson[];
    }>;
    expect(lanes.map((l) => l.name)).toEqual(["Jo Martin", "Sam Boudreaux"]);
    const samLane = lanes.find((l) => l.id === sam.user.id)!;
    expect(samLane.workingHours).toEqual([
      { date: DAY, start: at(DAY, 7).toISOString(), end: at(DAY, 18).toISOString(), label: "7 AM – 6 PM" },
    ]);
    expect(samLane.visits.map((v) => v.id)).toEqual([urgent.id, early.id]);
    expect(samLane.visits[0]).toMatchObject({
      emergency: true,
      summary: "Sparks",
      time: "2 PM – 4 PM",
      window: "14:00",
    });
    expect(samLane.visits[1]).toMatchObject({
      technicianName: "Sam Boudreaux",
      customerName: expect.stringContaining("Dispatch Customer"),
      scheduledDate: at(DAY, 8).toISOString(),
      flags: [],
    });
    const unassigned = res.json.unassigned as CardJson[];
    expect(unassigned.find((v) => v.id === request.id)).toMatchObject({ needsPlacing: true, flags: [] });
    // Unassigned is the day's: a request of an earlier day still to be placed waits apart.
    expect(unassigned.map((v) => v.id)).not.toContain(yesterday.id);
    expect((res.json.waiting as CardJson[]).map((v) => v.id)).toContain(yesterday.id);
    expect(unassigned.find((v) => v.id === dropped.id)!.flags).toEqual([
      { kind: "customer-moved", message: expect.stringContaining("customer moved it") },
    ]);

    // Sam stops working Wednesdays: his visits that day are flagged, and his lane says Off.
    await stack.db.user.update({ where: { id: sam.user.id }, data: { workingDays: [1, 2, 4, 5, 6] } });
    const off = await api(stack.url, "GET", `/api/dispatch?date=${DAY}`, admin.token);
    const offLane = (off.json.technicians as typeof lanes).find((l) => l.id === sam.user.id)!;
    expect(offLane.workingHours[0]).toMatchObject({ label: "Off", start: null });
    expect(offLane.visits[1]!.flags).toEqual([
      { kind: "technician-off", message: "Sam Boudreaux does not work Wednesdays" },
    ]);
    await stack.db.user.update({ where: { id: sam.user.id }, data: { workingDays: [1, 2, 3, 4, 5, 6] } });

    const week = await api(stack.url, "GET", `/api/dispatch?date=${DAY}&view=week`, admin.token);
    expect(week.json.days.map((d: { date: string }) => d.date)).toEqual(
      Array.from({ length: 7 }, (_, i) => addLocalDays(DAY, i - 3)),
    );
  });

  it("refuses a date that is not one (400), the signed out (401) and other roles (403)", async () => {
    const bad = await api(stack.url, "GET", "/api/dispatch?date=2026-02-30", admin.token);
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ success: false, errors: { date: expect.any(String) } });
    expect((await api(stack.url, "GET", "/api/dispatch?view=month", admin.token)).status).toBe(400);
    expect((await api(stack.url, "GET", `/api/dispatch?date=${DAY}`)).status).toBe(401);
    expect((await api(stack.url, "GET", `/api/dispatch?date=${DAY}`, sam.token)).status).toBe(403);
  });
});

describe("moving a visit", () => {
  it("places a request through the Move form: one confirmation with its .ics, the reminder owed, the audit entry", async () => {
    const request = await visit({ start: at(DAY, 9), needsPlacing: true, summary: "Ceiling fan" });
    const res = await moveForm(request.id, { date: DAY, window: "10:00", technicianId: String(jo.user.id) });
    expect(res.status).toBe(200);
    const placed = await stack.db.booking.findUniqueOrThrow({ where: { id: request.id } });
    expect(placed).toMatchObject({ technicianId: jo.user.id, needsPlacing: false, scheduledDate: at(DAY, 10) });

    await stack.mail.waitFor((all) => all.some((e) => e.to.includes(request.email)));
    const email = stack.mail.list(request.email)[0];
    await new Promise((r) => setTimeout(r, 500));
    expect(stack.mail.list(request.email)).toHaveLength(1);
    expect(email!.subject).toContain("Your visit is booked");
    expect(invite(email!)).toContain(
      `DTSTART:${at(DAY, 10)
        .toISOString()
        .replace(/[-:]|\.\d+/g, "")}`,
    );
    expect(await reminders(request.id)).toHaveLength(1);
    const audit = await stack.db.auditLog.findMany({ where: { targetId: String(request.id) }, orderBy: { id: "asc" } });
    expect(audit.map((a) => [a.action, a.actorEmail])).toEqual([
      ["booking.technician_changed", admin.user.email],
      ["booking.rescheduled", admin.user.email],
    ]);
    expect(audit[1]!.details).toEqual({ from: at(DAY, 9).toISOString(), to: at(DAY, 10).toISOString() });
  });

  it("moves a scheduled visit through the API: one 'moved' email whose .ics keeps its UID and raises SEQUENCE, the reminder moved", async () => {
    const { id, email } = await booked(at(DAY, 16), sam.user.id);
    await stack.mail.waitFor((all) => all.some((e) => e.to.includes(email)));
    const [first] = stack.mail.list(email);
    const firstInvite = invite(first!);

    const tomorrow = addLocalDays(DAY, 1);
    const moved = await api(stack.url, "PATCH", `/api/bookings/${id}`, admin.token, {
      scheduledDate: at(tomorrow, 12).toISOString(),
      technicianId: jo.user.id,
    });
    expect(moved.status, moved.text).toBe(200);
    const emails = await stack.mail.waitFor((all) => all.filter((e) => e.to.includes(email)).length >= 2);
    const movedEmail = emails.filter((e) => e.to.includes(email))[1]!;
    expect(movedEmail.subject).toContain("Your visit moved to");
    expect(movedEmail.text).toContain("Previous time:");
    const uid = (ics: string) => /UID:(.*)/.exec(ics)![1]!.trim();
    const sequence = (ics: string) => Number(/SEQUENCE:(\d+)/.exec(ics)![1]);
    const movedInvite = invite(movedEmail);
    expect(uid(movedInvite)).toBe(uid(firstInvite));
    expect(sequence(movedInvite)).toBeGreaterThan(sequence(firstInvite));
    expect(movedInvite).toContain(
      `DTSTART:${at(tomorrow, 12)
        .toISOString()
        .replace(/[-:]|\.\d+/g, "")}`,
    );
    const rows = await reminders(id);
    expect(rows.map((r) => r.cancelledAt === null)).toEqual([false, true]);
    expect(rows[1]!.availableAt.toISOString()).toBe(requireBusinessInstant(DAY, 9 * 60).toISOString());
    await new Promise((r) => setTimeout(r, 500));
    expect(stack.mail.list(email)).toHaveLength(2);
  });

  it("refuses an overlapping move with 409: which visit is in the way, the technicians free then and the nearest open windows", async () => {
    const friday = addLocalDays(DAY, 2);
    const busy = await visit({ start: at(friday, 10), technicianId: sam.user.id });
    const other = await visit({ start: at(friday, 14), technicianId: jo.user.id });
    const reason = `Sam Boudreaux already has #${busy.id} from 10 AM to 12 PM`;

    const res = await api(stack.url, "PATCH", `/api/bookings/${other.id}`, admin.token, {
      scheduledDate: at(friday, 10).toISOString(),
      technicianId: sam.user.id,
    });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      success: false,
      message: reason,
      errors: { technicianId: reason },
      freeTechnicians: [{ id: jo.user.id, name: "Jo Martin" }],
    });
    expect(res.json.alternatives.map((w: { start: string }) => w.start)).toEqual(
      [at(friday, 8), at(friday, 12), at(friday, 14)].map((d) => d.toISOString()),
    );
    expect(await stack.db.booking.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({
      technicianId: jo.user.id,
      scheduledDate: at(friday, 14),
    });

    // The same through the Move form: its page says so (a 409), nothing moved.
    const form = await moveForm(other.id, { date: friday, window: "10:00", technicianId: String(sam.user.id) });
    expect(form.status).toBe(409);
    expect((await form.text()).replaceAll("<!-- -->", "")).toContain(reason);
  });

  it("answers 400 for a move the form cannot mean, and 401/403 as every staff change", async () => {
    const v = await visit({ start: at(DAY, 16), technicianId: null });
    const saturday = addLocalDays(DAY, 3);
    const noWindow = await moveForm(v.id, { date: saturday, window: "16:00", technicianId: "" });
    expect(noWindow.status).toBe(400);
    expect((await noWindow.text()).replaceAll("<!-- -->", "")).toContain("Saturday has no 4 PM – 6 PM window");
    expect((await moveForm(v.id, { date: "2026-13-01", window: "10:00", technicianId: "" })).status).toBe(400);
    expect((await moveForm(v.id, { date: DAY, technicianId: "" })).status).toBe(400);
    const patch = await api(stack.url, "PATCH", `/api/bookings/${v.id}`, admin.token, { scheduledDate: "tomorrow" });
    expect(patch.status).toBe(400);
    expect((await api(stack.url, "PATCH", `/api/bookings/${v.id}`, undefined, { technicianId: null })).status).toBe(
      401,
    );
    expect((await api(stack.url, "PATCH", `/api/bookings/${v.id}`, sam.token, { technicianId: null })).status).toBe(
      403,
    );
    const byTechnician = await formPost(stack.url, `/admin/dispatch?date=${DAY}`, sam.token, {
      intent: "move-visit",
      bookingId: String(v.id),
      date: DAY,
      window: "10:00",
      technicianId: "",
    });
    expect(byTechnician.status).toBe(403);
    expect((await stack.db.booking.findUniqueOrThrow({ where: { id: v.id } })).scheduledDate).toEqual(at(DAY, 16));
  });
});

describe("a cancelled visit brought back (docs/product.md#booking-rules)", () => {
  it("takes its window again while it has a place, and is refused in words when customers have filled it", async () => {
    const day = addLocalDays(DAY, 7);
    const lonely = await visit({ start: at(day, 10), summary: "Porch light" });
    const patch = (id: number, body: Record<string, unknown>) =>
      api(stack.url, "PATCH", `/api/bookings/${id}`, admin.token, body);
    expect((await patch(lonely.id, { status: "cancelled" })).status).toBe(200);
    // Sam and Jo work: the 10–12 window holds two visits with no technician, and now has both.
    const fillers = [await visit({ start: at(day, 10) }), await visit({ start: at(day, 10) })];

    const refused = await formPost(stack.url, "/admin/bookings", admin.token, {
      intent: "update-status",
      bookingId: String(lonely.id),
      status: "pending",
    });
    expect(refused.status).toBe(409);
    const html = (await refused.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Its window, Wednesday,");
    expect(html).toContain("between 10 AM and 12 PM, is full now: move it to another time");
    expect((await stack.db.booking.findUniqueOrThrow({ where: { id: lonely.id } })).status).toBe("cancelled");

    // A place comes free: it comes back, to any status staff choose.
    expect((await patch(fillers[0]!.id, { status: "cancelled" })).status).toBe(200);
    const back = await patch(lonely.id, { status: "in_progress" });
    expect(back.status, back.text).toBe(200);
    expect((await stack.db.booking.findUniqueOrThrow({ where: { id: lonely.id } })).status).toBe("in_progress");
  });
});
