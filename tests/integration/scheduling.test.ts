import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addLocalDays,
  businessDate,
  formatShortWeekdayDate,
  localWeekday,
  requireBusinessInstant,
  WEEKDAYS,
} from "@app/shared/time";
import { readSchedule } from "@app/shared/scheduling/schedule.server";
import { api, signedInUser } from "../support/accounts";
import { openChatSession } from "../support/chat";
import { isHoliday } from "../support/holidays";
import { postJson, startStack, type Stack } from "../support/stack";

/**
 * Arrival windows, technicians and no double booking (docs/product.md#booking-rules),
 * against the real web process and PostgreSQL.
 */

let stack: Stack;
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  stack = await startStack({ name: "scheduling" });
  admin = await signedInUser(stack.url, stack.db, "admin");
});
afterAll(async () => {
  await stack?.stop();
});

interface WindowJson {
  start: string;
  end: string;
  available: number;
}

/** The next date on this weekday (0 = Sunday) at least `after` days from today, Baton Rouge time. */
function nextWeekday(weekday: number, after = 3): string {
  let date = addLocalDays(businessDate(), after);
  while (localWeekday(date) !== weekday || isHoliday(date)) date = addLocalDays(date, 1);
  return date;
}

const availability = (query: string) => api(stack.url, "GET", `/api/availability${query}`);

/** Only the technicians a test makes: every other technician stops working. */
async function onlyTechnicians(count: number) {
  await stack.db.user.updateMany({ where: { role: "technician" }, data: { isActive: false } });
  return Promise.all(Array.from({ length: count }, () => signedInUser(stack.url, stack.db, "technician")));
}

const appointment = (sessionId: string, i: number, extra: Record<string, unknown>) =>
  postJson(`${stack.url}/api/chat/${sessionId}/book-appointment`, {
    // A name is letters only: the number becomes a letter.
    customerName: `Visitor ${String.fromCharCode(65 + (i % 26))}`,
    customerPhone: "(225) 555-0199",
    customerEmail: `visitor${i}.${Date.now()}@example.com`,
    serviceType: "Electrical Repair",
    ...extra,
  });

describe("GET /api/availability", () => {
  it("answers the windows of each day in Baton Rouge time, none on Sunday, with what each still takes", async () => {
    await onlyTechnicians(2);
    let sunday = nextWeekday(0);
    // A weekend whose Saturday and Monday are no holidays (Memorial Day, Labor Day), which have no windows.
    while ([-1, 1].some((d) => isHoliday(addLocalDays(sunday, d)))) sunday = addLocalDays(sunday, 7);
    const res = await availability(`?from=${addLocalDays(sunday, -1)}&days=3`);
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect(res.json.timeZone).toBe("America/Chicago");
    const windows = res.json.windows as WindowJson[];
    const day = (w: WindowJson) => businessDate(new Date(w.start));
    // Saturday 8-10 … 2-4, nothing on Sunday, Monday 8-10 … 4-6.
    expect(windows.filter((w) => day(w) === addLocalDays(sunday, -1))).toHaveLength(4);
    expect(windows.filter((w) => day(w) === sunday)).toEqual([]);
    const monday = windows.filter((w) => day(w) === addLocalDays(sunday, 1));
    expect(monday.map((w) => [w.start, w.end])).toEqual(
      [8, 10, 12, 14, 16].map((h) => [
        requireBusinessInstant(addLocalDays(sunday, 1), h * 60).toISOString(),
        requireBusinessInstant(addLocalDays(sunday, 1), (h + 2) * 60).toISOString(),
      ]),
    );
    expect(windows.every((w) => w.available === 2)).toBe(true);
  });

  it("leaves out what is too soon or beyond 30 days", async () => {
    const res = await availability(`?from=${businessDate()}&days=31`);
    expect(res.status).toBe(200);
    const windows = res.json.windows as WindowJson[];
    const twoHoursOn = Date.now() + 2 * 3600_000;
    expect(windows.every((w) => new Date(w.start).getTime() >= twoHoursOn - 60_000)).toBe(true);
    const last = addLocalDays(businessDate(), 30);
    expect(windows.every((w) => businessDate(new Date(w.start)) <= last)).toBe(true);
    const later = await availability(`?from=${addLocalDays(businessDate(), 31)}&days=7`);
    expect(later.json.windows).toEqual([]);
  });

  it("refuses a bad range with the field at fault", async () => {
    for (const query of ["?days=32", "?days=0", "?from=2026-02-30", "?days=two"]) {
      const res = await availability(query);
      expect(res.status, query).toBe(400);
      expect(res.json).toMatchObject({ success: false, message: expect.any(String), errors: expect.any(Object) });
    }
  });
});

