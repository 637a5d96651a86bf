/**
 * From request to visit (docs/product.md#booking-rules), end to end: a visitor
 * books the last open window through the chat, it stops being offered, an
 * admin gives the visit to the technician in the day dialog, and the
 * technician completes it from a phone while the admin's list follows live.
 *
 * It decides which technicians work, which every other test shares, so it runs
 * alone, after them (the "alone" project of tests/playwright.config.ts).
 */
import type { Page } from "@playwright/test";
import { business } from "@app/shared/business";
import { formatWindowRange, formatWindowTimes } from "@app/shared/scheduling/windows";
import { formatLocalDate, requireBusinessInstant } from "@app/shared/time";
import { expect, test } from "./fixtures";
import { createUser, logIn, main, waitLive } from "./staff";
import { offeredWindow, pickerDay, pickerWindow } from "./window-picker";

test.use({ timezoneId: "America/Chicago" });

const chat = (page: Page) => page.getByRole("dialog", { name: `${business.name} Chat`, exact: true });
const field = (page: Page, name: string) => chat(page).getByLabel(new RegExp(`^${name}( \\*)?$`));

test("a chat booking takes the last window; the admin assigns it; the technician completes it on a phone", async ({
  page,
  browser,
  db,
}) => {
  test.slow(); // three browsers and a worker round trip at each step
  // One technician works: everyone else made by earlier tests stops.
  await db.user.updateMany({ where: { role: "technician" }, data: { isActive: false } });
  const tech = await createUser(db, "technician", "Sam");
  const techName = `${tech.firstName} ${tech.lastName}`;
  // Two days on or later, the first with one of these windows offered: it has one place, Sam's. Within
  // the six coming days Sam's /jobs lists.
  const { date, hour } = await offeredWindow(page.request, [10, 14, 8, 12], 2, 6);
  const start = requireBusinessInstant(date, hour * 60).toISOString();
  const window = { start: new Date(start), end: requireBusinessInstant(date, (hour + 2) * 60) };
  const offered = async () => {
    const res = await page.request.get(`/api/availability?from=${date}&days=1`);
    return ((await res.json()) as { windows: Array<{ start: string }> }).windows.map((w) => w.start);
  };
  expect(await offered()).toContain(start);

  // The visitor books that window through the chat.
  await page.goto("/services/residential");
  await page.getByRole("button", { name: "Open chat", exact: true }).click();
  await chat(page)
    .getByRole("group", { name: "Suggested replies" })
    .getByRole("button", { name: "Schedule an appointment" })
    .click();
  await field(page, "Full Name").fill("Odette Guidry");
  await field(page, "Phone").fill("(225) 555-0177");
  await field(page, "Email").fill(`odette.${Date.now()}@example.com`);
  await field(page, "Service Needed").selectOption("Lighting Installation");
  await field(page, "Address").fill("880 Range Ave, Denham Springs");
  // The day, then its window: its one place left.
  const picker = chat(page).getByRole("group", { name: /^Arrival window/ });
  await pickerDay(picker, date).click();
  await expect(pickerWindow(picker, date, hour)).toHaveAccessibleName(`${formatWindowRange(window)} · 1 place left`);
  await pickerWindow(picker, date, hour).check();
  await chat(page).getByRole("button", { name: "Submit Request", exact: true }).click();
  await expect(chat(page).getByRole("log", { name: "Conversation" })).toContainText(formatWindowTimes(window));
  const booking = await db.booking.findFirstOrThrow({
    where: { scheduledDate: new Date(start), summary: "Lighting Installation" },
  });
  // The visit's one number: the chat names it as the staff's list below does.
  await expect(chat(page).getByRole("log", { name: "Conversation" })).toContainText(`Visit #${booking.id}:`);
  // The last technician is taken: the window is no longer offered.
  expect(await offered()).not.toContain(start);

  // The admin assigns it in the day dialog, and keeps the bookings list open.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, (await createUser(db, "admin")).email, { to: `/admin/calendar?month=${date.slice(0, 7)}` });
  await waitLive(admin);
  // The day's cell is named like "Thursday, June 12, 2025: 1 appointment: …".
  const [weekday, monthDay, year] = formatLocalDate(date).split(", ") as [string, string, string];
  const [month, dayNumber] = monthDay.split(" ") as [string, string];
  await main(admin)
    .getByRole("link", { name: new RegExp(`^${weekday}, ${month}\\s*${dayNumber}\\s*, ${year}: `) })
    .click();
  const dayDialog = admin.getByRole("dialog", { name: `Appointments for ${formatLocalDate(date)}` });
  const entry = dayDialog.getByRole("article", { name: "Lighting Installation" });
  await entry
    .getByRole("combobox", { name: `Technician for booking #${booking.id}` })
    .selectOption({ label: techName });
  await expect(admin.getByRole("region", { name: /Notifications/, includeHidden: true })).toContainText(
    `Booking assigned to ${techName}`,
  );
  await admin.keyboard.press("Escape");
  await admin.goto("/admin/bookings");
  await waitLive(admin);
  const row = main(admin)
    .getByRole("row")
    .filter({ hasText: `#${booking.id}` });
  await expect(row).toContainText("Pending");

  // The technician, on a phone, completes it; the admin's list shows it without a reload.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const techPage = await phone.newPage();
  await logIn(techPage, tech.email);
  await expect(techPage).toHaveURL(/\/jobs$/);
  const visit = main(techPage).getByRole("article", { name: /Lighting Installation/ });
  await expect(visit).toContainText(formatWindowTimes(window));
  await expect(visit).toContainText("880 Range Ave, Denham Springs");
  await visit.getByRole("button", { name: /Start visit/ }).tap();
  await visit.getByRole("button", { name: /Mark completed/ }).tap();
  await expect(visit).toContainText("Completed");
  await expect(row).toContainText("Completed");

  await phone.close();
  await adminContext.close();
});
