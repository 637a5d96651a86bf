/**
 * The technician's day (docs/product.md#technicians-day) and assigning technicians
 * from the staff pages (docs/product.md#booking-rules), in Chromium.
 */
import type { Page } from "@playwright/test";
import { addLocalDays, businessDate, formatLocalDate, localWeekday, requireBusinessInstant } from "@app/shared/time";
import { isHoliday } from "../support/holidays";
import type { Db } from "@app/shared/db.server";
import { expect, expectNoAxeViolations, mailbox, test } from "./fixtures";
import { adminPage, chooseInRowMenu, createUser, logIn, main, newCustomer, rowMenu, waitLive } from "./staff";

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

const card = (page: Page, summary: string) => main(page).getByRole("article", { name: new RegExp(summary) });

test.describe("a technician's day", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("lands on /jobs after signing in, sees only their visits, and works through one with the thumb", async ({
    page,
    db,
  }) => {
    const tech = await createUser(db, "technician", "Sam");
    const other = await createUser(db, "technician", "Lee");
    const today = businessDate();
    const first = await visit(db, tech.id, today, 8, "Dryer circuit");
    await visit(db, tech.id, addLocalDays(today, 1), 10, "Panel estimate");
    await visit(db, other.id, today, 12, "Someone else's job");

    await logIn(page, tech.email);
    await expect(page).toHaveURL(/\/jobs$/);
    await expect(main(page).getByRole("heading", { level: 1, name: "My Jobs" })).toBeVisible();
    await page.getByRole("button", { name: /menu/i }).click();
    await expect(page.getByRole("link", { name: "My Jobs" }).first()).toHaveAttribute("href", "/jobs");
    await page.keyboard.press("Escape");

    const todayList = main(page).getByRole("region", { name: `Today, ${formatLocalDate(today)}` });
    const job = todayList.getByRole("article", { name: /Dryer circuit/ });
    await expect(job).toContainText("between 8 AM and 10 AM");
    await expect(job).toContainText(first.customer.name);
    await expect(job).toContainText("High");
    await expect(job.getByRole("link", { name: first.customer.phone })).toHaveAttribute("href", "tel:2255550142");
    await expect(job.getByRole("link", { name: /4521 Government St/ })).toHaveAttribute("href", /google\.com\/maps/);
    await expect(main(page)).not.toContainText("Someone else's job");
    await expect(main(page).getByRole("region", { name: "Coming days" })).toContainText("Panel estimate");
    await expectNoAxeViolations(page);

    // On the way: the customer is emailed at once, and only once.
    await job.getByLabel("Arriving in about").selectOption("45");
    await job.getByRole("button", { name: /On my way/ }).tap();
    await expect(job).toContainText(/Customer told at .* \(about 45 minutes\)/);
    await expect(job.getByRole("button", { name: /On my way/ })).toHaveCount(0);
    const told = await mailbox.waitFor((e) => e.to.includes(first.customer.email) && /on the way/.test(e.subject));
    // With the clock time it makes (to the nearest five minutes, Baton Rouge time).
    expect(told.text).toMatch(/Sam is on the way, arriving in about 45 minutes, around \d{1,2}(:[0-5][05])? [AP]M\./);

    // Big enough for a thumb.
    const start = job.getByRole("button", { name: /Start visit/ });
    expect((await start.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await start.tap();
    await expect(job).toContainText("In progress");
    await job.getByRole("button", { name: /Mark completed/ }).tap();
    await expect(job).toContainText("Completed");
    // No next step is left (the job record's own forms stay: docs/product.md#job-record).
    await expect(job.getByRole("button", { name: /Start visit|Mark completed|On my way/ })).toHaveCount(0);
    expect((await db.booking.findUniqueOrThrow({ where: { id: first.id } })).status).toBe("completed");
  });

  test("completes a visit and collects on site: sends the invoice, takes a check by keyboard", async ({ page, db }) => {
    const tech = await createUser(db, "technician", "Remy");
    const job = await visit(db, tech.id, businessDate(), 9, "Outdoor outlet");
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
    await logIn(page, tech.email);
    const jobCard = card(page, "Outdoor outlet");
    await jobCard.getByRole("button", { name: /Mark completed/ }).tap();
    // Completed: the invoice is drafted (two GFCI outlets, $179.00) and shows on the card.
    const invoice = jobCard.getByRole("region", { name: /^Invoice INV-\d{4}-\d{4}/ });
    await expect(invoice.getByTestId("visit-invoice-status")).toHaveText("Draft");
    await expect(invoice).toContainText("Total $179.00, due $179.00.");
    await invoice.getByRole("button", { name: "Send invoice to the customer" }).tap();
    await expect(invoice.getByTestId("visit-invoice-status")).toHaveText("Sent");
    await expect(invoice.getByRole("status")).toContainText("was emailed to the customer");
    await mailbox.waitFor((e) => e.to.includes(job.customer.email) && /invoice INV-/.test(e.subject));
    await expectNoAxeViolations(page);

    // The customer pays $100 by check: typed, then Enter.
    const collect = invoice.getByRole("form", { name: "Collect a payment" });
    await expect(collect.getByLabel("Method")).toHaveValue("check");
    await collect.getByLabel("Amount ($)").fill("100");
    await collect.getByLabel("Reference").fill("5512");
    await collect.getByLabel("Reference").press("Enter");
    await expect(invoice.getByRole("status")).toContainText("Recorded $100.00; $79.00 left to pay.");
    await expect(invoice.getByTestId("visit-invoice-status")).toHaveText("Partially paid");
    await expect(invoice).toContainText("Total $179.00, paid $100.00, due $79.00.");
    const payment = await db.payment.findFirstOrThrow({ where: { invoice: { bookingId: job.id } } });
    expect(payment).toMatchObject({ method: "check", amountCents: 10_000, reference: "5512", recordedById: tech.id });
    await expectNoAxeViolations(page);
  });

  test("sets a visit in progress without JavaScript, and their working days", async ({ browser, db }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const tech = await createUser(db, "technician", "Noscript");
    const job = await visit(db, tech.id, businessDate(), 14, "Porch light");
    await logIn(page, tech.email);
    await expect(page).toHaveURL(/\/jobs$/);
    await card(page, "Porch light")
      .getByRole("button", { name: /Start visit/ })
      .click();
    await expect(main(page).getByRole("status")).toContainText(`Visit #${job.id} is in progress.`);
    await expect(card(page, "Porch light")).toContainText("In progress");

    const days = main(page).getByRole("region", { name: "My working days" });
    await expect(days.getByRole("checkbox", { name: "Saturday" })).toBeChecked();
    await expect(days.getByRole("checkbox", { name: "Sunday" })).not.toBeChecked();
    await days.getByRole("checkbox", { name: "Saturday" }).uncheck();
    await days.getByRole("button", { name: "Save working days" }).click();
    await expect(main(page).getByRole("status")).toContainText("Your working days are saved.");
    expect((await db.user.findUniqueOrThrow({ where: { id: tech.id } })).workingDays).toEqual([1, 2, 3, 4, 5]);
    await context.close();
  });
});

test("a technician cannot open another's day; an admin can open anyone's", async ({ page, browser, db }) => {
  const tech = await createUser(db, "technician", "Celeste");
  const other = await createUser(db, "technician", "Remy");
  await visit(db, other.id, businessDate(), 16, "Generator hookup");
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
  await dialog.getByRole("button", { name: "Create Booking", exact: true }).click();
  await expect(dialog).toBeHidden();
  const booked = await db.booking.findFirstOrThrow({ where: { summary: "Outdoor outlet", customerId: customer.id } });
  expect(booked.technicianId).toBe(tech.id);
  expect(booked.scheduledDate).toEqual(requireBusinessInstant(date, 10 * 60));
});

test("the New Booking dialog shows the server's refusal beside the field it is about, and keeps what was typed", async ({
  page,
  db,
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
  // Someone else gives the technician a visit then, after the dialog showed them free.
  await visit(db, tech.id, date, 14, "Booked meanwhile");

  await dialog.getByRole("button", { name: "Create Booking", exact: true }).click();
  const busy = "That technician already has a visit at that time";
  await expect(dialog.getByRole("alert")).toHaveText(busy);
  await expect(technician).toHaveAttribute("aria-invalid", "true");
  await expect(technician).toHaveAccessibleDescription(busy);
  await expect(dialog.getByRole("textbox", { name: "Summary" })).toHaveValue("Attic fan");
  expect(await db.booking.count({ where: { summary: "Attic fan" } })).toBe(0);
  await expectNoAxeViolations(page);
});