describe("a window is never sold beyond its capacity", () => {
  it("of 40 customers asking for the last place at once, one gets it and 39 are offered other windows", async () => {
    await onlyTechnicians(1);
    const date = nextWeekday(2);
    const target = requireBusinessInstant(date, 10 * 60).toISOString();
    const before = await availability(`?from=${date}&days=1`);
    expect((before.json.windows as WindowJson[]).find((w) => w.start === target)?.available).toBe(1);

    const sessionId = await openChatSession(stack.url);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => appointment(sessionId, i, { windowStart: target })),
    );
    const won = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(39);
    expect(won[0]!.json.message).toContain("between 10 AM and 12 PM");
    for (const r of refused) {
      expect(r.json).toMatchObject({ success: false, message: expect.any(String) });
      const alternatives = r.json.alternatives as WindowJson[];
      expect(alternatives.length).toBeGreaterThan(0);
      expect(alternatives.every((w) => w.available > 0 && w.start !== target)).toBe(true);
    }
    const booked = await stack.db.booking.findMany({ where: { scheduledDate: new Date(target), needsPlacing: false } });
    expect(booked).toHaveLength(1);
    // Full: it is no longer offered.
    const after = await availability(`?from=${date}&days=1`);
    expect((after.json.windows as WindowJson[]).find((w) => w.start === target)).toBeUndefined();
    expect((after.json.windows as WindowJson[]).length).toBeGreaterThan(0);
    // The winner's confirmation email names the window.
    const customer = await stack.db.customer.findUniqueOrThrow({ where: { id: booked[0]!.customerId } });
    const confirmed = (all: Array<{ to: string[]; text?: string }>) =>
      all.find((e) => e.to.includes(customer.email) && (e.text ?? "").includes("Arrival window"));
    const emails = await stack.mail.waitFor((all) => Boolean(confirmed(all)), 20_000);
    expect(confirmed(emails)!.text).toContain("between 10 AM and 12 PM");
  });

  it("takes an emergency whatever the capacity, for staff to place", async () => {
    await onlyTechnicians(0);
    const date = nextWeekday(3);
    const sessionId = await openChatSession(stack.url);
    const res = await appointment(sessionId, 1, {
      windowStart: requireBusinessInstant(date, 8 * 60).toISOString(),
      priority: "emergency",
    });
    expect(res.status).toBe(201);
    const booking = await stack.db.booking.findUniqueOrThrow({ where: { id: res.json.bookingId } });
    expect(booking).toMatchObject({ priority: "emergency", needsPlacing: true, technicianId: null });
  });

  it("refuses a start that is not one of the windows, with the next open ones", async () => {
    await onlyTechnicians(1);
    const sessionId = await openChatSession(stack.url);
    const res = await appointment(sessionId, 2, {
      windowStart: requireBusinessInstant(nextWeekday(4), 9 * 60).toISOString(),
    });
    expect(res.status).toBe(409);
    expect(res.json.errors).toHaveProperty("windowStart");
    expect((res.json.alternatives as WindowJson[]).length).toBeGreaterThan(0);
  });
});

describe("the chat", () => {
  it("answers 'can someone come <day>?' with that day's open windows, offered as actions", async () => {
    await onlyTechnicians(1);
    // Two days on (later when that is a Sunday or a holiday, which have no windows).
    let date = addLocalDays(businessDate(), 2);
    while (localWeekday(date) === 0 || isHoliday(date)) date = addLocalDays(date, 1);
    const weekday = WEEKDAYS[localWeekday(date)]!;
    const sessionId = await openChatSession(stack.url);
    const res = await postJson(`${stack.url}/api/chat/${sessionId}/message`, {
      message: `Can someone come ${weekday}?`,
    });
    expect(res.status).toBe(200);
    expect(res.json.intent).toBe("booking");
    const day = formatShortWeekdayDate(requireBusinessInstant(date, 12 * 60));
    expect(res.json.message).toContain(`On ${day} we can come`);
    expect(res.json.suggestedActions).toEqual([
      `${day}, 8 AM – 10 AM`,
      `${day}, 10 AM – 12 PM`,
      `${day}, 12 PM – 2 PM`,
    ]);
  });
});

