import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VOICE_KEY_PATH, VOICE_STATUS_PATH, VOICE_WEBHOOK_PATH } from "@app/shared/api/calls";
import { addLocalDays, localWeekday, requireBusinessInstant } from "@app/shared/time";
import { formPost, signedInUser } from "../support/accounts";
import { createTestClock, type TestClock } from "../support/clock";
import { startPrivateRedis } from "../support/processes";
import { startStack, type Stack } from "../support/stack";
import type { TwilioStandin } from "../support/twilio-standin";

/**
 * Calls to the business's number (docs/product.md#calls, #on-call) end to end against the Twilio stand-in, which runs
 * each call as Twilio Voice does (tests/support/twilio-standin.ts, `placeCall`), with web and worker on a
 * controllable clock: the office rings in office hours, the greeting answers after hours or unanswered, the caller
 * is texted back once an hour and never after STOP, 1 makes an emergency booking and rings whoever is on call,
 * and a forged post is refused with nothing stored.
 */

const MONDAY = "2027-03-01";
const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return requireBusinessInstant(date, h! * 60 + m!);
};
const OFFICE_PHONE = "+12255550100";
const ON_CALL_PHONE = "+12255550111";
const FALLBACK_PHONE = "+12255550122";

describe("calls against the stand-in", () => {
  let clock: TestClock;
  let redisServer: Awaited<ReturnType<typeof startPrivateRedis>>;
  let stack: Stack;
  let twilio: TwilioStandin;
  let technician: Awaited<ReturnType<typeof signedInUser>>;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let callers = 0;
  /** A caller's number no other test uses. */
  const newCaller = () => `+1225555${String(3000 + ++callers).padStart(4, "0")}`;

  beforeAll(async () => {
    expect(localWeekday(MONDAY)).toBe(1);
    clock = await createTestClock(at(MONDAY, "10:00"));
    redisServer = await startPrivateRedis();
    stack = await startStack({
      name: "calls",
      redisUrl: redisServer.url,
      twilio: true,
      env: { ...clock.env, OFFICE_PHONE },
    });
    twilio = stack.twilio!;
    technician = await signedInUser(stack.url, stack.db, "technician");
    admin = await signedInUser(stack.url, stack.db, "admin");
  });
  afterAll(async () => {
    await stack?.stop();
    await redisServer?.stop();
    await clock?.dispose();
  });

  const processes = () => [...stack.webs, ...stack.workers];
  const callOf = (sid: string) => stack.db.phoneCall.findUniqueOrThrow({ where: { sid } });
  const textsTo = (phone: string) => twilio.messages.filter((m) => m.to === phone);

  it("in office hours rings the office and the staff who take calls; an answered call is answered, and texted nothing", async () => {
    const staff = technician.user;
    await stack.db.user.update({ where: { id: staff.id }, data: { phone: "+12255550133", takesCalls: true } });
    try {
      const caller = newCaller();
      const call = await twilio.placeCall({ from: caller, dial: ["completed"] });
      expect(call.dialed).toEqual([[OFFICE_PHONE, "+12255550133"]]);
      expect(call.heard).toEqual([]);
      expect(await callOf(call.sid)).toMatchObject({ outcome: "answered", dialStatus: "completed", textBack: null });
      expect(await stack.db.outbox.count({ where: { kind: "missed-call-text" } })).toBe(0);
    } finally {
      await stack.db.user.update({ where: { id: staff.id }, data: { phone: null, takesCalls: false } });
    }
  });

  it("a call nobody answers hears the greeting and is texted back at once; a second within the hour is not", async () => {
    const caller = newCaller();
    const call = await twilio.placeCall({ from: caller });
    expect(call.dialed).toEqual([[OFFICE_PHONE]]);
    expect(call.heard.join(" ")).toMatch(/nobody could get to the phone.*sending you a text.*press 1/);
    const text = await twilio.waitForMessage((m) => m.to === caller);
    expect(text.body).toMatch(/sorry we missed your call!.*\/book.*reply here/i);
    expect(text.numSegments).toBe(1);
    await expect.poll(async () => (await callOf(call.sid)).textBack).toBe("sent");
    expect(await callOf(call.sid)).toMatchObject({ outcome: "missed", dialStatus: "no-answer" });

    const again = await twilio.placeCall({ from: caller, dial: ["busy"] });
    // Decided when the call was missed, in its transaction: nothing is owed, so nothing can be sent later.
    expect(await callOf(again.sid)).toMatchObject({ outcome: "missed", textBack: "recent" });
    expect(
      await stack.db.outbox.count({
        where: { kind: "missed-call-text", payload: { equals: { callId: (await callOf(again.sid)).id } } },
      }),
    ).toBe(0);
    expect(textsTo(caller)).toHaveLength(1);

    // An hour later the number may be texted back again.
    await clock.set(new Date(clock.now().getTime() + 61 * 60_000), processes());
    const later = await twilio.placeCall({ from: caller });
    await twilio.waitForMessage((m) => m.to === caller && m.sid !== text.sid);
    expect(await callOf(later.sid)).toMatchObject({ outcome: "missed" });
  });

  it("a caller who hangs up while the office rings is missed, and texted back", async () => {
    const caller = newCaller();
    const call = await twilio.placeCall({ from: caller, hangUpWhileRinging: true });
    expect(call.heard).toEqual([]);
    await twilio.waitForMessage((m) => m.to === caller);
    expect(await callOf(call.sid)).toMatchObject({ outcome: "missed", endedAt: expect.any(Date) });
  });

  it("a number that replied STOP is not texted back; a withheld number is not either", async () => {
    const caller = newCaller();
    await twilio.sendInbound({ from: caller, body: "STOP" });
    const call = await twilio.placeCall({ from: caller });
    expect(await callOf(call.sid)).toMatchObject({ outcome: "missed", textBack: "opted_out" });

    const withheld = await twilio.placeCall({ from: "anonymous" });
    expect(withheld.heard.join(" ")).toMatch(/book online on our website/);
    expect(await callOf(withheld.sid)).toMatchObject({ outcome: "missed", textBack: "not_textable" });
    // Both decided at once (nothing owed): that number was never texted.
    expect(textsTo(caller)).toEqual([]);
  });

  it("after hours the greeting answers at once, without ringing the office", async () => {
    await clock.set(at(MONDAY, "22:30"), processes());
    const caller = newCaller();
    const call = await twilio.placeCall({ from: caller });
    expect(call.dialed).toEqual([]);
    expect(call.heard.join(" ")).toMatch(/closed right now/);
    // A reply to their call: not held for the quiet hours.
    await twilio.waitForMessage((m) => m.to === caller);
    expect(await callOf(call.sid)).toMatchObject({ outcome: "missed", afterHours: true });
    await expect.poll(async () => (await callOf(call.sid)).textBack).toBe("sent");
  });

  it("1 makes an emergency booking, rings whoever is on call (then their fallback) and texts them the page", async () => {
    await clock.set(at(addLocalDays(MONDAY, 1), "23:10"), processes());
    const [tech, fallback] = [technician.user, admin.user];
    await stack.db.user.update({ where: { id: tech.id }, data: { phone: ON_CALL_PHONE } });
    await stack.db.user.update({ where: { id: fallback.id }, data: { phone: FALLBACK_PHONE } });
    const tuesday = new Date(`${addLocalDays(MONDAY, 1)}T00:00:00Z`);
    await stack.db.onCallShift.create({
      data: { userId: tech.id, fallbackId: fallback.id, startsOn: tuesday, endsOn: tuesday },
    });
    const caller = newCaller();
    const call = await twilio.placeCall({ from: caller, press: "1", dial: ["no-answer"] });
    expect(call.dialed).toEqual([[ON_CALL_PHONE, FALLBACK_PHONE]]);
    expect(call.heard.join(" ")).toMatch(/Connecting you to our technician on call.*could not pick up/);

    const record = await callOf(call.sid);
    expect(record.emergencyAt).not.toBeNull();
    const booking = await stack.db.booking.findUniqueOrThrow({
      where: { id: record.bookingId! },
      include: { customer: true },
    });
    expect(booking).toMatchObject({ priority: "emergency", source: "phone", needsPlacing: true, status: "pending" });
    expect(booking.customer).toMatchObject({ name: `Caller (225) 555-${caller.slice(-4)}` });

    const page = await twilio.waitForMessage((m) => m.to === ON_CALL_PHONE);
    expect(page.body).toContain(`(225) 555-${caller.slice(-4)} pressed 1 for an emergency`);
    expect(page.body).toContain(`/admin/bookings/${booking.id}`);
    // And the caller's text-back, the thread they can answer in.
    await twilio.waitForMessage((m) => m.to === caller);
  });

  it("the office's Calls page and Today list a missed call to call back until it is marked, or a booking follows", async () => {
    const page = async (path: string) => {
      const res = await fetch(`${stack.url}${path}`, { headers: { Authorization: `Bearer ${admin.token}` } });
      expect(res.status).toBe(200);
      return res.text();
    };
    const marked = newCaller();
    const booked = newCaller();
    const markedCall = await callOf((await twilio.placeCall({ from: marked })).sid);
    const bookedCall = await callOf((await twilio.placeCall({ from: booked })).sid);
    const shown = (n: string) => `(225) 555-${n.slice(-4)}`;

    let toCallBack = await page("/admin/calls?show=to-call-back");
    expect(toCallBack).toContain(`data-call="${markedCall.id}"`);
    expect(toCallBack).toContain(`data-call="${bookedCall.id}"`);
    expect(await page("/dashboard")).toContain(`data-call="${markedCall.id}"`);

    // Staff mark one called back (the form, as a browser without JavaScript posts it).
    const res = await formPost(stack.url, "/admin/calls", admin.token, {
      intent: "called-back",
      callId: String(markedCall.id),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Marked as called back.");
    // A booking for the other number follows (the office books the caller): it answers the call.
    const customer = await stack.db.customer.create({
      data: { name: "Remy Landry", email: "remy@example.com", phone: shown(booked) },
    });
    const made = await fetch(`${stack.url}/api/bookings`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        customerId: customer.id,
        summary: "Panel check",
        priority: "medium",
        scheduledDate: at(addLocalDays(MONDAY, 20), "09:30").toISOString(),
      }),
    });
    expect(made.status).toBe(201);
    const { booking } = (await made.json()) as { booking: { id: number } };
    expect(await callOf(bookedCall.sid)).toMatchObject({ bookingId: booking.id });

    toCallBack = await page("/admin/calls?show=to-call-back");
    expect(toCallBack).not.toContain(`data-call="${markedCall.id}"`);
    expect(toCallBack).not.toContain(`data-call="${bookedCall.id}"`);
    const all = await page("/admin/calls");
    expect(all).toContain(`Called back by ${admin.user.firstName}`);
    expect(all).toContain(`Booking #${booking.id}`);
    const refusedPost = await formPost(stack.url, "/admin/calls", admin.token, { intent: "called-back", callId: "x" });
    expect(refusedPost.status).toBe(400);
  });

  it("the office keeps the rota and staff phones on /admin/on-call; overlapping shifts and bad phones are refused", async () => {
    const post = (fields: Record<string, string>) => formPost(stack.url, "/admin/on-call", admin.token, fields);
    const day = (n: number) => addLocalDays(clock.now().toISOString().slice(0, 10), n);
    const saved = await post({
      intent: "staff-phone",
      userId: String(technician.user.id),
      phone: "(225) 555-0144",
      takesCalls: "on",
    });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Saved");
    expect(await stack.db.user.findUniqueOrThrow({ where: { id: technician.user.id } })).toMatchObject({
      phone: "+12255550144",
      takesCalls: true,
    });
    const badPhone = await post({ intent: "staff-phone", userId: String(technician.user.id), phone: "call me" });
    expect(badPhone.status).toBe(400);
    expect(await badPhone.text()).toContain("Enter a US phone number");

    const added = await post({
      intent: "add-shift",
      userId: String(technician.user.id),
      fallbackId: "",
      startsOn: day(10),
      endsOn: day(16),
    });
    expect(added.status).toBe(200);
    expect(await added.text()).toContain("is on call from");
    const clash = await post({
      intent: "add-shift",
      userId: String(admin.user.id),
      startsOn: day(16),
      endsOn: day(16),
    });
    expect(clash.status).toBe(409);
    expect(await clash.text()).toContain("remove that shift first");
    const backwards = await post({
      intent: "add-shift",
      userId: String(admin.user.id),
      startsOn: day(20),
      endsOn: day(19),
    });
    expect(backwards.status).toBe(400);

    const page = await (
      await fetch(`${stack.url}/admin/on-call`, { headers: { Authorization: `Bearer ${admin.token}` } })
    ).text();
    const shift = await stack.db.onCallShift.findFirstOrThrow({
      where: { userId: technician.user.id },
      orderBy: { startsOn: "desc" },
    });
    expect(page).toContain(`data-shift="${shift.id}"`);
    const removed = await post({ intent: "remove-shift", shiftId: String(shift.id) });
    expect(removed.status).toBe(200);
    expect(await stack.db.onCallShift.count({ where: { id: shift.id } })).toBe(0);
    await stack.db.user.update({ where: { id: technician.user.id }, data: { phone: null, takesCalls: false } });
  });

  it("refuses a forged or unsigned post to each voice webhook, storing nothing", async () => {
    const before = await stack.db.phoneCall.count();
    for (const path of [VOICE_WEBHOOK_PATH, VOICE_STATUS_PATH, VOICE_KEY_PATH]) {
      const url = `${stack.url}${path}`;
      const params = {
        CallSid: `CA${"ab".repeat(16)}`,
        From: newCaller(),
        To: twilio.from,
        CallStatus: "ringing",
        Digits: "1",
      };
      const forged = await twilio.post(url, params, twilio.sign(`${url}?x=1`, params));
      expect(forged.status, path).toBe(403);
      expect(JSON.parse(forged.text)).toMatchObject({ success: false });
      expect((await twilio.post(url, params, null)).status, path).toBe(403);
    }
    expect(await stack.db.phoneCall.count()).toBe(before);
  });
});
