/**
 * The technician's day (docs/product.md#technicians-day) and assigning technicians
 * from the staff pages (docs/product.md#booking-rules), in Chromium.
 */
import type { Locator, Page } from "@playwright/test";
import { addLocalDays, businessDate, localWeekday, requireBusinessInstant } from "@app/shared/time";
import { isHoliday } from "../support/holidays";
import type { Db } from "@app/shared/db.server";
import { windowStartingAt } from "@app/shared/scheduling/windows";
import { expect, expectNoAxeViolations, mailbox, test } from "./fixtures";
import { openVisit, visitDay, visitLine } from "./jobs-day";
import {
  adminPage,
  apiHeaders,
  chooseInRowMenu,
  createUser,
  logIn,
  main,
  newCustomer,
  rowMenu,
  waitLive,
  submitNewBooking,
} from "./staff";

test.use({ timezoneId: "America/Chicago" });

/** A visit for `technicianId` on a Baton Rouge date at an hour. */
async function visit(db: Db, technicianId: number, date: string, hour: number, summary: string) {
  const customer = await newCustomer(db);
  return db.booking.create({
    data: {
      customerId: customer.id,
      summary,
      details: "Breaker trips when the dryer runs.",
      priority: "high",
      scheduledDate: requireBusinessInstant(date, hour * 60),
      technicianId,
      address: "4521 Government St, Baton Rouge",
    },
    include: { customer: true },
  });
}

/** A post's answer: shown, in the viewport and focused (docs/product.md#site-wide). */
async function expectAnswer(page: Page, text: string | RegExp) {
  const answer = main(page).getByRole("status").filter({ hasText: text });
  await expect(answer).toBeVisible();
  await expect(answer).toBeFocused();
  await expect(answer).toBeInViewport();
}

/** The status badge of the open visit (or of a line of the list). */
const badge = (scope: Locator, label: string) => scope.getByText(label, { exact: true });

/**
 * Holds every read of the page's data (`/jobs.data`, Remix's revalidation after a post) until
 * `release()`: what the page shows meanwhile comes from the post's answer alone.
 */
async function holdPageData(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/jobs\.data/, async (route) => {
    if (route.request().method() === "GET") await released;
    // A read the page gave up on (the next post came first) has nobody left to answer.
    await route.continue().catch(() => undefined);
  });
  return release;
}

