/**
 * Closed days (docs/product.md#closed-days): an admin closes a day on /admin/closures, sees the
 * visits already on it (each linked to its booking's page) and opens it again, with and without
 * JavaScript; the day's windows leave the availability API and come back.
 */
import type { Db } from "@app/shared/db.server";
import {
  addLocalDays,
  businessDate,
  formatLocalDate,
  formatLocalDay,
  localWeekday,
  requireBusinessInstant,
} from "@app/shared/time";
import { isHoliday } from "../support/holidays";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { adminPage, createUser, logIn, main, newCustomer } from "./staff";

test.use({ timezoneId: "America/Chicago" });

/** A weekday with windows `after` days or more ahead (no other suite books that far out). */
function quietDay(after: number): string {
  let date = addLocalDays(businessDate(), after);
  while (localWeekday(date) === 0 || isHoliday(date)) date = addLocalDays(date, 1);
  return date;
}

/** A visit on the day at 10 AM, with a technician. */
async function visitOn(db: Db, date: string) {
  const customer = await newCustomer(db, "Rosalie Guidry");
  const technician = await createUser(db, "technician", "Remy");
  const booking = await db.booking.create({
    data: {
      customerId: customer.id,
      summary: "Replace a breaker",
      scheduledDate: requireBusinessInstant(date, 10 * 60),
      technicianId: technician.id,
    },
  });
  return { booking, customer, technicianName: `${technician.firstName} ${technician.lastName}` };
}

test("an admin closes a day, sees the visits on it, and opens it again", async ({ page, db }) => {
  const date = quietDay(24);
  const { booking, customer, technicianName } = await visitOn(db, date);
  const day = formatLocalDate(date);
  const windowsThatDay = async () =>
    ((await (await page.request.get(`/api/availability?from=${date}&days=1`)).json()) as { windows: unknown[] }).windows
      .length;

  await adminPage(page, db, "/dashboard");
  await main(page)
    .getByRole("link", { name: /Closed Days/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/closures$/);
  await expect(main(page).getByRole("heading", { name: "Closed Days", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  // A day in the past is refused beside the date.
  const form = main(page).getByRole("region", { name: "Close a day" });
  await form.getByLabel("Date").fill(addLocalDays(businessDate(), -1));
  await form.getByRole("textbox", { name: "Reason" }).fill("Too late");
  await form.getByRole("button", { name: "Close this day" }).click();
  await expect(form.getByText("Choose today or a later date")).toBeVisible();
  await expect(form.getByLabel("Date")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Date").fill(date);
  await form.getByRole("textbox", { name: "Reason" }).fill("Staff training");
  await form.getByRole("button", { name: "Close this day" }).click();
  await expect(
    main(page)
      .getByRole("status")
      .filter({ hasText: `Closed on ${day} (Staff training).` }),
  ).toBeVisible();
  const item = main(page).locator(`[data-closure="${date}"]`);
  await expect(item.getByRole("heading", { name: `${day}: Staff training` })).toBeVisible();
  await expect(item).toContainText("Added by");
  const visits = item.getByRole("list", { name: `Visits on ${day}` });
  await expect(visits).toContainText(customer.name);
  await expect(visits).toContainText("10:00 AM");
  await expect(visits).toContainText(technicianName);
  await expect(visits.getByRole("link", { name: `#${booking.id}` })).toHaveAttribute(
    "href",
    `/admin/bookings/${booking.id}`,
  );
  expect(await windowsThatDay()).toBe(0);
  await expectNoAxeViolations(page);

  // The New Booking dialog says the day is closed and why, and still books a visit at an exact time.
  await page.goto("/admin/bookings");
  await main(page).getByRole("button", { name: "New Booking", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "New Booking" });
  await dialog.getByPlaceholder("Search by name...").fill(customer.name);
  await dialog.getByRole("button", { name: new RegExp(customer.name) }).click();
  await dialog.getByLabel("Date").fill(date);
  await expect(dialog.getByRole("status").filter({ hasText: "Staff training" })).toHaveText(
    `We're closed on ${formatLocalDay(date)} (Staff training): no arrival windows. You can still book a visit at an exact time.`,
  );
  await page.keyboard.press("Escape");
  await page.goto("/admin/closures");

  await item.getByRole("button", { name: `Remove the closure on ${day}` }).click();
  await expect(
    main(page)
      .getByRole("status")
      .filter({ hasText: `Open again on ${day}.` }),
  ).toBeVisible();
  await expect(item).toHaveCount(0);
  expect(await windowsThatDay()).toBeGreaterThan(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Add and Remove forms work as plain posts, and a day closed already is refused beside the date", async ({
    page,
    db,
  }) => {
    const date = quietDay(27);
    const day = formatLocalDate(date);
    const admin = await createUser(db, "admin");
    await logIn(page, admin.email, { to: "/admin/closures" });
    const form = main(page).getByRole("region", { name: "Close a day" });
    const close = async (reason: string) => {
      await form.getByLabel("Date").fill(date);
      await form.getByRole("textbox", { name: "Reason" }).fill(reason);
      await form.getByRole("button", { name: "Close this day" }).click();
    };
    await close("Inventory");
    await expect(
      main(page)
        .getByRole("status")
        .filter({ hasText: `Closed on ${day} (Inventory).` }),
    ).toBeVisible();
    const item = main(page).locator(`[data-closure="${date}"]`);
    await expect(item).toContainText("No visits on this day.");

    await close("Inventory again");
    await expect(form.getByText(/already$/)).toHaveText(`We're closed on ${formatLocalDay(date)} (Inventory) already`);
    await expect(form.getByRole("textbox", { name: "Reason" })).toHaveValue("Inventory again");

    await item.getByRole("button", { name: `Remove the closure on ${day}` }).click();
    await expect(
      main(page)
        .getByRole("status")
        .filter({ hasText: `Open again on ${day}.` }),
    ).toBeVisible();
    await expect(item).toHaveCount(0);
    expect((await db.closure.findUniqueOrThrow({ where: { date } })).removedAt).not.toBeNull();
  });
});
