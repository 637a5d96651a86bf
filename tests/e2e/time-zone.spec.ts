/**
 * Times staff enter mean Baton Rouge time wherever the browser is: an admin
 * whose laptop is on Los Angeles time books 9:00 and every staff view shows
 * 9:00 AM on that same date (the clock, packages/shared/src/time.ts).
 */
import type { Page } from "@playwright/test";
import { addLocalDays, businessDate, formatLocalDate, requireBusinessInstant } from "@app/shared/time";
import { expect, test } from "./fixtures";
import { adminPage, main, newCustomer, submitNewBooking } from "./staff";

test.use({ timezoneId: "America/Los_Angeles" });

// Radix toasts are list items of the "Notifications (F8)" region (which a modal dialog hides from the accessibility tree).
const toast = (page: Page) =>
  page
    .getByRole("region", { name: /Notifications/, includeHidden: true })
    .locator("li")
    .first();

/** The calendar cell's accessible name starts "Wednesday, June 15, 2033" (the day number is its own span). */
function cellName(day: string, rest: string) {
  const [weekdayAndMonth, dayOfMonth, year] = formatLocalDate(day).split(/ (?=\d)|, (?=\d{4})/);
  return new RegExp(`^${weekdayAndMonth}\\s*${dayOfMonth}\\s*, ${year}: ${rest}`);
}

async function pickCustomer(page: Page, name: string) {
  const dialog = page.getByRole("dialog", { name: "New Booking" });
  await dialog.getByPlaceholder("Search by name...").fill(name);
  await dialog.getByRole("button", { name: new RegExp(name) }).click();
  return dialog;
}

test("a booking made on the calendar at 9:00 shows 9:00 AM on that date in the calendar, the day and the list", async ({
  page,
  db,
}) => {
  test.slow(); // sign-in, two pages and a dialog on a shared machine
  const customer = await newCustomer(db, "Honorine Landry");
  const day = "2033-06-15";
  const summary = `Attic fan wiring ${Date.now()}`;
  await adminPage(page, db, "/admin/calendar?month=2033-06");

  await main(page)
    .getByRole("link", { name: cellName(day, "no appointments") })
    .click();
  const dialog = await pickCustomer(page, customer.name);
  await expect(dialog.getByLabel("Date")).toHaveValue(day);
  await dialog.getByRole("textbox", { name: "Summary" }).fill(summary);
  await dialog.getByRole("combobox", { name: "Time" }).selectOption("09:00");
  await submitNewBooking(dialog);
  await expect(toast(page)).toContainText("Booking created successfully");
  await expect(dialog).toBeHidden();

  // The calendar files it under the 15th; the day's dialog says 9:00 AM.
  const cell = main(page).getByRole("link", { name: cellName(day, "1 appointment") });
  await expect(cell).toContainText(summary);
  await cell.click();
  const dayDialog = page.getByRole("dialog", { name: `Appointments for ${formatLocalDate(day)}` });
  await expect(dayDialog.getByRole("article", { name: summary })).toContainText("9:00 AM");
  await page.keyboard.press("Escape");

  const booking = await db.booking.findFirstOrThrow({ where: { customerId: customer.id } });
  expect(booking.scheduledDate.toISOString()).toBe(requireBusinessInstant(day, "09:00").toISOString());

  // The list says the same.
  await page.goto("/admin/bookings");
  const row = main(page)
    .getByRole("row")
    .filter({ hasText: `#${booking.id}` });
  await expect(row).toContainText("Jun 15, 2033, 9:00 AM");
});

test("a date typed in the list's dialog is a Baton Rouge date, on a clock-change day too", async ({ page, db }) => {
  test.slow();
  const customer = await newCustomer(db, "Ulysse Fontenot");
  // Sunday 2033-11-06: the clocks go back at 2:00 AM; 9:00 is Central Standard Time.
  const day = "2033-11-06";
  await adminPage(page, db, "/admin/bookings");
  await main(page).getByRole("button", { name: "New Booking", exact: true }).click();
  const dialog = await pickCustomer(page, customer.name);
  await dialog.getByRole("textbox", { name: "Summary" }).fill("Generator transfer switch");
  await dialog.getByLabel("Date").fill(day);
  await dialog.getByRole("combobox", { name: "Time" }).selectOption("09:00");
  await submitNewBooking(dialog);
  await expect(toast(page)).toContainText("Booking created successfully");

  const booking = await db.booking.findFirstOrThrow({ where: { customerId: customer.id } });
  await expect(
    main(page)
      .getByRole("row")
      .filter({ hasText: `#${booking.id}` }),
  ).toContainText("Nov 6, 2033, 9:00 AM");
  expect(booking.scheduledDate.toISOString()).toBe("2033-11-06T15:00:00.000Z");
});

test("the dialog's date starts on Baton Rouge's today, not the browser's", async ({ page, db }) => {
  const customer = await newCustomer(db, "Aurelie Hebert");
  await adminPage(page, db, "/admin/bookings");
  // 00:30 in Baton Rouge today is 22:30 yesterday in Los Angeles: the two calendars disagree.
  const today = businessDate();
  let when = requireBusinessInstant(today, 30);
  if (when.getTime() > Date.now()) when = requireBusinessInstant(addLocalDays(today, -1), 30);
  await page.clock.setFixedTime(when);
  expect(await page.evaluate(() => new Date().getDate())).not.toBe(Number(businessDate(when).slice(8)));

  await main(page).getByRole("button", { name: "New Booking", exact: true }).click();
  const dialog = await pickCustomer(page, customer.name);
  await expect(dialog.getByLabel("Date")).toHaveValue(businessDate(when));
});
