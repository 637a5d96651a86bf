/**
 * Book online (docs/product.md#book-online) when the window chosen fills up while the visitor
 * types their details: confirming answers 409 on the page with the next open windows, books
 * nothing, keeps what was typed, and one of those windows books the visit.
 *
 * It decides which technicians work (one place in the window), which every other test shares, so
 * it runs alone, after them (the "alone" project of tests/playwright.config.ts).
 */
import type { Locator } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { createUser, main, unique } from "./staff";
import { offeredWindow } from "./window-picker";
import { requireBusinessInstant } from "@app/shared/time";

test.use({ timezoneId: "America/Chicago", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function details(form: Locator, email: string) {
  await form.getByRole("textbox", { name: "Full name" }).fill("Clarice Fontenot");
  await form.getByRole("textbox", { name: "Phone" }).fill("(225) 555-0190");
  await form.getByRole("textbox", { name: "Email" }).fill(email);
  await form.getByRole("textbox", { name: "Service address" }).fill("1200 Florida Blvd, Walker");
}

test("a window taken meanwhile is refused on the page with the next open ones, and one of them books", async ({
  page,
  browser,
  db,
}) => {
  test.slow();
  // One technician works: the window has one place.
  await db.user.updateMany({ where: { role: "technician" }, data: { isActive: false } });
  await createUser(db, "technician", "Sam");
  const { date: day, hour } = await offeredWindow(page.request, [14], 3);
  const start = requireBusinessInstant(day, hour * 60).toISOString();
  const address = `/book?${new URLSearchParams({ service: "generator", windowStart: start })}`;

  // The visitor is on the details step of that window…
  await page.goto(address);
  await expect(main(page).locator("form#book-details[novalidate]")).toHaveCount(1);
  const form = main(page).locator("form#book-details");
  const mine = `${unique("taken")}@example.com`;
  await details(form, mine);

  // …when someone else books its last place.
  const other = await browser.newContext();
  const rival = await other.newPage();
  await rival.goto(address);
  const rivalForm = main(rival).locator("form#book-details");
  await details(rivalForm, `${unique("rival")}@example.com`);
  await rivalForm.getByRole("button", { name: "Confirm booking" }).click();
  await expect(main(rival).getByRole("heading", { name: "Your visit is booked" })).toBeVisible();
  await other.close();

  const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/book"));
  await form.getByRole("button", { name: "Confirm booking" }).click();
  expect((await answer).status()).toBe(409);
  const alert = main(page).getByRole("alert");
  await expect(alert).toHaveText("Sorry, that time is no longer available. Please choose another.");
  await expect(alert.locator("xpath=..")).toBeFocused();
  expect(await db.booking.count({ where: { customer: { email: mine } } })).toBe(0);
  // What was typed is kept, and the next open windows are offered instead.
  await expect(form.getByRole("textbox", { name: "Email" })).toHaveValue(mine);
  const instead = form.getByRole("group", { name: "Open times instead" }).getByRole("radio");
  await expect(instead.first()).toBeVisible();
  await expectNoAxeViolations(page);
  const chosen = (await instead.first().getAttribute("value"))!;
  expect(chosen).not.toBe(start);
  await instead.first().check();
  await form.getByRole("button", { name: "Confirm booking" }).click();
  await expect(main(page).getByRole("heading", { name: "Your visit is booked" })).toBeVisible();
  const booking = await db.booking.findFirstOrThrow({ where: { customer: { email: mine } } });
  expect(booking.scheduledDate.toISOString()).toBe(chosen);
  await expect(main(page).getByTestId("visit-number")).toHaveText(`#${booking.id}`);
});