describe("technicians", () => {
  const newBooking = async (at: Date, extra: Record<string, unknown> = {}) => {
    const customer = await stack.db.customer.create({
      data: { name: "Cajun Cafe", email: "cafe@example.com", phone: "(225) 555-0100" },
    });
    return api(stack.url, "POST", "/api/bookings", admin.token, {
      customerId: customer.id,
      summary: "Panel upgrade",
      priority: "medium",
      scheduledDate: at.toISOString(),
      ...extra,
    });
  };

  it("are assigned and reassigned; the booking JSON names them and the audit log records it", async () => {
    const [sam, lee] = await onlyTechnicians(2);
    const at = requireBusinessInstant(nextWeekday(1), 8 * 60);
    const created = await newBooking(at, { technicianId: sam!.user.id });
    expect(created.status).toBe(201);
    expect(created.json.booking).toMatchObject({
      technicianId: sam!.user.id,
      technicianName: `${sam!.user.firstName} ${sam!.user.lastName}`,
    });
    const id = created.json.booking.id as number;

    const moved = await api(stack.url, "PATCH", `/api/bookings/${id}`, admin.token, {
      technicianId: lee!.user.id,
      scheduledDate: new Date(at.getTime() + 2 * 3600_000).toISOString(),
    });
    expect(moved.status).toBe(200);
    expect(moved.json.booking).toMatchObject({
      technicianId: lee!.user.id,
      technicianName: `${lee!.user.firstName} ${lee!.user.lastName}`,
      scheduledDate: new Date(at.getTime() + 2 * 3600_000).toISOString(),
    });
    const audit = await stack.db.auditLog.findMany({ where: { targetType: "booking", targetId: String(id) } });
    expect(audit.map((a) => a.action).sort()).toEqual(["booking.rescheduled", "booking.technician_changed"]);

    const unassigned = await api(stack.url, "PATCH", `/api/bookings/${id}`, admin.token, { technicianId: null });
    expect(unassigned.json.booking).toMatchObject({ technicianId: null, technicianName: null });
  });

  it("refuse anyone who is not an active technician", async () => {
    const id = (await newBooking(requireBusinessInstant(nextWeekday(1), 12 * 60))).json.booking.id as number;
    const res = await api(stack.url, "PATCH", `/api/bookings/${id}`, admin.token, { technicianId: admin.user.id });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, errors: { technicianId: expect.any(String) } });
    expect((await api(stack.url, "PATCH", `/api/bookings/${id}`, admin.token, {})).status).toBe(400);
  });

  it("never hold two overlapping visits, even when both are assigned at the same moment", async () => {
    const [sam] = await onlyTechnicians(1);
    const date = nextWeekday(5);
    const first = (await newBooking(requireBusinessInstant(date, 9 * 60))).json.booking.id as number;
    const second = (await newBooking(requireBusinessInstant(date, 10 * 60))).json.booking.id as number;
    const answers = await Promise.all(
      [first, second].map((id) =>
        api(stack.url, "PATCH", `/api/bookings/${id}`, admin.token, { technicianId: sam!.user.id }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.json).toMatchObject({ success: false, message: expect.any(String) });
    expect(await stack.db.booking.count({ where: { technicianId: sam!.user.id } })).toBe(1);

    // Back to back is fine: a visit may start as the previous one ends.
    const kept = answers.find((a) => a.status === 200)!.json.booking;
    const ends = new Date(new Date(kept.scheduledDate).getTime() + kept.durationMinutes * 60_000);
    const next = await newBooking(ends, { technicianId: sam!.user.id });
    expect(next.status).toBe(201);
  });
});

describe("the schedule's one read (readSchedule)", () => {
  it("reads the visits that keep time in a range, as the rules say, with the technicians and closed days", async () => {
    const [tech] = await onlyTechnicians(1);
    const day = addLocalDays(businessDate(), 400);
    const [from, to] = [requireBusinessInstant(day, "08:00"), requireBusinessInstant(day, "18:00")];
    const customer = await stack.db.customer.create({
      data: { name: "Range Reader", email: `range.${Date.now()}@example.com`, phone: "(225) 555-0100" },
    });
    const at = (hours: number) => new Date(from.getTime() + hours * 3_600_000);
    const visit = (
      summary: string,
      data: {
        scheduledDate: Date;
        technicianId?: number;
        durationMinutes?: number;
        needsPlacing?: boolean;
        status?: "cancelled";
      },
    ) => stack.db.booking.create({ data: { customerId: customer.id, summary, durationMinutes: 120, ...data } });
    const kept = [
      await visit("assigned, in range", { scheduledDate: at(2), technicianId: tech!.user.id }),
      await visit("holds a window, nobody yet", { scheduledDate: at(4) }),
      await visit("from the night before, still running", { scheduledDate: at(-20), durationMinutes: 21 * 60 }),
      await visit("to be placed, but assigned", {
        scheduledDate: at(6),
        needsPlacing: true,
        technicianId: tech!.user.id,
      }),
    ];
    await visit("cancelled", { scheduledDate: at(3), status: "cancelled" });
    await visit("to be placed, nobody yet", { scheduledDate: at(5), needsPlacing: true });
    await visit("ends as the range starts", { scheduledDate: at(-2) });
    await visit("starts as the range ends", { scheduledDate: to });
    await stack.db.closure.create({ data: { date: day, reason: "Range test" } });
    await stack.db.closure.create({ data: { date: addLocalDays(day, 1), reason: "Removed", removedAt: new Date() } });

    const read = await readSchedule(stack.db, { from, to }, { from: day, to: addLocalDays(day, 1) });
    expect(read.visits.map((v) => v.id).sort()).toEqual(kept.map((b) => b.id).sort());
    const running = read.visits.find((v) => v.id === kept[2]!.id)!;
    expect(running.start.toISOString()).toBe(at(-20).toISOString());
    expect(running.end.toISOString()).toBe(at(1).toISOString());
    expect(read.technicians.map((t) => t.id)).toEqual([tech!.user.id]);
    expect(read.closures).toEqual([{ date: day, reason: "Range test", holiday: false }]);
  });
});
