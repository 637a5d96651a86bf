import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLocalDays, businessDate, requireBusinessInstant } from "@app/shared/time";
import { api, signedInUser } from "../support/accounts";
import { openChatSession } from "../support/chat";
import { createTestClock, type TestClock } from "../support/clock";
import { postJson, startStack, type Stack } from "../support/stack";

/**
 * Closed days (docs/product.md#closed-days) against the real web and worker processes, on a clock
 * set to Friday, November 20, 2026, the week before Thanksgiving: the worker adds the year's
 * holidays when it starts, a closed day offers no windows in the availability API, the chat or its
 * booking path, and an admin's closures take a day's windows away and give them back.
 */

const FRIDAY = "2026-11-20";
const THANKSGIVING = "2026-11-26";

let stack: Stack;
let clock: TestClock;
let admin: Awaited<ReturnType<typeof signedInUser>>;

interface WindowJson {
  start: string;
  end: string;
  available: number;
}

const dayOf = (w: WindowJson) => businessDate(new Date(w.start));
const availability = async (from: string, days: number) => {
  const res = await api(stack.url, "GET", `/api/availability?from=${from}&days=${days}`);
  expect(res.status).toBe(200);
  return res.json.windows as WindowJson[];
};
const windowDays = async (from: string, days: number) => new Set((await availability(from, days)).map(dayOf));

const appointment = (sessionId: string, extra: Record<string, unknown>) =>
  postJson(`${stack.url}/api/chat/${sessionId}/book-appointment`, {
    customerName: "Visitor Closed",
    customerPhone: "(225) 555-0199",
    customerEmail: `closed.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
    serviceType: "Electrical Repair",
    ...extra,
  });

/** Waits until the worker has added a closure on this date. */
async function closureAdded(date: string) {
  const deadline = Date.now() + 20_000;
  while (!(await stack.db.closure.findUnique({ where: { date } }))) {
    if (Date.now() > deadline) throw new Error(`no closure on ${date}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  clock = await createTestClock(requireBusinessInstant(FRIDAY, 8 * 60));
  stack = await startStack({ name: "closures", env: clock.env });
  admin = await signedInUser(stack.url, stack.db, "admin");
  // Two technicians who work every weekday but Sunday: every window has places.
  await signedInUser(stack.url, stack.db, "technician");
  await signedInUser(stack.url, stack.db, "technician");
  await closureAdded(THANKSGIVING);
});
afterAll(async () => {
  await stack?.stop();
  await clock?.dispose();
});

describe("the holidays", () => {
  it("are added for the year when the worker starts, and Thanksgiving 2026 has no windows", async () => {
    const holidays = await stack.db.closure.findMany({ where: { holiday: true }, orderBy: { date: "asc" } });
    expect(holidays.map((h) => [h.date, h.reason])).toEqual([
      ["2026-01-01", "New Year's Day"],
      ["2026-05-25", "Memorial Day"],
      ["2026-07-04", "Independence Day"],
      ["2026-09-07", "Labor Day"],
      [THANKSGIVING, "Thanksgiving"],
      ["2026-12-25", "Christmas Day"],
    ]);
    const days = await windowDays("2026-11-25", 3);
    expect(days.has("2026-11-25")).toBe(true);
    expect(days.has(THANKSGIVING)).toBe(false);
    expect(days.has("2026-11-27")).toBe(true);
  });

  it("refuse a window on Thanksgiving in the chat's booking path, naming the closure, but take an emergency", async () => {
    const sessionId = await openChatSession(stack.url);
    const res = await appointment(sessionId, {
      windowStart: requireBusinessInstant(THANKSGIVING, 10 * 60).toISOString(),
    });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe("We're closed on Thursday, November 26 (Thanksgiving). Please choose another time.");
    expect(res.json.errors.windowStart).toBe(res.json.message);
    const alternatives = res.json.alternatives as WindowJson[];
    expect(alternatives.length).toBeGreaterThan(0);
    expect(alternatives.some((w) => dayOf(w) === THANKSGIVING)).toBe(false);

    const emergency = await appointment(sessionId, {
      windowStart: requireBusinessInstant(THANKSGIVING, 10 * 60).toISOString(),
      priority: "emergency",
    });
    expect(emergency.status).toBe(201);
  });

  it("are named when the chat is asked for that day", async () => {
    const sessionId = await openChatSession(stack.url);
    const res = await postJson(`${stack.url}/api/chat/${sessionId}/message`, { message: "Can someone come Thursday?" });
    expect(res.status).toBe(200);
    expect(res.json.message).toContain("We're closed on Thursday, November 26 (Thanksgiving).");
    expect((res.json.suggestedActions as string[]).some((a) => a.startsWith("Thursday, Nov 26"))).toBe(false);
  });
});

