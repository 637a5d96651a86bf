/**
 * Book online (docs/product.md#book-online), on a phone: from the home page, "Book online" → a
 * panel upgrade → a day → a window → details → confirm, with JavaScript and without; the
 * confirmation page, the confirmation email, the customer's /account and the staff screens show one
 * visit number; every step
 * passes axe; a day and a window can be chosen by keyboard alone. A window taken meanwhile is
 * book-taken.alone.spec.ts (it decides which technicians work).
 */
import type { Locator, Page } from "@playwright/test";
import type { Db } from "@app/shared/db.server";
import { formatWindow, windowStartingAt } from "@app/shared/scheduling/windows";
import { formatLocalDay, requireBusinessInstant } from "@app/shared/time";
import { expect, expectNoAxeViolations, mailbox, test } from "./fixtures";
import { adminPage, createUser, logIn, main, unique } from "./staff";
import { chooseWindow, openDay, pickerDay, pickerWindow } from "./window-picker";

test.use({ timezoneId: "America/Chicago", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const stepHeading = (page: Page) => main(page).locator("#step-heading");

/** The visitor's details, unique to the test. */
function visitor() {
  const tag = unique("book");
  return {
    name: "Odette Guidry",
    phone: "(225) 555-0177",
    email: `${tag}@example.com`,
    address: "880 Range Ave, Denham Springs",
  };
}

async function fillDetails(form: Locator, who: ReturnType<typeof visitor>, note: string) {
  await form.getByRole("textbox", { name: "Full name" }).fill(who.name);
  await form.getByRole("textbox", { name: "Phone" }).fill(who.phone);
  await form.getByRole("textbox", { name: "Email" }).fill(who.email);
  await form.getByRole("textbox", { name: "Service address" }).fill(who.address);
  await form.getByRole("textbox", { name: /Anything we should know/ }).fill(note);
}

/** The confirmation: the page's number is the booking's, and the email and the staff page say the same. */
async function expectConfirmed(
  page: Page,
  db: Db,
  who: ReturnType<typeof visitor>,
  start: string,
  browser: import("@playwright/test").Browser,
) {
  await expect(page).toHaveURL(/\/book\/confirmed\?/);
  await expect(main(page).getByRole("heading", { name: "Your visit is booked" })).toBeVisible();
  const booking = await db.booking.findFirstOrThrow({ where: { customer: { email: who.email } } });
  expect(booking).toMatchObject({ summary: "Panel Upgrade", status: "pending", source: "online", needsPlacing: false });
  expect(booking.scheduledDate.toISOString()).toBe(start);
  const window = formatWindow(windowStartingAt(new Date(start))!);
  await expect(main(page).getByTestId("visit-number")).toHaveText(`#${booking.id}`);
  await expect(main(page).getByTestId("visit-time")).toHaveText(window);
  await expect(main(page)).toContainText("Panel Upgrade");
  await expect(main(page)).toContainText("We've emailed you");

  const email = await mailbox.waitFor((e) => e.to.includes(who.email) && e.subject.startsWith("Your visit is booked"));
  expect(email.text).toContain(`#${booking.id}`);
  expect(email.text).toContain(window);

  // A reload shows the confirmation again and books nothing more.
  await page.reload();
  await expect(main(page).getByTestId("visit-number")).toHaveText(`#${booking.id}`);
  expect(await db.booking.count({ where: { customer: { email: who.email } } })).toBe(1);

  // The office sees the same number.
  const staff = await browser.newContext({
    javaScriptEnabled: true,
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
  });
  const office = await staff.newPage();
  await adminPage(office, db, `/admin/bookings/${booking.id}`);
  await expect(main(office).getByRole("heading", { level: 1 })).toContainText(`Booking #${booking.id}`);
  await expect(main(office)).toContainText("Panel Upgrade");
  await staff.close();
  return booking;
}

test.describe("Book online", () => {
  test("from the home page to a booked panel upgrade: every step passes axe, and one number everywhere", async ({
    page,
    db,
    browser,
  }) => {
    test.slow(); // a worker round trip for the email, and a second browser for the office
    // A technician who works, so there are windows (other tests' technicians may add more).
    await createUser(db, "technician", "Gaspard");
    const day = openDay(2);
    const who = visitor();

    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Book online" }).click();
    await expect(page).toHaveURL(/\/book$/);
    await expect(stepHeading(page)).toHaveText("What do you need?");
    await expectNoAxeViolations(page);

    await main(page)
      .getByRole("link", { name: /^Panel Upgrades/ })
      .click();
    await expect(page).toHaveURL(/\/book\?service=panel-upgrades$/);
    await expect(stepHeading(page)).toHaveText("When should we come?");
    await expect(page.locator("form#book-window[novalidate]")).toHaveCount(1);
    await expectNoAxeViolations(page);

    await pickerDay(main(page), day).click();
    // The tapped day's windows come into view (on a phone they are below the calendar).
    await expect(main(page).getByRole("group", { name: `Open times on ${formatLocalDay(day)}` })).toBeInViewport();
    await expectNoAxeViolations(page);
    await pickerWindow(main(page), day, 10).check();
    const start = pickerStart(day);
    await main(page).getByRole("button", { name: "Continue" }).click();
    await expect(stepHeading(page)).toHaveText("Your details");
    await expect(stepHeading(page)).toBeFocused();
    await expect(main(page)).toContainText(formatWindow(windowStartingAt(new Date(start))!));
    await expectNoAxeViolations(page);

    const form = main(page).locator("form#book-details");
    // The same rules as the server's: a phone that is no phone is refused beside the field.
    await fillDetails(form, { ...who, phone: "call me" }, "Federal Pacific panel, 100 A");
    await form.getByRole("button", { name: "Confirm booking" }).click();
    await expect(form.getByText("Enter a valid phone number")).toBeVisible();
    // The field's message goes as soon as the field is right, before sending again.
    await form.getByRole("textbox", { name: "Phone" }).fill(who.phone);
    await expect(form.getByText("Enter a valid phone number")).toHaveCount(0);
    await form.getByRole("button", { name: "Confirm booking" }).click();
    // The confirmation is read first: in view, with focus.
    const booked = main(page).getByRole("status").filter({ hasText: "Your visit is booked" });
    await expect(booked).toBeFocused();
    await expect(booked).toBeInViewport();
    await expectNoAxeViolations(page);

    await expectConfirmed(page, db, who, start, browser);
  });

  test("a day and a window are chosen with the keyboard alone", async ({ page, db }) => {
    await createUser(db, "technician", "Clovis");
    const day = openDay(3);
    // The address: the service page's slug without its plural's "s" chooses the service too.
    await page.goto("/book?service=panel-upgrade");
    await expect(stepHeading(page)).toHaveText("When should we come?");
    await expect(page.locator("form#book-window[novalidate]")).toHaveCount(1);
    const dayButton = pickerDay(main(page), day);
    // The days are one Tab stop, the first open day; the arrow keys move between open days.
    await tabTo(
      page,
      main(page)
        .getByRole("list", { name: /^Days from / })
        .locator('button[tabindex="0"]'),
    );
    for (let i = 0; i < 14 && !(await dayButton.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press("ArrowRight");
    await expect(dayButton).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dayButton).toHaveAttribute("aria-pressed", "true");
    const first = main(page)
      .getByRole("group", { name: `Open times on ${formatLocalDay(day)}` })
      .getByRole("radio")
      .first();
    // One Tab from the chosen day leaves the days for its first window.
    await page.keyboard.press("Tab");
    await expect(first).toBeFocused();
    await page.keyboard.press("Space");
    await expect(first).toBeChecked();
    await page.keyboard.press("ArrowDown");
    const second = main(page)
      .getByRole("group", { name: `Open times on ${formatLocalDay(day)}` })
      .getByRole("radio")
      .nth(1);
    await expect(second).toBeChecked();
    const value = await second.getAttribute("value");
    await tabTo(page, main(page).getByRole("button", { name: "Continue" }));
    await page.keyboard.press("Enter");
    await expect(stepHeading(page)).toHaveText("Your details");
    expect(new URL(page.url()).searchParams.get("windowStart")).toBe(value);
  });

  test("Emergency service says to call now and offers no windows", async ({ page }) => {
    await page.goto("/book");
    await expect(main(page).getByRole("link", { name: /^Emergency\? Call/ })).toHaveAttribute("href", /^tel:/);
    await page.goto("/book?service=emergency");
    await expect(stepHeading(page)).toHaveText("Emergency service: call us now");
    await expect(main(page).getByRole("link", { name: /^Call .* now$/ })).toHaveAttribute("href", /^tel:\+1/);
    await expect(main(page).getByRole("radio")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("every service page and the contact page link to it", async ({ page }) => {
    await page.goto("/services/panel-upgrades");
    await expect(main(page).getByRole("link", { name: "Book online" }).first()).toHaveAttribute(
      "href",
      "/book?service=panel-upgrades",
    );
    await page.goto("/services/lighting");
    await expect(main(page).getByRole("link", { name: "Book online" }).first()).toHaveAttribute(
      "href",
      "/book?service=lighting",
    );
    await page.goto("/contact");
    await expect(main(page).getByRole("link", { name: "Book online" })).toHaveAttribute("href", "/book");
  });
});

test.describe("Book online without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("one step per page, from the home page to the confirmation", async ({ page, db, browser }) => {
    test.slow();
    await createUser(db, "technician", "Thibodeaux");
    const day = openDay(4);
    const who = visitor();
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Book online" }).click();
    await main(page)
      .getByRole("link", { name: /^Panel Upgrades/ })
      .click();
    await expect(page).toHaveURL(/\/book\?service=panel-upgrades$/);
    // A day is a link: the page comes back with its windows, scrolled to them.
    await pickerDay(main(page), day).click();
    await expect(page).toHaveURL(new RegExp(`day=${day}`));
    await expect(main(page).getByRole("group", { name: `Open times on ${formatLocalDay(day)}` })).toBeInViewport();
    const start = await chooseWindow(main(page), day, 14);
    await main(page).getByRole("button", { name: "Continue" }).click();
    await expect(stepHeading(page)).toHaveText("Your details");
    const form = main(page).locator("form#book-details");
    await fillDetails(form, who, "Breakers trip when the dryer runs");
    await form.getByRole("button", { name: "Confirm booking" }).click();
    // The confirmation has focus (its autofocus) and is in view.
    const booked = main(page).getByRole("status").filter({ hasText: "Your visit is booked" });
    await expect(booked).toBeFocused();
    await expect(booked).toBeInViewport();
    await expectConfirmed(page, db, who, start, browser);
  });

  test("a signed-in customer's online booking is on /account under the same number", async ({ page, db }) => {
    test.slow(); // a sign-in, four steps and the account page
    await createUser(db, "technician", "Arceneaux");
    const customer = await createUser(db, "customer", "Odette");
    const day = openDay(3);
    await logIn(page, customer.email, { to: "/book?service=panel-upgrades" }); // this describe's pages run without JavaScript
    await pickerDay(main(page), day).click();
    const start = await chooseWindow(main(page), day, 10);
    await main(page).getByRole("button", { name: "Continue" }).click();
    const form = main(page).locator("form#book-details");
    // The account's confirmed address is the one used, and shown as such.
    await expect(form.getByRole("textbox", { name: "Email" })).toHaveValue(customer.email);
    await form.getByRole("textbox", { name: "Full name" }).fill("Odette Guidry");
    await form.getByRole("textbox", { name: "Phone" }).fill("(225) 555-0177");
    await form.getByRole("textbox", { name: "Service address" }).fill("880 Range Ave, Denham Springs");
    await form.getByRole("button", { name: "Confirm booking" }).click();
    await expect(main(page).getByRole("heading", { name: "Your visit is booked" })).toBeVisible();
    const booking = await db.booking.findFirstOrThrow({ where: { customer: { userId: customer.id } } });
    expect(booking.scheduledDate.toISOString()).toBe(start);
    await expect(main(page).getByTestId("visit-number")).toHaveText(`#${booking.id}`);

    await page.goto("/account");
    const visit = main(page)
      .getByRole("listitem")
      .filter({ hasText: `#${booking.id}` });
    await expect(visit).toContainText("Panel Upgrade");
    await expect(visit).toContainText(formatWindow(windowStartingAt(new Date(start))!));

    // The next booking starts from the account and this one's details: name, phone and the house's address.
    await page.goto(`/book?service=generator&windowStart=${encodeURIComponent(start)}`);
    await expect(form.getByRole("textbox", { name: "Full name" })).toHaveValue(
      `${customer.firstName} ${customer.lastName}`,
    );
    await expect(form.getByRole("textbox", { name: "Phone" })).toHaveValue("(225) 555-0177");
    await expect(form.getByRole("textbox", { name: "Service address" })).toHaveValue("880 Range Ave, Denham Springs");
  });

  test("a refused field keeps what was typed", async ({ page, db }) => {
    await createUser(db, "technician", "Landry");
    const day = openDay(2);
    await page.goto(`/book?service=lighting&day=${day}`);
    await chooseWindow(main(page), day, 8);
    await main(page).getByRole("button", { name: "Continue" }).click();
    const form = main(page).locator("form#book-details");
    const who = visitor();
    // An address the browser lets through (no dot after the @) and the schema does not.
    const email = `${unique("odette")}@localhost`;
    await fillDetails(form, { ...who, email }, "Porch lights");
    await form.getByRole("button", { name: "Confirm booking" }).click();
    await expect(form.getByText("Enter a valid email address")).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Full name" })).toHaveValue(who.name);
    await expect(form.getByRole("textbox", { name: "Service address" })).toHaveValue(who.address);
    expect(await db.booking.count({ where: { customer: { email } } })).toBe(0);
  });
});

/** The start of `day`'s 10 AM window, as the picker posts it. */
const pickerStart = (day: string) => requireBusinessInstant(day, 10 * 60).toISOString();

/** Presses Tab until `target` has focus (at most 60 times). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}