test.describe("a technician's day on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("lands on /jobs with the next visit open and the others one line each, and opens another", async ({
    page,
    db,
  }) => {
    const tech = await createUser(db, "technician", "Sam");
    const other = await createUser(db, "technician", "Lee");
    const day = visitDay();
    const done = await visit(db, tech.id, day, 8, "Smoke detectors");
    await db.booking.update({ where: { id: done.id }, data: { status: "completed" } });
    const next = await visit(db, tech.id, day, 10, "Dryer circuit");
    await visit(db, tech.id, day, 13, "Bathroom fan");
    await visit(db, tech.id, day, 15, "Porch light");
    await visit(db, tech.id, addLocalDays(day, 1), 10, "Panel estimate");
    // A visit of two days ago the technician never finished stays on the page until it is.
    const missed = await visit(db, tech.id, addLocalDays(day, -2), 16, "Missed outlet");
    await visit(db, other.id, day, 12, "Someone else's job");

    await logIn(page, tech.email);
    await expect(page).toHaveURL(/\/jobs$/);
    await expect(main(page).getByRole("heading", { level: 1, name: "My Jobs" })).toBeVisible();
    // The staff header: its own page's link in view on a phone, no visitors' menu to open.
    const header = page.getByRole("navigation", { name: "Account" });
    await expect(header.getByRole("link", { name: "My Jobs" })).toHaveAttribute("href", "/jobs");
    await expect(header.getByRole("link", { name: "My Jobs" })).toBeInViewport();
    await expect(page.getByRole("button", { name: /menu/i })).toHaveCount(0);

    // One visit open: the next one not completed, with everything the technician needs there.
    const job = openVisit(page);
    await expect(job).toHaveCount(1);
    await expect(job).toHaveAccessibleName(new RegExp(`Dryer circuit #${next.id}`));
    // Its time as its day has it: the arrival window on a day the office books windows, the clock time
    // and length on one it does not (a Sunday or a holiday, where a test from 10 PM on a Saturday lands).
    const arrival = windowStartingAt(next.scheduledDate);
    await expect(job).toContainText(arrival ? "between 10 AM and 12 PM" : "at 10 AM (2 hours)");
    await expect(job).toContainText(next.customer.name);
    await expect(job).toContainText("High");
    await expect(job.getByRole("link", { name: next.customer.phone })).toHaveAttribute("href", "tel:2255550142");
    await expect(job.getByRole("link", { name: /4521 Government St/ })).toHaveAttribute("href", /google\.com\/maps/);
    // One save for the visit's record.
    await expect(job.getByRole("button", { name: /Save/ })).toHaveCount(1);

    // The others, one line each: time, what, who, status.
    for (const summary of ["Smoke detectors", "Bathroom fan", "Porch light", "Panel estimate", "Missed outlet"]) {
      const line = visitLine(page, summary);
      await expect(line).toBeVisible();
      expect((await line.boundingBox())!.height, summary).toBeLessThan(60);
    }
    await expect(badge(visitLine(page, "Smoke detectors"), "Completed")).toBeVisible();
    await expect(visitLine(page, "Dryer circuit")).toHaveAttribute("aria-current", "true");
    await expect(main(page).getByRole("region", { name: "Still open from earlier days" })).toContainText(
      "Missed outlet",
    );
    await expect(main(page).getByRole("region", { name: "Coming days" })).toContainText("Panel estimate");
    await expect(main(page)).not.toContainText("Someone else's job");
    // A working day fits in a few screens (every card expanded made one of 11,000 px), and never sideways.
    const size = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      wide: document.documentElement.scrollWidth > window.innerWidth,
    }));
    expect(size.height).toBeLessThan(4_500);
    expect(size.wide).toBe(false);
    await expectNoAxeViolations(page);

    // Another visit opens from its line; the one open before is a line again.
    await visitLine(page, "Missed outlet").tap();
    await expect(page).toHaveURL(new RegExp(`\\?visit=${missed.id}#open-visit$`));
    await expect(job).toHaveAccessibleName(new RegExp(`Missed outlet #${missed.id}`));
    await expect(job.getByRole("heading", { name: /Missed outlet/ })).toBeFocused();
    await expect(job).toBeInViewport();
    await expect(visitLine(page, "Dryer circuit")).not.toHaveAttribute("aria-current");
  });

  test("On my way, Start visit, Mark completed: the badge and the buttons follow each answer at once", async ({
    page,
    db,
  }) => {
    const tech = await createUser(db, "technician", "Sam");
    const job = await visit(db, tech.id, visitDay(), 8, "Dryer circuit");
    await logIn(page, tech.email);
    const card = openVisit(page);
    await expect(card).toHaveAccessibleName(/Dryer circuit/);
    await expect(badge(card, "Pending")).toBeVisible();
    // What the page shows from here comes from each post's answer: its data is not read again meanwhile.
    const release = await holdPageData(page);

    // On the way: the customer is emailed at once, and only once; the visit shows "On the way".
    await card.getByLabel("Arriving in about").selectOption("45");
    await card.getByRole("button", { name: /On my way/ }).tap();
    await expectAnswer(page, "The customer is being emailed that you'll arrive in about 45 minutes");
    await expect(badge(card, "On the way")).toBeVisible();
    await expect(badge(visitLine(page, "Dryer circuit"), "On the way")).toBeVisible();
    await expect(card).toContainText(/Customer told at .* \(about 45 minutes\)/);
    await expect(card.getByRole("button", { name: /On my way/ })).toHaveCount(0);
    const told = await mailbox.waitFor((e) => e.to.includes(job.customer.email) && /on the way/.test(e.subject));
    // With the clock time it makes (to the nearest five minutes, Baton Rouge time).
    expect(told.text).toMatch(/Expected arrival: About \d{1,2}(:[0-5][05])? [AP]M \(45 minutes after /);

    // Started: In progress, and the next step offered, never Start again. Big enough for a thumb.
    const start = card.getByRole("button", { name: /Start visit/ });
    expect((await start.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await start.tap();
    await expectAnswer(page, `Visit #${job.id} is in progress.`);
    await expect(badge(card, "In progress")).toBeVisible();
    await expect(card.getByRole("button", { name: /Start visit/ })).toHaveCount(0);
    await expect(card.getByRole("button", { name: /Mark completed/ })).toBeEnabled();

    await card.getByRole("button", { name: /Mark completed/ }).tap();
    await expectAnswer(page, `Visit #${job.id} is completed.`);
    await expect(badge(card, "Completed")).toBeVisible();
    // No next step is left (the job record's own forms stay: docs/product.md#job-record).
    await expect(card.getByRole("button", { name: /Start visit|Mark completed|On my way/ })).toHaveCount(0);
    release();
    expect((await db.booking.findUniqueOrThrow({ where: { id: job.id } })).status).toBe("completed");
  });

  test("completes a visit and collects on site: sends the invoice, takes a check by keyboard", async ({ page, db }) => {
    const tech = await createUser(db, "technician", "Remy");
    const job = await visit(db, tech.id, visitDay(), 9, "Outdoor outlet");
    await db.booking.update({ where: { id: job.id }, data: { status: "in_progress" } });
    await db.jobItem.create({
      data: {
        bookingId: job.id,
        description: "GFCI outlet",
        quantityHundredths: 200,
        unitPriceCents: 8_950,
        taxable: false,
      },
    });
    // The page's today, between these two (the test may run across midnight).
    const dayBefore = businessDate();
    await logIn(page, tech.email);
    const jobCard = openVisit(page);
    await jobCard.getByRole("button", { name: /Mark completed/ }).tap();
    // Completed: the invoice is drafted (two GFCI outlets, $179.00) and shows on the card.
    const invoice = jobCard.getByRole("region", { name: /^Invoice INV-\d{4}-\d{4}/ });
    await expect(invoice.getByTestId("visit-invoice-status")).toHaveText("Draft");
    await expect(invoice).toContainText("Total $179.00, due $179.00.");
    // Online payment is on (Stripe's stand-in): the email carries a link to pay online, and the technician is told so.
    await expect(invoice).toContainText("a link to pay online");
    await invoice.getByRole("button", { name: "Send invoice to the customer" }).tap();
    await expectAnswer(page, "was emailed to the customer");
    await expect(invoice.getByTestId("visit-invoice-status")).toHaveText("Sent");
    await mailbox.waitFor((e) => e.to.includes(job.customer.email) && /invoice INV-/.test(e.subject));

    // The payment form: the balance due, no method assumed, received today (the business's day).
    const collect = invoice.getByRole("form", { name: "Collect a payment" });
    await expect(collect.getByLabel("Amount ($)")).toHaveValue("179.00");
    for (const method of ["Cash", "Check", "Other"])
      await expect(collect.getByRole("radio", { name: method })).not.toBeChecked();
    const received = await collect.getByLabel("Date received").inputValue();
    expect([dayBefore, businessDate()]).toContain(received);
    await expectNoAxeViolations(page);
    // The method is the technician's to say.
    await collect.getByRole("button", { name: "Record payment" }).click();
    await expect(collect).toContainText("Choose how the customer paid: cash, check or other");
    expect(await db.payment.count({ where: { invoice: { bookingId: job.id } } })).toBe(0);

    // The customer pays $100 by check: typed, then Enter.
    await collect.getByRole("radio", { name: "Check" }).check();
    await collect.getByLabel("Amount ($)").fill("100");
    await collect.getByLabel("Check number or note").fill("5512");
    await collect.getByLabel("Check number or note").press("Enter");
    await expectAnswer(page, "Recorded $100.00; $79.00 left to pay.");
    await expect(invoice.getByTestId("visit-invoice-status")).toHaveText("Partially paid");
    await expect(invoice).toContainText("Total $179.00, paid $100.00, due $79.00.");
    // The next payment starts at what is left.
    await expect(invoice.getByLabel("Amount ($)")).toHaveValue("79.00");
    const payment = await db.payment.findFirstOrThrow({ where: { invoice: { bookingId: job.id } } });
    expect(payment).toMatchObject({ method: "check", amountCents: 10_000, reference: "5512", recordedById: tech.id });
    expect(businessDate(payment.receivedAt)).toBe(received);
    await expectNoAxeViolations(page);
  });

  test("without JavaScript: opens a visit from the list, starts it, saves its record and the working days", async ({
    browser,
    db,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const tech = await createUser(db, "technician", "Noscript");
    await visit(db, tech.id, visitDay(), 8, "Ceiling fan");
    const job = await visit(db, tech.id, visitDay(), 14, "Porch light");
    await logIn(page, tech.email);
    await expect(page).toHaveURL(/\/jobs$/);
    await expect(openVisit(page)).toHaveAccessibleName(/Ceiling fan/);
    await visitLine(page, "Porch light").click();
    const card = openVisit(page);
    await expect(card).toHaveAccessibleName(/Porch light/);
    await expect(card).toBeInViewport();

    await card.getByRole("button", { name: /Start visit/ }).click();
    await expectAnswer(page, `Visit #${job.id} is in progress.`);
    await expect(card).toHaveAccessibleName(/Porch light/);
    await expect(badge(card, "In progress")).toBeVisible();
    await expect(card.getByRole("button", { name: /Start visit/ })).toHaveCount(0);

    await card.getByRole("textbox", { name: "Notes" }).fill("Fixture box was loose.");
    await card.getByLabel("Work area cleaned up").check();
    await card.getByRole("button", { name: /Save job record/ }).click();
    await expectAnswer(page, "Job record saved.");
    await expect(card.getByRole("textbox", { name: "Notes" })).toHaveValue("Fixture box was loose.");

    const days = main(page).getByRole("region", { name: "My working days" });
    await expect(days.getByRole("checkbox", { name: "Saturday" })).toBeChecked();
    await expect(days.getByRole("checkbox", { name: "Sunday" })).not.toBeChecked();
    await days.getByRole("checkbox", { name: "Saturday" }).uncheck();
    await days.getByRole("button", { name: "Save working days" }).click();
    await expectAnswer(page, "Your working days are saved.");
    expect((await db.user.findUniqueOrThrow({ where: { id: tech.id } })).workingDays).toEqual([1, 2, 3, 4, 5]);
    await context.close();
  });
});

// From 768 px (a small tablet held upright) to a larger one.
for (const viewport of [
  { width: 768, height: 1024 },
  { width: 820, height: 1180 },
])
  test(`on a tablet the list of visits is beside the open visit (${viewport.width} px)`, async ({ browser, db }) => {
    const context = await browser.newContext({ viewport, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const tech = await createUser(db, "technician", "Tablet");
    await visit(db, tech.id, visitDay(), 8, "Service call");
    await visit(db, tech.id, visitDay(), 10, "Hot tub circuit");
    await logIn(page, tech.email);
    const card = openVisit(page);
    await expect(card).toHaveAccessibleName(/Service call/);
    const list = main(page).getByRole("region", { name: /^Today, / });
    // Both read in the same frame: the alerts panel above them may still be settling (its status line arrives
    // when the browser has said whether notifications are allowed), moving both between two separate reads.
    const [cardBox, listBox] = (await page.evaluate(
      (elements) =>
        elements.map((element) => {
          const { x, y, width } = element!.getBoundingClientRect();
          return { x, y, width };
        }),
      [await card.elementHandle(), await list.elementHandle()],
    )) as [{ x: number; y: number; width: number }, { x: number; y: number; width: number }];
    // Side by side: the list to the right of the card, both starting at the same height.
    expect(listBox.x).toBeGreaterThanOrEqual(cardBox.x + cardBox.width);
    expect(Math.abs(listBox.y - cardBox.y)).toBeLessThan(40);
    await visitLine(page, "Hot tub circuit").tap();
    await expect(card).toHaveAccessibleName(/Hot tub circuit/);
    await expect(page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).resolves.toBe(false);
    await context.close();
  });

test("a technician cannot open another's day; an admin can open anyone's", async ({ page, browser, db }) => {
  const tech = await createUser(db, "technician", "Celeste");
  const other = await createUser(db, "technician", "Remy");
  await visit(db, other.id, visitDay(), 16, "Generator hookup");
  await logIn(page, tech.email, { to: `/jobs?technician=${other.id}` });
  await expect(main(page).getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(main(page)).not.toContainText("Generator hookup");

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, (await createUser(db, "admin")).email, { to: `/jobs?technician=${other.id}` });
  await expect(
    main(admin).getByRole("heading", { level: 1, name: `Jobs for ${other.firstName} ${other.lastName}` }),
  ).toBeVisible();
  await expect(main(admin)).toContainText("Generator hookup");
  await adminContext.close();
});

test("an admin assigns a booking to a technician from the list, and PostgreSQL refuses a double booking", async ({
  page,
  db,
}) => {
  const tech = await createUser(db, "technician", "Dawson");
  const date = addLocalDays(businessDate(), 5);
  const taken = await visit(db, tech.id, date, 9, "Already booked");
  const customer = await newCustomer(db);
  const free = await db.booking.create({
    data: { customerId: customer.id, summary: "Ceiling fan", scheduledDate: requireBusinessInstant(date, 13 * 60) },
  });
  const clash = await db.booking.create({
    data: { customerId: customer.id, summary: "Clashing visit", scheduledDate: requireBusinessInstant(date, 10 * 60) },
  });
  await adminPage(page, db, "/admin/bookings");
  const name = `${tech.firstName} ${tech.lastName}`;

  await chooseInRowMenu(page, `Technician for booking #${free.id}`, name);
  await expect(page.getByRole("region", { name: /Notifications/, includeHidden: true })).toContainText(
    `Booking assigned to ${name}`,
  );
  await expect
    .poll(async () => (await db.booking.findUniqueOrThrow({ where: { id: free.id } })).technicianId)
    .toBe(tech.id);

  await chooseInRowMenu(page, `Technician for booking #${clash.id}`, name);
  // Refused (409), in the destructive "Error" toast; the row shows the booking's technician again.
  const refusal = page
    .getByRole("region", { name: /Notifications/, includeHidden: true })
    .locator("li")
    .filter({ hasText: "That technician already has a visit at that time" });
  await expect(refusal).toContainText("Error");
  await expect(refusal).toHaveClass(/destructive/);
  await expect(rowMenu(page, `Technician for booking #${clash.id}`).button).toHaveAccessibleName(
    `Technician for booking #${clash.id}: Unassigned`,
  );
  expect((await db.booking.findUniqueOrThrow({ where: { id: clash.id } })).technicianId).toBeNull();
  expect(taken.technicianId).toBe(tech.id);
  await waitLive(page);
});

/** The first business date at least `days` ahead that falls on `weekday` (0 = Sunday). */
function weekdayAhead(days: number, weekday: number): string {
  let date = addLocalDays(businessDate(), days);
  while (localWeekday(date) !== weekday || isHoliday(date)) date = addLocalDays(date, 1);
  return date;
}

/** As an admin: opens New Booking on the bookings list, chooses the customer, and fills the summary and the date. */
async function startNewBooking(page: Page, db: Db, customerName: string, summary: string, date: string) {
  await adminPage(page, db, "/admin/bookings");
  await main(page).getByRole("button", { name: "New Booking", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "New Booking" });
  await dialog.getByPlaceholder("Search by name...").fill(customerName);
  await dialog.getByRole("button", { name: new RegExp(customerName) }).click();
  await dialog.getByRole("textbox", { name: "Summary" }).fill(summary);
  await dialog.getByLabel("Date").fill(date);
  return dialog;
}

test("the New Booking dialog shows the day's windows and who is free, and books with a technician", async ({
  page,
  db,
}) => {
  const tech = await createUser(db, "technician", "Fontenot");
  // A Tuesday far enough ahead that other tests' visits are elsewhere.
  const date = weekdayAhead(40, 2);
  await visit(db, tech.id, date, 8, "Morning job");
  const customer = await newCustomer(db);
  const dialog = await startNewBooking(page, db, customer.name, "Outdoor outlet", date);

  const windows = dialog.getByRole("group", { name: "Arrival windows" });
  const name = `${tech.firstName} ${tech.lastName}`;
  await expect(windows.getByRole("button", { name: /8 AM – 10 AM/ })).not.toContainText(name);
  await expect(windows.getByRole("button", { name: /10 AM – 12 PM/ })).toContainText(name);
  await windows.getByRole("button", { name: /10 AM – 12 PM/ }).click();
  await expect(dialog.getByLabel("Time")).toHaveValue("10:00");
  await dialog.getByLabel("Technician (optional)").selectOption({ label: name });
  await submitNewBooking(dialog);
  await expect(dialog).toBeHidden();
  const booked = await db.booking.findFirstOrThrow({ where: { summary: "Outdoor outlet", customerId: customer.id } });
  expect(booked.technicianId).toBe(tech.id);
  expect(booked.scheduledDate).toEqual(requireBusinessInstant(date, 10 * 60));
});

test("the New Booking dialog shows the server's refusal beside the field it is about, and keeps what was typed", async ({
  page,
  db,
  request,
}) => {
  const tech = await createUser(db, "technician", "Guidry");
  // A Wednesday far enough ahead that other tests' visits are elsewhere.
  const date = weekdayAhead(47, 3);
  const customer = await newCustomer(db);
  const dialog = await startNewBooking(page, db, customer.name, "Attic fan", date);
  await dialog.getByRole("combobox", { name: "Time" }).selectOption("14:00");
  const name = `${tech.firstName} ${tech.lastName}`;
  const technician = dialog.getByLabel("Technician (optional)");
  await technician.selectOption({ label: name });
  // Someone else gives the technician a visit then, after the dialog showed them free: the page's live
  // refresh reads the day again and marks them busy, yet keeps them chosen, so the post says why.
  const meanwhile = await request.post("/api/bookings", {
    headers: await apiHeaders(request, db),
    data: {
      customerId: (await newCustomer(db)).id,
      summary: "Booked meanwhile",
      scheduledDate: requireBusinessInstant(date, 14 * 60).toISOString(),
      technicianId: tech.id,
    },
  });
  expect(meanwhile.status(), await meanwhile.text()).toBe(201);
  await expect(technician.locator("option:checked")).toHaveText(`${name} (busy then)`);

  await submitNewBooking(dialog);
  const busy = "That technician already has a visit at that time";
  await expect(dialog.getByRole("alert")).toHaveText(busy);
  await expect(technician).toHaveAttribute("aria-invalid", "true");
  await expect(technician).toHaveAccessibleDescription(busy);
  await expect(dialog.getByRole("textbox", { name: "Summary" })).toHaveValue("Attic fan");
  expect(await db.booking.count({ where: { summary: "Attic fan" } })).toBe(0);
  await expectNoAxeViolations(page);
});
