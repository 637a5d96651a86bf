import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLocalDays, localWeekday, requireBusinessInstant } from "@app/shared/time";
import { api, formPost, signedInUser } from "../support/accounts";
import { createTestClock, type TestClock } from "../support/clock";
import { startPrivateRedis } from "../support/processes";
import { postJson, randomIp, startStack, type Stack } from "../support/stack";
import type { TwilioStandin } from "../support/twilio-standin";

/**
 * Text messages (docs/product.md#texts) end to end against the Twilio stand-in (tests/support/twilio-standin.ts),
 * the real SDK sending, with web and worker on a controllable clock (tests/support/clock.ts): consent ticked on
 * /book, the confirmation and the reminder texted (the reminder due in the quiet hours held until 8 AM), STOP,
 * START and HELP answered as carriers require, a forged or altered webhook refused, delivery states recorded.
 */

// A Monday far enough ahead that its windows and the next days' exist whenever the suite runs.
const MONDAY = "2027-03-01";
const TUESDAY = addLocalDays(MONDAY, 1);
const WEDNESDAY = addLocalDays(MONDAY, 2);
const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return requireBusinessInstant(date, h! * 60 + m!);
};

describe("texts against the stand-in", () => {
  let clock: TestClock;
  let redisServer: Awaited<ReturnType<typeof startPrivateRedis>>;
  let stack: Stack;
  let twilio: TwilioStandin;
  let admin: string;
  let technician: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    expect(localWeekday(MONDAY)).toBe(1);
    clock = await createTestClock(at(MONDAY, "10:00"));
    redisServer = await startPrivateRedis();
    // Reminders at 10 PM the day before: inside the quiet hours, so their texts wait for 8 AM.
    stack = await startStack({
      name: "texts",
      redisUrl: redisServer.url,
      twilio: true,
      env: { ...clock.env, REMINDER_HOUR: "22" },
    });
    twilio = stack.twilio!;
    // Reports at once, as Twilio may send them: one can arrive before the sender has stored the text's id, and the
    // status webhook waits for it (recordTextStatus) instead of losing it.
    twilio.callbackDelayMs = 0;
    await stack.db.user.updateMany({ where: { role: "technician" }, data: { isActive: false } });
    technician = await signedInUser(stack.url, stack.db, "technician");
    admin = (await signedInUser(stack.url, stack.db, "admin")).token;
  });
  afterAll(async () => {
    await stack?.stop();
    await redisServer?.stop();
    await clock?.dispose();
  });

  const processes = () => [...stack.webs, ...stack.workers];
  let visitors = 0;

  /** Books on /book as a browser without JavaScript posts it: `consent` ticks "Text me about my visits". */
  async function book(phone: string, start: Date, consent: boolean) {
    const email = `texts.${++visitors}.${Date.now()}@example.com`;
    const form = {
      service: "panel-upgrades",
      windowStart: start.toISOString(),
      customerName: "Odette Guidry",
      customerPhone: phone,
      customerEmail: email,
      address: "880 Range Ave, Denham Springs",
      description: "",
      ...(consent ? { textConsent: "on" } : {}),
    };
    const query = new URLSearchParams({ service: form.service, windowStart: form.windowStart });
    const res = await fetch(`${stack.url}/book?${query}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
      body: new URLSearchParams(form),
    });
    expect(res.status, await res.text()).toBe(303);
    const booking = await stack.db.booking.findFirstOrThrow({ where: { customer: { email } } });
    return { id: booking.id, email };
  }

  /** What the app sent a number through the API (the stand-in also records its TwiML replies, as Twilio sends them). */
  const textsTo = (phone: string) => twilio.messages.filter((m) => m.to === phone && m.direction === "outbound-api");
  const inbound = (from: string, body: string, sid?: string) =>
    twilio.sendInbound({ from, body, ...(sid ? { sid } : {}) });

  it("offers the box on /book, unticked, with the words carriers require", async () => {
    const query = new URLSearchParams({ service: "panel-upgrades", windowStart: at(TUESDAY, "10:00").toISOString() });
    const html = await (
      await fetch(`${stack.url}/book?${query}`, { headers: { "X-Forwarded-For": randomIp() } })
    ).text();
    const box = /<input[^>]*name="textConsent"[^>]*>/.exec(html)?.[0];
    expect(box).toBeDefined();
    expect(box).toContain('type="checkbox"');
    expect(box).not.toContain("checked");
    expect(html).toContain("Text me about my visits");
    expect(html).toContain("Msg &amp; data rates may apply");
    expect(html).toContain("Reply STOP to opt out, HELP for help");
  });

  it("texts the confirmation with the manage link and, held to 8 AM, the reminder; none without consent", async () => {
    const phone = "+12255550171";
    const visit = await book("(225) 555-0171", at(TUESDAY, "10:00"), true);
    const consent = await stack.db.textConsent.findUniqueOrThrow({ where: { phone } });
    expect(consent).toMatchObject({ status: "granted", source: "book" });
    expect(consent.wording).toContain("Reply STOP to opt out");
    expect(consent.network).toBeTruthy();

    const confirmation = await twilio.waitForMessage((m) => m.to === phone);
    expect(confirmation.body).toMatch(/^Bayou Current Electric: /);
    expect(confirmation.body).toMatch(/Tue Mar 2, 10 AM-12 PM/);
    const link = /http:\/\/\S+\/appointments\/\S+/.exec(confirmation.body)![0];
    expect((await fetch(link, { headers: { "X-Forwarded-For": randomIp() } })).status).toBe(200);
    // Delivered, as Twilio's status callback said.
    await expect
      .poll(async () => (await stack.db.textMessage.findUnique({ where: { sid: confirmation.sid } }))?.status)
      .toBe("delivered");

    // Without the box ticked: the email, and no text.
    const silent = await book("(225) 555-0172", at(TUESDAY, "12:00"), false);
    await expect.poll(() => stack.mail.list(silent.email).length).toBeGreaterThan(0);
    expect(textsTo("+12255550172")).toHaveLength(0);
    expect(await stack.db.textConsent.findUnique({ where: { phone: "+12255550172" } })).toBeNull();

    // The reminder is due at 10 PM the evening before: its email goes then, its text at 8 AM.
    const [reminderText] = await stack.db.outbox.findMany({
      where: {
        subject: `booking:${visit.id}`,
        kind: "visit-text",
        payload: { path: ["notice"], equals: "visit-reminder" },
      },
    });
    expect(reminderText!.availableAt.toISOString()).toBe(at(TUESDAY, "08:00").toISOString());
    await clock.set(at(MONDAY, "22:00"), processes());
    await expect
      .poll(() => stack.mail.list(visit.email).filter((e) => e.subject.startsWith("Reminder")).length)
      .toBe(1);
    expect(textsTo(phone)).toHaveLength(1);
    await clock.set(at(TUESDAY, "08:00"), processes());
    const reminder = await twilio.waitForMessage((m) => m.to === phone && m.sid !== confirmation.sid, 30_000);
    expect(reminder.body).toMatch(/^Bayou Current Electric: .*visit today, Tue Mar 2, 10 AM-12 PM/);
  });

  it("STOP stops every later text, a queued one included, and is confirmed once; START restores them", async () => {
    await clock.set(at(TUESDAY, "09:00"), processes());
    const phone = "+12255550173";
    const visit = await book("(225) 555-0173", at(WEDNESDAY, "10:00"), true);
    await twilio.waitForMessage((m) => m.to === phone);

    const stop = await inbound(phone, "  Stop ");
    expect(stop.status).toBe(200);
    expect(stop.contentType).toMatch(/xml/);
    expect(stop.text).toContain("unsubscribed");
    expect((await stack.db.textConsent.findUniqueOrThrow({ where: { phone } })).status).toBe("opted_out");
    // Confirmed once: another STOP (a synonym) gets no reply; Twilio posting the same text again changes nothing.
    const again = await inbound(phone, "UNSUBSCRIBE");
    expect(again.text).not.toContain("<Message>");
    const repeated = await inbound(phone, "stop", stop.sid);
    expect(repeated.text).not.toContain("<Message>");
    expect(await stack.db.textMessage.count({ where: { sid: stop.sid } })).toBe(1);

    // The reminder owed for 8 AM tomorrow is dropped when it comes up; a move's confirmation too.
    const moved = await api(stack.url, "PATCH", `/api/bookings/${visit.id}`, admin, {
      scheduledDate: at(WEDNESDAY, "12:00").toISOString(),
    });
    expect(moved.status).toBe(200);
    await clock.set(at(WEDNESDAY, "08:00"), processes());
    await expect
      .poll(() => stack.db.textMessage.count({ where: { phone, direction: "outbound", status: "dropped" } }))
      .toBeGreaterThanOrEqual(2);
    expect(textsTo(phone)).toHaveLength(1);

    const help = await inbound(phone, "help");
    expect(help.text).toContain("STOP to opt out");
    expect(help.text).toContain("Reply C to confirm your next visit, R for its link");
    const start = await inbound(phone, "START");
    expect(start.text).toContain("<Message>");
    expect((await stack.db.textConsent.findUniqueOrThrow({ where: { phone } })).status).toBe("granted");
    const movedAgain = await api(stack.url, "PATCH", `/api/bookings/${visit.id}`, admin, {
      scheduledDate: at(WEDNESDAY, "14:00").toISOString(),
    });
    expect(movedAgain.status).toBe(200);
    const after = await twilio.waitForMessage((m) => m.to === phone && /2-4 PM/.test(m.body));
    expect(after.body).toMatch(/^Bayou Current Electric: /);
  });

  it("refuses a forged or altered webhook, storing and changing nothing", async () => {
    const url = twilio.smsWebhookUrl;
    const params = {
      MessageSid: `SM${"a".repeat(32)}`,
      AccountSid: twilio.accountSid,
      From: "+12255550174",
      To: twilio.from,
      Body: "STOP",
    };
    const before = await stack.db.textMessage.count();
    expect((await twilio.post(url, params, null)).status).toBe(403);
    expect((await twilio.post(url, params, "bm90IGEgc2lnbmF0dXJl")).status).toBe(403);
    const signature = twilio.sign(url, params);
    const altered = await twilio.post(url, { ...params, Body: "START" }, signature);
    expect(altered.status).toBe(403);
    expect(JSON.parse(altered.text)).toMatchObject({ success: false });
    const status = `${url.replace(/sms$/, "status")}`;
    expect((await twilio.post(status, { MessageSid: params.MessageSid, MessageStatus: "failed" }, null)).status).toBe(
      403,
    );
    expect(await stack.db.textMessage.count()).toBe(before);
    expect(await stack.db.textConsent.findUnique({ where: { phone: params.From } })).toBeNull();
  });

  it("records a text to a landline as undelivered, with Twilio's error", async () => {
    const phone = "+12255550175";
    twilio.landlines.add(phone);
    const visit = await book("(225) 555-0175", at(WEDNESDAY, "16:00"), true);
    const text = await twilio.waitForMessage((m) => m.to === phone);
    await expect
      .poll(async () =>
        stack.db.textMessage.findUnique({ where: { sid: text.sid }, select: { status: true, errorCode: true } }),
      )
      .toEqual({ status: "undelivered", errorCode: 30006 });
    // The notice's email went with it, once: the customer has their confirmation all the same.
    await expect
      .poll(() => stack.mail.list(visit.email).filter((e) => e.subject.startsWith("Your visit is booked")).length)
      .toBe(1);
    // The customer record says so, with the number's consent.
    const customer = await stack.db.customer.findFirstOrThrow({ where: { phone: "(225) 555-0175" } });
    const page = await fetch(`${stack.url}/admin/customers/${customer.id}`, {
      headers: { Authorization: `Bearer ${admin}`, "X-Forwarded-For": randomIp() },
    });
    const html = (await page.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("(225) 555-0175 agreed to texts about their visits on Book online");
    expect(html).toContain("not delivered (error 30006)");
  });

  it("texts 'on my way' with the expected clock time at once, even in the quiet hours", async () => {
    await clock.set(at(WEDNESDAY, "21:30"), processes());
    const phone = "+12255550176";
    const customer = await stack.db.customer.create({
      data: { name: "Lucien Arceneaux", email: `lucien.${Date.now()}@example.com`, phone: "(225) 555-0176" },
    });
    await stack.db.textConsent.create({
      data: { phone, status: "granted", grantedAt: new Date(), wording: "test", source: "book" },
    });
    const visit = await stack.db.booking.create({
      data: {
        customerId: customer.id,
        summary: "Emergency: no power",
        priority: "emergency",
        status: "pending",
        scheduledDate: at(WEDNESDAY, "21:00"),
        technicianId: technician.user.id,
      },
    });
    const res = await formPost(stack.url, "/jobs", technician.token, {
      intent: "on-the-way",
      bookingId: String(visit.id),
      minutes: "30",
    });
    expect(res.status, await res.text()).toBeLessThan(400);
    const text = await twilio.waitForMessage((m) => m.to === phone);
    expect(text.body).toMatch(/^Bayou Current Electric: Technician is on the way, expected about 10(:00)? PM\.$/);
  });

  it("a customer's text opens a thread in the inbox, with their record and next visit; the office's answer is texted", async () => {
    const phone = "+12255550171"; // the first test's customer: consent given, a visit booked
    const question = `Is the electrician still coming? ${Date.now()}`;
    // The assistant answers it (tests/integration/text-assistant.test.ts); the office sees the conversation.
    expect((await inbound(phone, question)).text).toContain("<Message>");
    const inbox = async (path: string) =>
      (
        await (
          await fetch(`${stack.url}${path}`, {
            headers: { Authorization: `Bearer ${admin}`, "X-Forwarded-For": randomIp() },
          })
        ).text()
      ).replaceAll("<!-- -->", "");
    const list = await inbox("/admin/inbox");
    expect(list).toContain(`data-inbox-item="text:${phone}"`);
    const opened = await inbox(`/admin/inbox?item=${encodeURIComponent(`text:${phone}`)}`);
    expect(opened).toContain(question);
    expect(opened).toContain("Texts with Odette Guidry");
    expect(opened).toContain("Customer record");
    expect(opened).toContain("Reply by text");

    const answer = `Yes, Sam is on his way this afternoon. ${Date.now()}`;
    const posted = await formPost(stack.url, "/admin/inbox", admin, {
      intent: "reply",
      item: `text:${phone}`,
      message: answer,
    });
    expect((await posted.text()).replaceAll("<!-- -->", "")).toContain("Reply sent by text.");
    const sent = await twilio.waitForMessage((m) => m.to === phone && m.body === answer);
    expect(sent.direction).toBe("outbound-api");
    await expect
      .poll(async () => (await stack.db.textMessage.findUnique({ where: { sid: sent.sid } }))?.kind)
      .toBe("staff-reply");

    // A number that replied STOP: the office cannot text it.
    const stopped = "+12255550179";
    await inbound(stopped, "hello");
    await inbound(stopped, "STOP");
    const refused = await formPost(stack.url, "/admin/inbox", admin, {
      intent: "reply",
      item: `text:${stopped}`,
      message: "Are you there?",
    });
    expect(await refused.text()).toContain("This number replied STOP");
    expect(textsTo(stopped)).toHaveLength(0);
  });

  it("/contact offers the box too, and stores consent only when it is ticked and a number is given", async () => {
    const html = await (await fetch(`${stack.url}/contact`, { headers: { "X-Forwarded-For": randomIp() } })).text();
    const box = /<input[^>]*name="textConsent"[^>]*>/.exec(html)?.[0];
    expect(box).toContain('type="checkbox"');
    expect(box).not.toContain("checked");
    const contact = (fields: Record<string, string>) =>
      fetch(`${stack.url}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
        body: new URLSearchParams({
          firstName: "Odile",
          lastName: "Hebert",
          email: `odile.${Date.now()}@example.com`,
          message: "A quote for a generator, please.",
          ...fields,
        }),
      });
    expect((await contact({ phone: "(225) 555-0181", textConsent: "on" })).status).toBe(302);
    expect(await stack.db.textConsent.findUnique({ where: { phone: "+12255550181" } })).toMatchObject({
      status: "granted",
      source: "contact",
    });
    expect((await contact({ phone: "(225) 555-0182" })).status).toBe(302);
    expect(await stack.db.textConsent.findUnique({ where: { phone: "+12255550182" } })).toBeNull();
    expect((await contact({ textConsent: "on" })).status).toBe(302);
  });

  it("the office asks once by text; the customer's YES is their consent, and later notices are texted", async () => {
    // In the office's day: a notice owed in the quiet hours waits for 8 AM.
    await clock.set(at(addLocalDays(WEDNESDAY, 1), "10:00"), processes());
    const phone = "+12255550183";
    const customer = await stack.db.customer.create({
      data: { name: "Noelie Broussard", email: `noelie.${Date.now()}@example.com`, phone: "225.555.0183" },
    });
    const ask = (fields: Record<string, string>) =>
      formPost(stack.url, `/admin/customers/${customer.id}`, admin, { intent: "ask-to-text", ...fields });
    // Staff confirm the customer expects it; they cannot tick the customer's box for them.
    const unconfirmed = (await (await ask({})).text()).replaceAll("<!-- -->", "");
    expect(unconfirmed).toContain("Tick the box to confirm the customer expects our text");
    expect(await stack.db.textConsent.findUnique({ where: { phone } })).toBeNull();

    const asked = (await (await ask({ customerExpects: "on" })).text()).replaceAll("<!-- -->", "");
    expect(asked).toContain("Asked (225) 555-0183 by text");
    const request = await twilio.waitForMessage((m) => m.to === phone);
    expect(request.body).toMatch(/^Bayou Current Electric: .*Reply YES/);
    expect(await stack.db.textConsent.findUnique({ where: { phone } })).toMatchObject({ status: "requested" });
    // Once, ever.
    expect(await (await ask({ customerExpects: "on" })).text()).toContain("it is asked only once");
    // Not consent yet: a visit booked by the office is not texted.
    const before = await api(stack.url, "POST", "/api/bookings", admin, {
      customerId: customer.id,
      summary: "Ceiling fan",
      priority: "medium",
      scheduledDate: at(addLocalDays(WEDNESDAY, 7), "10:00").toISOString(),
    });
    expect(before.status).toBe(201);
    await expect.poll(() => stack.mail.list(customer.email).length).toBeGreaterThan(0);
    expect(textsTo(phone)).toHaveLength(1);

    const yes = await inbound(phone, "yes");
    expect(yes.text).toContain("thanks, we'll text you about your visits");
    expect(await stack.db.textConsent.findUnique({ where: { phone } })).toMatchObject({
      status: "granted",
      source: "reply",
    });
    const after = await api(stack.url, "POST", "/api/bookings", admin, {
      customerId: customer.id,
      summary: "Outdoor outlet",
      priority: "medium",
      scheduledDate: at(addLocalDays(WEDNESDAY, 8), "10:00").toISOString(),
    });
    expect(after.status).toBe(201);
    const confirmation = await twilio.waitForMessage((m) => m.to === phone && /Manage/.test(m.body));
    expect(confirmation.direction).toBe("outbound-api");
  });

  it("the account's request form stores consent as the account's, only when ticked", async () => {
    await clock.set(at(addLocalDays(WEDNESDAY, 1), "11:00"), processes());
    const owner = await signedInUser(stack.url, stack.db, "customer");
    const request = (phone: string, consent: boolean) =>
      formPost(stack.url, "/account", owner.token, {
        intent: "request",
        customerName: "Celestine Guidry",
        customerPhone: phone,
        customerEmail: owner.user.email,
        serviceType: "Panel Upgrade",
        priority: "normal",
        ...(consent ? { textConsent: "on" } : {}),
      });
    expect((await request("(225) 555-0184", true)).status).toBeLessThan(400);
    expect(await stack.db.textConsent.findUnique({ where: { phone: "+12255550184" } })).toMatchObject({
      status: "granted",
      source: "account",
    });
    expect((await request("(225) 555-0185", false)).status).toBeLessThan(400);
    expect(await stack.db.textConsent.findUnique({ where: { phone: "+12255550185" } })).toBeNull();
    expect(await stack.db.appointmentRequest.count({ where: { customerPhone: "(225) 555-0185" } })).toBe(1);
  });

  it("'C' confirms the number's next visit and 'R' sends its manage link; a number without one is told so", async () => {
    const phone = "+12255550164";
    const visit = await book("(225) 555-0164", at(addLocalDays(MONDAY, 4), "10:00"), true);
    const link = await inbound(phone, "r");
    expect(link.text).toMatch(
      /visit Fri Mar 5, 10 AM-12 PM\. (Move or cancel it here|Manage): http[^<]*\/appointments\//,
    );
    // The link is the visit's own: the one its confirmation carries.
    const confirmationText = await twilio.waitForMessage((m) => m.to === phone && /Manage/.test(m.body));
    const manageUrl = /http\S+/.exec(confirmationText.body)![0];
    expect(link.text).toContain(manageUrl);

    const confirmed = await inbound(phone, " C ");
    expect(confirmed.text).toMatch(/(thanks, your visit|confirmed,) Fri Mar 5, 10 AM-12 PM/);
    const at1 = (await stack.db.booking.findUniqueOrThrow({ where: { id: visit.id } })).customerConfirmedAt;
    expect(at1).not.toBeNull();
    // The office sees it on the visit's page.
    const page = await (
      await fetch(`${stack.url}/admin/bookings/${visit.id}`, {
        headers: { Authorization: `Bearer ${admin}`, "X-Forwarded-For": randomIp() },
      })
    ).text();
    expect(page.replaceAll("<!-- -->", "")).toContain("Confirmed by the customer (text)");
    // Again: answered again, recorded once.
    expect((await inbound(phone, "c")).text).toContain(manageUrl);
    expect((await stack.db.booking.findUniqueOrThrow({ where: { id: visit.id } })).customerConfirmedAt).toEqual(at1);

    // A number that is nobody's customer, and one that replied STOP (the first test's STOP'd number).
    expect((await inbound("+12255550163", "C")).text).toContain("no upcoming visit for this number");
    expect((await inbound("+12255550179", "R")).text).not.toContain("<Message>");
  });

  it("texts an estimate's and an invoice's link when each is sent, and the review request after the visit", async () => {
    await clock.set(at(addLocalDays(MONDAY, 4), "09:00"), processes());
    const phone = "+12255550165";
    const visit = await book("(225) 555-0165", at(addLocalDays(MONDAY, 4), "14:00"), true);
    const option = { name: "Panel", items: [{ description: "200 A panel", quantity: 1, unitPriceCents: 185_000 }] };
    const estimate = await api(stack.url, "POST", "/api/estimates", admin, { bookingId: visit.id, options: [option] });
    expect(estimate.status, estimate.text).toBe(201);
    const number = estimate.json.estimate.number as string;
    const sentEstimate = await api(stack.url, "POST", `/api/estimates/${estimate.json.estimate.id}/send`, admin);
    expect(sentEstimate.status, sentEstimate.text).toBe(200);
    const estimateText = await twilio.waitForMessage((m) => m.to === phone && m.body.includes(number));
    expect(estimateText.body).toMatch(/^Bayou Current Electric: .*\/estimates\/\S+$/);

    // The customer approves it (as their page would), the visit is done, and its invoice is sent.
    await stack.db.estimate.update({
      where: { id: estimate.json.estimate.id },
      data: {
        status: "approved",
        approvedAt: new Date(),
        approvedOptionId: estimate.json.estimate.options[0].id,
        signatureName: "O G",
      },
    });
    const done = await api(stack.url, "PATCH", `/api/bookings/${visit.id}`, admin, { status: "completed" });
    expect(done.status, done.text).toBe(200);
    // Completing the visit drafted its invoice from the approved estimate.
    const invoice = await stack.db.invoice.findFirstOrThrow({ where: { bookingId: visit.id } });
    const sentInvoice = await api(stack.url, "POST", `/api/invoices/${invoice.id}/send`, admin);
    expect(sentInvoice.status, sentInvoice.text).toBe(200);
    const invoiceText = await twilio.waitForMessage((m) => m.to === phone && m.body.includes(invoice.number));
    expect(invoiceText.body).toContain("$1,850.00");
    expect(invoiceText.body).toMatch(/\/invoices\/\S+$/);

    // The review request goes with its email, REVIEW_DELAY_MINUTES after the invoice: the clock moves past it.
    expect(textsTo(phone).some((m) => /review/i.test(m.body))).toBe(false);
    await clock.set(at(addLocalDays(MONDAY, 4), "12:00"), processes());
    const review = await twilio.waitForMessage((m) => m.to === phone && /review/i.test(m.body));
    expect(review.body).toMatch(/^Bayou Current Electric: /);
  });

  it("texts nothing without stored consent: every form that takes a phone, posted with the box unticked", async () => {
    const friday = addLocalDays(MONDAY, 4);
    await clock.set(at(friday, "12:30"), processes());
    const numbers = {
      book: "(225) 555-0191",
      chat: "(225) 555-0192",
      contact: "(225) 555-0193",
      account: "(225) 555-0194",
      staff: "(225) 555-0195",
    };
    const bookings: number[] = [];
    // /book, as a browser without JavaScript posts it.
    bookings.push((await book(numbers.book, at(friday, "16:00"), false)).id);
    // The chat's booking form, as the widget posts it.
    const sessionId = `chat_${Date.now()}nobox`;
    expect((await postJson(`${stack.url}/api/chat/session`, { sessionId, status: "active" })).status).toBe(201);
    const chat = await postJson(`${stack.url}/api/chat/${sessionId}/book-appointment`, {
      customerName: "Rosalie Broussard",
      customerPhone: numbers.chat,
      customerEmail: `rosalie.${Date.now()}@example.com`,
      serviceType: "Panel Upgrade",
      address: "44 Cypress St, Walker",
      windowStart: at(addLocalDays(friday, 3), "08:00").toISOString(),
      priority: "normal",
      description: "",
    });
    expect(chat.status, chat.text).toBe(201);
    bookings.push(chat.json.bookingId as number);
    // /contact, with a phone.
    const contact = await fetch(`${stack.url}/contact`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": randomIp() },
      body: new URLSearchParams({
        firstName: "Anatole",
        lastName: "Guidry",
        email: `anatole.${Date.now()}@example.com`,
        phone: numbers.contact,
        message: "The porch light flickers.",
      }),
    });
    expect(contact.status, await contact.text()).toBe(302);
    // /account's request form, signed in as a customer.
    const owner = await signedInUser(stack.url, stack.db, "customer");
    const requested = await formPost(stack.url, "/account", owner.token, {
      intent: "request",
      customerName: "Celestine Guidry",
      customerPhone: numbers.account,
      customerEmail: owner.user.email,
      serviceType: "Panel Upgrade",
      priority: "normal",
    });
    expect(requested.status).toBeLessThan(400);
    // The office books a new customer (the staff side has no box: it may only ask, once).
    const customer = await api(stack.url, "POST", "/api/customers", admin, {
      name: "Beatrice Landry",
      email: `beatrice.${Date.now()}@example.com`,
      phone: numbers.staff,
    });
    expect(customer.status, customer.text).toBe(201);
    const staffBooking = await api(stack.url, "POST", "/api/bookings", admin, {
      customerId: customer.json.customer.id,
      summary: "Outdoor outlet",
      priority: "medium",
      scheduledDate: at(addLocalDays(friday, 3), "10:00").toISOString(),
    });
    expect(staffBooking.status, staffBooking.text).toBe(201);
    bookings.push(staffBooking.json.booking.id as number);

    // Every text owed for those visits so far has been worked by the worker (the confirmations), and none went.
    await expect
      .poll(async () =>
        stack.db.outbox.count({
          where: {
            kind: "visit-text",
            subject: { in: bookings.map((id) => `booking:${id}`) },
            // Due by now on the stack's clock (the confirmations; the reminders are owed for later).
            availableAt: { lte: at(friday, "13:00") },
            sentAt: null,
          },
        }),
      )
      .toBe(0);
    for (const id of bookings)
      expect(
        await stack.db.outbox.findMany({
          where: { subject: `booking:${id}` },
          select: { kind: true, sentAt: true, payload: true },
        }),
        `booking ${id}`,
      ).toContainEqual(expect.objectContaining({ kind: "visit-text", sentAt: expect.any(Date) }));
    for (const typed of Object.values(numbers)) {
      const phone = `+1${typed.replace(/\D/g, "")}`;
      expect(textsTo(phone), typed).toHaveLength(0);
      expect(await stack.db.textConsent.findUnique({ where: { phone } }), typed).toBeNull();
    }
  });

  it("the office creating a customer may ask the new number once whether we may text it; it is never their consent", async () => {
    const create = (phone: string, askToText?: "on") =>
      api(stack.url, "POST", "/api/customers", admin, {
        name: "Honore Thibodeaux",
        email: `honore.${Date.now()}.${phone.slice(-2)}@example.com`,
        phone,
        ...(askToText ? { askToText } : {}),
      });
    const asked = await create("(225) 555-0196", "on");
    expect(asked.status, asked.text).toBe(201);
    expect(asked.json.message).toBe("Customer created successfully. We asked them by text whether we may text them.");
    const request = await twilio.waitForMessage((m) => m.to === "+12255550196");
    expect(request.body).toContain("may we text you about your visits? Reply YES to agree");
    expect(await stack.db.textConsent.findUnique({ where: { phone: "+12255550196" } })).toMatchObject({
      status: "requested",
    });
    // The same number on another record is not asked again; without the box nothing is asked.
    expect((await create("(225) 555-0196", "on")).json.message).toBe("Customer created successfully");
    expect((await create("(225) 555-0197")).json.message).toBe("Customer created successfully");
    expect(await stack.db.textConsent.findUnique({ where: { phone: "+12255550197" } })).toBeNull();
    expect(textsTo("+12255550196")).toHaveLength(1);
  });
});
