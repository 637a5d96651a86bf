/**
 * No call goes unanswered (docs/product.md#calls, #on-call, #texts "The assistant over text"), end to end against the
 * Twilio stand-in the suite's stack runs (E2E_TWILIO_URL; it runs each call as Twilio Voice does) and the push
 * stand-in: a call nobody answers is texted back at once, a second within the hour is not; the caller's reply that
 * is an emergency reaches the on-call technician's phone and device, raises the banner on the office's open page and
 * makes an emergency booking; another caller asks for a visit, gets three windows, replies "2" and is booked; staff
 * take that conversation over and the assistant stops.
 */
import { businessDate } from "@app/shared/time";
import { randomIp } from "../support/stack";
import { expect, pushService, test } from "./fixtures";
import { adminPage, createUser, logIn, main } from "./staff";

const standin = () => process.env.E2E_TWILIO_URL!;

interface Sent {
  to: string;
  body: string;
  direction: string;
}

async function hook<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${standin()}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** A customer calls the business's number; nobody answers (the stand-in runs the call through the app's TwiML). */
const call = (from: string) => hook<{ sid: string; heard: string[] }>("/__calls", { from });
/** A customer texts the business's number: the app's status and its replies. */
const text = (from: string, body: string) => hook<{ status: number; replies: string[] }>("/__texts", { from, body });
const textsTo = async (phone: string) =>
  ((await (await fetch(`${standin()}/__messages`)).json()) as Sent[]).filter((m) => m.to === phone);

/** A number of this run: (225) 557-XXXX, unique per test and run. */
const numberOf = (n: number) => `+1225557${String((Date.now() + n) % 10_000).padStart(4, "0")}`;

test("a missed call is texted back once; its emergency reply pages the on-call, raises the banner and is booked; a visit is booked by text; staff take over", async ({
  browser,
  baseURL,
  page,
  db,
}) => {
  // Whoever is on call today: a technician with a phone and a device.
  const technician = await createUser(db, "technician", "Oncall");
  const onCallPhone = numberOf(7);
  await db.user.update({ where: { id: technician.id }, data: { phone: onCallPhone } });
  const techContext = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });
  try {
    const techPage = await techContext.newPage();
    await logIn(techPage, technician.email);
    const device = await pushService.subscribe();
    expect((await techPage.request.post("/api/push/subscriptions", { data: device })).status()).toBe(201);
    // The rota is the business's one: no other spec writes it (a second run of this one at once would take its day).
    const today = new Date(`${businessDate()}T00:00:00Z`);
    await db.onCallShift.deleteMany({ where: { startsOn: { lte: today }, endsOn: { gte: today } } });
    await db.onCallShift.create({ data: { userId: technician.id, startsOn: today, endsOn: today } });

    // The office has the Calls page open.
    await adminPage(page, db, "/admin/calls");
    const caller = numberOf(1);
    const first = await call(caller);
    expect(first.heard.join(" ")).toMatch(/press 1/);
    await expect
      .poll(async () => (await textsTo(caller)).map((m) => m.body))
      .toEqual([expect.stringMatching(/sorry we missed your call!.*\/book.*reply here/)]);
    const second = await call(caller);
    // Decided in the call's transaction: texted back within the hour, so nothing is owed.
    expect(await db.phoneCall.findUniqueOrThrow({ where: { sid: second.sid } })).toMatchObject({ textBack: "recent" });
    const rows = main(page).locator("[data-call]");
    await expect(rows.filter({ hasText: `(225) 557-${caller.slice(-4)}` })).toHaveCount(2);
    await expect(rows.filter({ hasText: "Not texted: texted back within the hour" })).not.toHaveCount(0);
    expect(await textsTo(caller)).toHaveLength(1);

    // The caller answers the text: an emergency.
    const sparking = await text(caller, "my breaker box is sparking");
    expect(sparking.replies.join(" ")).toMatch(/paging our technician on call/);
    const booking = await db.booking.findFirstOrThrow({
      where: { source: "text", priority: "emergency", customer: { phone: `(225) 557-${caller.slice(-4)}` } },
    });
    await expect(page.getByRole("alert").filter({ hasText: `Emergency booking #${booking.id}` })).toBeVisible();
    await expect
      .poll(async () => (await textsTo(onCallPhone)).map((m) => m.body).join(" "))
      .toMatch(new RegExp(`ON CALL: .*texted an emergency.*/admin/bookings/${booking.id}`));
    await expect
      .poll(async () => (await pushService.received(device.endpoint)).map((p) => (p.payload as { tag?: string }).tag))
      .toContain(`emergency-${booking.id}`);

    // Another caller asks for a visit by text, and books the second window offered.
    const other = numberOf(2);
    await call(other);
    const offer = await text(other, "can someone look at my panel next week");
    expect(offer.replies.join(" ")).toMatch(/we can come 1\) .+ 2\) .+ 3\) .+ Reply 1, 2 or 3 to book/);
    const offered = (await db.textThread.findUniqueOrThrow({ where: { phone: other } })).offeredWindows;
    const booked = await text(other, "2");
    expect(booked.replies.join(" ")).toMatch(/booked! Visit #\d+/);
    const visit = await db.booking.findFirstOrThrow({
      where: { source: "text", priority: "medium", customer: { phone: `(225) 557-${other.slice(-4)}` } },
    });
    expect(visit.scheduledDate.toISOString()).toBe(offered[1]);
    await expect
      .poll(async () => (await textsTo(other)).map((m) => m.body).join(" "))
      .toContain(`booked! Visit #${visit.id}`);

    // Staff take the conversation over in the inbox: the customer is told, and the assistant stops.
    await page.goto(`/admin/inbox?item=${encodeURIComponent(`text:${other}`)}`);
    await expect(main(page).locator("[data-text-handler]")).toContainText("The assistant is answering");
    await main(page).getByRole("button", { name: "Take over", exact: true }).click();
    await expect(main(page).locator("[data-text-handler]")).toContainText("Handled by you");
    await expect
      .poll(async () => (await textsTo(other)).map((m) => m.body).join(" "))
      .toContain("a member of our team is answering you now");
    expect((await text(other, "ok thanks, what should I do before you come?")).replies).toEqual([]);
  } finally {
    await techContext.close();
  }
});