describe("an admin's closure", () => {
  const TUESDAY = "2026-12-01";

  it("takes the day's windows away everywhere, lists the visits on it, and removing it brings them back", async () => {
    const sessionId = await openChatSession(stack.url);
    const start = requireBusinessInstant(TUESDAY, 10 * 60).toISOString();
    // A visit already on the day, placed by staff.
    const customer = await stack.db.customer.create({
      data: { name: "Cajun Cafe", email: "cafe@example.com", phone: "(225) 555-0100" },
    });
    const visit = await api(stack.url, "POST", "/api/bookings", admin.token, {
      customerId: customer.id,
      summary: "Panel upgrade",
      priority: "medium",
      scheduledDate: requireBusinessInstant(TUESDAY, 13 * 60).toISOString(),
    });
    expect(visit.status).toBe(201);
    expect((await windowDays(TUESDAY, 1)).has(TUESDAY)).toBe(true);

    const added = await api(stack.url, "POST", "/api/closures", admin.token, {
      date: TUESDAY,
      reason: "Staff training",
    });
    expect(added.status).toBe(201);
    expect(added.json).toEqual({
      success: true,
      closure: { date: TUESDAY, reason: "Staff training", holiday: false },
    });
    expect(await availability(TUESDAY, 1)).toEqual([]);
    const refused = await appointment(sessionId, { windowStart: start });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain("We're closed on Tuesday, December 1 (Staff training)");

    // Staff see the day closed, and may still book a visit at an exact time on it.
    const schedule = await api(stack.url, "GET", `/api/admin/schedule?date=${TUESDAY}`, admin.token);
    expect(schedule.json).toMatchObject({ closure: { date: TUESDAY, reason: "Staff training" }, windows: [] });
    const exact = await api(stack.url, "POST", "/api/bookings", admin.token, {
      customerId: customer.id,
      summary: "Emergency call-out",
      priority: "emergency",
      scheduledDate: requireBusinessInstant(TUESDAY, 9 * 60 + 30).toISOString(),
    });
    expect(exact.status).toBe(201);

    const listed = await api(stack.url, "GET", `/api/closures?from=${TUESDAY}&to=${TUESDAY}`, admin.token);
    expect(listed.status).toBe(200);
    expect(listed.json.closures).toHaveLength(1);
    expect(listed.json.closures[0]).toMatchObject({
      date: TUESDAY,
      reason: "Staff training",
      holiday: false,
      addedBy: { id: admin.user.id },
    });
    expect(listed.json.closures[0].visits.map((v: { id: number }) => v.id)).toEqual([
      exact.json.booking.id,
      visit.json.booking.id,
    ]);
    const audit = await stack.db.auditLog.findFirst({ where: { action: "closure.added", targetId: TUESDAY } });
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      targetType: "closure",
      details: { reason: "Staff training" },
    });

    const removed = await api(stack.url, "DELETE", `/api/closures/${TUESDAY}`, admin.token);
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ success: true });
    expect((await windowDays(TUESDAY, 1)).has(TUESDAY)).toBe(true);
    expect((await appointment(sessionId, { windowStart: start })).status).toBe(201);
    expect(await stack.db.auditLog.count({ where: { action: "closure.removed", targetId: TUESDAY } })).toBe(1);

    expect((await api(stack.url, "DELETE", `/api/closures/${TUESDAY}`, admin.token)).status).toBe(404);
    expect((await api(stack.url, "DELETE", "/api/closures/not-a-date", admin.token)).status).toBe(404);
  });

  it("refuses a past date, a bad date, no reason and a day already closed, each on its field", async () => {
    const post = (body: unknown) => api(stack.url, "POST", "/api/closures", admin.token, body);
    const past = await post({ date: "2026-11-19", reason: "Too late" });
    expect(past.status).toBe(400);
    expect(past.json).toMatchObject({ success: false, errors: { date: "Choose today or a later date" } });
    const bad = await post({ date: "2026-02-30", reason: "No such day" });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toHaveProperty("date");
    const noReason = await post({ date: "2026-12-02", reason: "  " });
    expect(noReason.status).toBe(400);
    expect(noReason.json.errors).toEqual({ reason: "Reason is required" });
    const again = await post({ date: THANKSGIVING, reason: "Turkey" });
    expect(again.status).toBe(409);
    expect(again.json.errors.date).toBe("We're closed on Thursday, November 26 (Thanksgiving) already");
    expect(await stack.db.closure.count({ where: { date: "2026-12-02" } })).toBe(0);
  });

  it("is for admins only", async () => {
    const technician = await signedInUser(stack.url, stack.db, "technician");
    const body = { date: "2026-12-03", reason: "Nope" };
    expect((await api(stack.url, "POST", "/api/closures", undefined, body)).status).toBe(401);
    expect((await api(stack.url, "POST", "/api/closures", technician.token, body)).status).toBe(403);
    expect((await api(stack.url, "GET", "/api/closures", technician.token)).status).toBe(403);
    expect((await api(stack.url, "DELETE", `/api/closures/${THANKSGIVING}`, technician.token)).status).toBe(403);
    expect(await stack.db.closure.count({ where: { date: "2026-12-03" } })).toBe(0);
  });
});

describe("the next year", () => {
  it("gets its holidays when a worker starts in it, and a holiday an admin removed stays removed", async () => {
    expect((await api(stack.url, "DELETE", "/api/closures/2026-12-25", admin.token)).status).toBe(200);
    await clock.set(requireBusinessInstant("2027-11-01", 8 * 60), [...stack.webs, ...stack.workers]);
    await stack.startWorker(clock.env);
    await closureAdded("2027-11-25");
    expect(await stack.db.closure.findUniqueOrThrow({ where: { date: "2026-12-25" } })).toMatchObject({
      removedAt: expect.any(Date),
    });
    const days = await windowDays("2027-11-24", 3);
    expect(days.has("2027-11-24")).toBe(true);
    expect(days.has("2027-11-25")).toBe(false);
    expect(days.has(addLocalDays("2027-11-25", 1))).toBe(true);
  });
});
