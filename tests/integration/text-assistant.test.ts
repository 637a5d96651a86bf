import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLocalDays, localWeekday, requireBusinessInstant } from "@app/shared/time";
import { formPost, signedInUser } from "../support/accounts";
import { createTestClock, type TestClock } from "../support/clock";
import { startPrivateRedis } from "../support/processes";
import { startStack, type Stack } from "../support/stack";
import type { TwilioStandin } from "../support/twilio-standin";

/**
 * The assistant answering texts (docs/product.md#texts, "The assistant over text") end to end against the Twilio
 * stand-in, web and worker on a controllable clock: a missed caller's reply that is an emergency pages whoever is on
 * call and makes an emergency booking; a request for a visit gets three open windows and "2" books the second; a
 * question about a quote is answered as a pricing question with an offer to book; staff taking the conversation over
 * silence the assistant (the customer is told a person is answering) and handing it back wakes it.
 */

const MONDAY = "2027-03-01";
const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return requireBusinessInstant(date, h! * 60 + m!);
};
const ON_CALL_PHONE = "+12255550161";

/** The text of a TwiML answer's `<Message>`, or null when it has none. */
function replyOf(twiml: string): string | null {
  const body = /<Message>([\s\S]*?)<\/Message>/.exec(twiml)?.[1];
  if (body === undefined) return null;
  return body
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

describe("the assistant over text", () => {
  let clock: TestClock;
  let redisServer: Awaited<ReturnType<typeof startPrivateRedis>>;
  let stack: Stack;
  let twilio: TwilioStandin;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let numbers = 0;
  const newNumber = () => `+1225555${String(4000 + ++numbers).padStart(4, "0")}`;
  const text = async (from: string, body: string) => {
    const answer = await twilio.sendInbound({ from, body });
    expect(answer.status).toBe(200);
    return replyOf(answer.text);
  };

  beforeAll(async () => {
    expect(localWeekday(MONDAY)).toBe(1);
    clock = await createTestClock(at(MONDAY, "10:00"));
    redisServer = await startPrivateRedis();
    stack = await startStack({ name: "text-assistant", redisUrl: redisServer.url, twilio: true, env: clock.env });
    twilio = stack.twilio!;
    admin = await signedInUser(stack.url, stack.db, "admin");
    // A technician who works every day (so there are windows to offer), on call today with a phone.
    const technician = await signedInUser(stack.url, stack.db, "technician");
    await stack.db.user.update({
      where: { id: technician.user.id },
      data: { phone: ON_CALL_PHONE, workingDays: [0, 1, 2, 3, 4, 5, 6] },
    });
    const today = new Date(`${MONDAY}T00:00:00Z`);
    await stack.db.onCallShift.create({
      data: { userId: technician.user.id, startsOn: today, endsOn: new Date(`${addLocalDays(MONDAY, 6)}T00:00:00Z`) },
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await redisServer?.stop();
    await clock?.dispose();
  });

  it("a missed caller's reply that is an emergency pages whoever is on call and makes one emergency booking", async () => {
    const caller = newNumber();
    await twilio.placeCall({ from: caller });
    await twilio.waitForMessage((m) => m.to === caller);

    const reply = await text(caller, "my breaker box is sparking");
    expect(reply).toMatch(/paging our technician on call/);
    expect(reply).toMatch(/call 911/);
    const bookings = await stack.db.booking.findMany({
      where: { source: "text", priority: "emergency", customer: { phone: `(225) 555-${caller.slice(-4)}` } },
    });
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({ needsPlacing: true, status: "pending" });
    const page = await twilio.waitForMessage((m) => m.to === ON_CALL_PHONE);
    expect(page.body).toMatch(/ON CALL: .*texted an emergency/);
    expect(page.body).toContain(`/admin/bookings/${bookings[0]!.id}`);
    // The call that was missed is answered by it: no longer to call back.
    await expect
      .poll(async () => (await stack.db.phoneCall.findFirstOrThrow({ where: { phone: caller } })).bookingId)
      .toBe(bookings[0]!.id);

    // The same emergency texted again is not a second booking.
    expect(await text(caller, "SPARKS!! please hurry")).toMatch(/paging/);
    expect(
      await stack.db.booking.count({ where: { source: "text", customer: { phone: `(225) 555-${caller.slice(-4)}` } } }),
    ).toBe(1);
  });

  it("offers three open windows for a visit; '2' books the second, confirmed by text with its number and link", async () => {
    const customer = newNumber();
    const offer = await text(customer, "can someone look at my panel next week");
    expect(offer).toMatch(/we can come 1\) .+ 2\) .+ 3\) .+\. Reply 1, 2 or 3 to book/);
    const thread = await stack.db.textThread.findUniqueOrThrow({ where: { phone: customer } });
    expect(thread.offeredWindows).toHaveLength(3);

    const booked = await text(customer, "2");
    expect(booked).toMatch(/booked! Visit #(\d+), .+\/appointments\//);
    const id = Number(/Visit #(\d+)/.exec(booked!)![1]);
    const visit = await stack.db.booking.findUniqueOrThrow({ where: { id } });
    expect(visit).toMatchObject({ source: "text", status: "pending", needsPlacing: false, priority: "medium" });
    expect(visit.scheduledDate.toISOString()).toBe(thread.offeredWindows[1]);
    // The offer is used: another "2" is a message, not a second booking.
    await text(customer, "2");
    expect(await stack.db.booking.count({ where: { source: "text", priority: "medium", id: { not: id } } })).toBe(0);
  });

  it("answers a quote as a pricing question with an offer to book, and a yes to it with windows", async () => {
    const customer = newNumber();
    const answer = await text(customer, "how much for a quote on a generator");
    expect(answer).toMatch(/free/i);
    expect(answer).toMatch(/Reply BOOK/);
    expect(await text(customer, "yess")).toMatch(/Reply 1, 2 or 3 to book/);
    // Another trade: we are electricians.
    expect(await text(customer, "do yall do plumbing too")).toMatch(/we're electricians/);
  });

  it("stays quiet once staff take the conversation over, tells the customer a person is answering, and wakes when handed back", async () => {
    const customer = newNumber();
    expect(await text(customer, "hi")).toMatch(/How can I help/);
    const item = `text:${customer}`;
    const taken = await formPost(stack.url, "/admin/inbox", admin.token, { intent: "take-over", item });
    expect(taken.status).toBe(200);
    const told = await twilio.waitForMessage((m) => m.to === customer && /answering you now/.test(m.body));
    expect(told.direction).toBe("outbound-api");
    expect(await text(customer, "what are your hours")).toBeNull();

    await formPost(stack.url, "/admin/inbox", admin.token, { intent: "hand-back", item });
    expect(await text(customer, "what are your hours")).toMatch(/Monday/);
  });

  it("after office hours says the office is closed; a number that replied STOP gets no answer", async () => {
    await clock.set(at(MONDAY, "22:15"), [...stack.webs, ...stack.workers]);
    const customer = newNumber();
    // Monday 10:15 PM: open again Tuesday morning.
    expect(await text(customer, "hello")).toMatch(
      /Our office is closed now and opens Tuesday at 7:00 AM\..*How can I help/,
    );
    await text(customer, "STOP");
    expect(await text(customer, "hello?")).toBeNull();
  });
});
