/**
 * The technician's day across midnight and a payment's date received (docs/product.md#technicians-day),
 * with the web and worker processes on a controllable clock (tests/support/clock.ts), and no online
 * payment set up (no STRIPE_SECRET_KEY).
 *
 * /jobs asks "what is today" at each request. A visit still open when the day ends (an emergency
 * at 8 PM running past midnight, one not marked done) used to leave the page at midnight with its
 * job record, between a page and its reload: what job-record.spec.ts met on a loaded machine,
 * twice in one run, the record it had just saved notes to gone from the page that said "Notes saved.".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLocalDays, requireBusinessInstant } from "@app/shared/time";
import { formPost, signedInUser } from "../support/accounts";
import { createTestClock, type TestClock } from "../support/clock";
import { randomIp, startStack, type Stack } from "../support/stack";

// A Thursday far ahead, so the test's day is its own whenever the suite runs.
const DAY = "2027-03-04";
const NEXT_DAY = addLocalDays(DAY, 1);
const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return requireBusinessInstant(date, h! * 60 + m!);
};

let clock: TestClock;
let stack: Stack;
beforeAll(async () => {
  clock = await createTestClock(at(DAY, "23:50"));
  stack = await startStack({ name: "jobs-day", env: clock.env });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await clock?.dispose();
});

const processes = () => [...stack.webs, ...stack.workers];

let customers = 0;
async function visit(technicianId: number, start: Date, summary: string) {
  const customer = await stack.db.customer.create({
    data: { name: "Night Customer", email: `night${++customers}@customer.example.com`, phone: "(225) 555-0142" },
  });
  return stack.db.booking.create({
    data: { customerId: customer.id, summary, scheduledDate: start, technicianId },
  });
}

/** /jobs as the page shows it (`query` opens a visit), its React markers taken out. */
async function jobsPage(token: string, query = "") {
  const res = await fetch(`${stack.url}/jobs${query}`, {
    headers: { Authorization: `Bearer ${token}`, "X-Forwarded-For": randomIp() },
  });
  return { status: res.status, html: (await res.text()).replaceAll("<!-- -->", "") };
}

async function postJobs(token: string, fields: Record<string, string>, query = "") {
  const res = await formPost(stack.url, `/jobs${query}`, token, fields);
  return { status: res.status, html: (await res.text()).replaceAll("<!-- -->", "") };
}

const recordRegion = (bookingId: number) => `of visit #${bookingId}</span>`;

describe("a visit still open at midnight", () => {
  it("stays on the technician's page with its record, before and after midnight, and a save answers with it", async () => {
    await clock.set(at(DAY, "23:50"), processes());
    const tech = await signedInUser(stack.url, stack.db, "technician");
    const morning = await visit(tech.user.id, at(DAY, "08:00"), "Panel Upgrade 100A to 200A");
    const emergency = await visit(tech.user.id, at(DAY, "20:00"), "No power to kitchen outlets");
    await stack.db.booking.update({ where: { id: emergency.id }, data: { status: "in_progress" } });
    const finished = await visit(tech.user.id, at(DAY, "10:00"), "Ceiling fan");
    await stack.db.booking.update({ where: { id: finished.id }, data: { status: "completed" } });
    const forgotten = await visit(tech.user.id, at(addLocalDays(DAY, -8), "09:00"), "Old porch light");

    const before = await jobsPage(tech.token, `?visit=${morning.id}`);
    expect(before.status).toBe(200);
    expect(before.html).toContain(recordRegion(morning.id));

    await clock.set(at(NEXT_DAY, "00:10"), processes());
    const after = await jobsPage(tech.token);
    expect(after.status).toBe(200);
    expect(after.html).toContain("Still open from earlier days");
    for (const open of [morning, emergency]) expect(after.html).toContain(`?visit=${open.id}#open-visit`);
    // The one the technician is on is open, with its record; the completed one is yesterday's and gone.
    expect(after.html).toContain(recordRegion(emergency.id));
    expect(after.html).not.toContain("Ceiling fan");
    // Seven days back at most.
    expect(after.html).not.toContain(`?visit=${forgotten.id}#`);

    // Notes saved after midnight, as the page sends them without JavaScript: the answer shows the record.
    const saved = await postJobs(
      tech.token,
      {
        intent: "job-record",
        bookingId: String(morning.id),
        notes: "Meter base is corroded.",
        checked: "permit-posted",
      },
      `?visit=${morning.id}`,
    );
    expect(saved.status).toBe(200);
    expect(saved.html).toContain("Job record saved.");
    expect(saved.html).toContain(recordRegion(morning.id));
    expect(saved.html).toContain("Meter base is corroded.");
    const record = await stack.db.jobRecord.findUniqueOrThrow({ where: { bookingId: morning.id } });
    expect(record).toMatchObject({ notes: "Meter base is corroded.", checklist: ["permit-posted"] });
  });
});

describe("collecting on site", () => {
  it("stores the date received, refuses a future one and a missing method beside their fields, and promises no online payment", async () => {
    await clock.set(at(NEXT_DAY, "15:00"), processes());
    const tech = await signedInUser(stack.url, stack.db, "technician");
    const job = await visit(tech.user.id, at(NEXT_DAY, "13:00"), "Outdoor outlet");
    await stack.db.booking.update({ where: { id: job.id }, data: { status: "in_progress" } });
    await stack.db.jobItem.create({
      data: { bookingId: job.id, description: "GFCI outlet", quantityHundredths: 100, unitPriceCents: 20_000 },
    });
    const completed = await postJobs(tech.token, {
      intent: "set-status",
      bookingId: String(job.id),
      status: "completed",
    });
    expect(completed.status).toBe(200);
    // Online payment is off: the technician is not told the customer gets a link to pay online.
    expect(completed.html).toContain("the customer gets it by email with its PDF.");
    expect(completed.html).not.toMatch(/pay online/i);

    const invoice = await stack.db.invoice.findFirstOrThrow({ where: { bookingId: job.id } });
    expect((await postJobs(tech.token, { intent: `invoice-send:${invoice.id}` })).status).toBe(200);

    const pay = (fields: Record<string, string>) =>
      postJobs(tech.token, { intent: `invoice-payment:${invoice.id}`, amount: "50.00", ...fields });
    const noMethod = await pay({ receivedOn: NEXT_DAY });
    expect(noMethod.status).toBe(400);
    expect(noMethod.html).toContain("Choose how the customer paid: cash, check or other");
    const future = await pay({ method: "cash", receivedOn: addLocalDays(NEXT_DAY, 1) });
    expect(future.status).toBe(400);
    expect(future.html).toContain("The date received cannot be later than today");
    expect(await stack.db.payment.count({ where: { invoiceId: invoice.id } })).toBe(0);

    // Received yesterday (the check found in the van): that day; received today: now.
    const yesterday = await pay({ method: "check", reference: "3318", receivedOn: DAY });
    expect(yesterday.status, yesterday.html.slice(0, 300)).toBe(200);
    expect(yesterday.html).toContain("Recorded $50.00");
    const sentAt = clock.now();
    expect((await pay({ method: "cash", receivedOn: NEXT_DAY })).status).toBe(200);
    const payments = await stack.db.payment.findMany({ where: { invoiceId: invoice.id }, orderBy: { id: "asc" } });
    expect(payments[0]).toMatchObject({ method: "check", reference: "3318", receivedAt: at(DAY, "12:00") });
    expect(Math.abs(payments[1]!.receivedAt.getTime() - sentAt.getTime())).toBeLessThan(60_000);
  });
});
