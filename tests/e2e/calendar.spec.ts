/**
 * The staff calendar: months, a day's dialog, the keyboard grid, and a day at scale (docs/product.md#calendar).
 * Signed in as an admin created directly in the database.
 */
import type { Page } from "@playwright/test";
import { businessParts, formatTime } from "@app/shared/time";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import {
  adminPage,
  apiHeaders,
  chicago,
  createUser,
  expectToast,
  logIn,
  main,
  newCustomer,
  submitNewBooking,
} from "./staff";

// The office is in Baton Rouge: the browser's zone is the business's, so a day picked is the day shown.
test.use({ timezoneId: "America/Chicago" });

test.describe("calendar", () => {
  test("months, a day's appointments, and booking from an empty day", async ({ page, db }) => {
    test.slow(); // several sign-ins, pages and axe runs on a shared machine
    const customer = await newCustomer(db, "Placide Fontenot");
    const day = "2031-03-12";
    const sample = [
      { summary: "Sparking outlet", priority: "emergency", status: "pending", hour: 8 },
      { summary: "Panel inspection", priority: "high", status: "in_progress", hour: 10 },
      { summary: "Ceiling fan swap", priority: "medium", status: "completed", hour: 13 },
      { summary: "Porch light", priority: "low", status: "cancelled", hour: 15 },
    ] as const;
    for (const s of sample) {
      await db.booking.create({
        data: {
          customerId: customer.id,
          summary: s.summary,
          details: `${s.summary} details`,
          priority: s.priority,
          status: s.status,
          scheduledDate: chicago(day, s.hour),
        },
      });
    }

    await adminPage(page, db, "/admin/calendar?month=2031-03");
    await expect(main(page).getByRole("heading", { level: 1, name: "Calendar View" })).toBeVisible();
    await expect(main(page).getByRole("heading", { level: 2, name: "March 2031" })).toBeVisible();
    await expect(main(page).getByRole("columnheader").first()).toHaveText("Sun");
    await expect(main(page).getByRole("link", { name: "View List", exact: true })).toHaveAttribute(
      "href",
      "/admin/bookings",
    );
    const cell = main(page).getByRole("link", { name: /^Wednesday, March\s*12\s*, 2031: 4 appointments/ });
    await expect(cell).toContainText("Sparking outlet");
    await expect(cell).toContainText("Ceiling fan swap");
    await expect(cell).not.toContainText("Porch light");
    await expect(cell).toContainText("+1 more");
    const legend = main(page).getByRole("region", { name: "Legend" });
    for (const label of ["Emergency", "High", "Medium", "Low", "Completed", "In progress", "Cancelled"]) {
      await expect(legend.getByText(label, { exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page);

    // Between months, by links that keep the month in the address.
    await main(page).getByRole("link", { name: "Next month" }).click();
    await expect(page).toHaveURL(/month=2031-04$/);
    await expect(main(page).getByRole("heading", { level: 2, name: "April 2031" })).toBeVisible();
    await main(page).getByRole("link", { name: "Previous month" }).click();
    await expect(main(page).getByRole("heading", { level: 2, name: "March 2031" })).toBeVisible();
    await main(page).getByRole("link", { name: "Previous month" }).click();
    await expect(main(page).getByRole("heading", { level: 2, name: "February 2031" })).toBeVisible();
    await main(page)
      .getByRole("navigation", { name: "Months" })
      .getByRole("link", { name: "Today", exact: true })
      .click();
    const now = businessParts(new Date());
    const monthName = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(Date.UTC(now.year, now.month - 1, 1)),
    );
    await expect(main(page).getByRole("heading", { level: 2, name: monthName })).toBeVisible();
    const todayCell = main(page).getByRole("grid").locator('a[aria-current="date"]');
    await expect(todayCell).toHaveCount(1);
    await expect(todayCell).toContainText(String(now.day));
    // Back through the history: February, then March.
    await page.goBack();
    await expect(main(page).getByRole("heading", { level: 2, name: "February 2031" })).toBeVisible();
    await page.goBack();
    await expect(main(page).getByRole("heading", { level: 2, name: "March 2031" })).toBeVisible();

    // A day with bookings opens its list; customers are fetched for it.
    await cell.click();
    const dayDialog = page.getByRole("dialog", { name: "Appointments for Wednesday, March 12, 2031" });
    await expect(dayDialog).toContainText("4 appointment(s) scheduled for this day");
    await expect(dayDialog.getByRole("article")).toHaveCount(4);
    const emergency = dayDialog.getByRole("article", { name: "Sparking outlet" });
    await expect(emergency).toContainText("Emergency Priority");
    await expect(emergency).toContainText("8:00 AM");
    await expect(emergency).toContainText("Sparking outlet details");
    await expect(emergency.getByRole("link", { name: customer.phone })).toHaveAttribute("href", "tel:2255550142");
    await expect(emergency).toContainText(customer.name);
    await expect(emergency).toContainText(customer.email);
    await expect(dayDialog.getByRole("article", { name: "Panel inspection" })).not.toContainText("Emergency Priority");
    await expect(dayDialog.getByRole("article", { name: "Panel inspection" })).toContainText("In progress");
    await expectNoAxeViolations(page);

    // "Add Another Appointment" swaps to the New Booking dialog for that day.
    await dayDialog.getByRole("button", { name: "Add Another Appointment", exact: true }).click();
    const newDialog = page.getByRole("dialog", { name: "New Booking" });
    await expect(dayDialog).toBeHidden();
    await newDialog.getByPlaceholder("Search by name...").fill(customer.name);
    await newDialog.getByRole("button", { name: new RegExp(customer.name) }).click();
    await expect(newDialog.getByLabel("Date")).toHaveValue(day);
    await page.keyboard.press("Escape");
    await expect(newDialog).toBeHidden();

    // An empty day opens the New Booking dialog for that date.
    await main(page)
      .getByRole("link", { name: /^Thursday, March\s*20\s*, 2031: no appointments/ })
      .click();
    await expect(newDialog).toBeVisible();
    await expect(newDialog.getByPlaceholder("Search by name...")).toHaveValue("");
    await newDialog.getByPlaceholder("Search by name...").fill(customer.name);
    await newDialog.getByRole("button", { name: new RegExp(customer.name) }).click();
    await expect(newDialog.getByLabel("Date")).toHaveValue("2031-03-20");
    await newDialog.getByRole("textbox", { name: "Summary" }).fill("Dryer outlet install");
    await submitNewBooking(newDialog);
    await expectToast(page, "Success", "Booking created successfully");
    await expect(main(page).getByRole("link", { name: /^Thursday, March\s*20\s*, 2031: 1 appointment/ })).toContainText(
      "Dryer outlet install",
    );
  });
});

test.describe("calendar by keyboard", () => {
  const dayLink = (page: Page, name: string) => main(page).getByRole("link", { name: new RegExp(`^${name}`) });

  test("one Tab stop; arrows, Home, End and Page Up/Down move between days and months; the day's dialog opens on its title and gives the focus back", async ({
    page,
    db,
  }) => {
    test.slow(); // sign-in, two months and two dialogs on a shared machine
    const customer = await newCustomer(db, "Aurelie Hebert");
    await db.booking.create({
      data: {
        customerId: customer.id,
        summary: "Keyboard day visit",
        priority: "medium",
        scheduledDate: chicago("2034-05-17", 9),
      },
    });
    await adminPage(page, db, "/admin/calendar?month=2034-05");
    const grid = main(page).getByRole("grid", { name: "May 2034" });
    await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);

    // The month is one Tab stop after the month links: the 1st, as today is in another month.
    await main(page).getByRole("link", { name: "Next month" }).focus();
    await page.keyboard.press("Tab");
    await expect(dayLink(page, "Monday, May\\s*1\\s*, 2034")).toBeFocused();
    for (const key of ["ArrowDown", "ArrowDown", "ArrowRight", "ArrowRight"]) await page.keyboard.press(key);
    const the17th = dayLink(page, "Wednesday, May\\s*17\\s*, 2034: 1 appointment");
    await expect(the17th).toBeFocused();
    await page.keyboard.press("End");
    await expect(dayLink(page, "Saturday, May\\s*20\\s*, 2034")).toBeFocused();
    await page.keyboard.press("Home");
    await expect(dayLink(page, "Sunday, May\\s*14\\s*, 2034")).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(dayLink(page, "Sunday, May\\s*7\\s*, 2034")).toBeFocused();
    await page.keyboard.press("ArrowDown");
    for (const key of ["ArrowRight", "ArrowRight", "ArrowRight"]) await page.keyboard.press(key);
    await expect(the17th).toBeFocused();
    // Tab leaves the grid; coming back lands on the day left.
    await page.keyboard.press("Tab");
    await expect(the17th).not.toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(the17th).toBeFocused();

    // Page Down and Page Up change the page's month and keep the day number.
    await page.keyboard.press("PageDown");
    await expect(page).toHaveURL(/month=2034-06$/);
    await expect(main(page).getByRole("grid", { name: "June 2034" })).toBeVisible();
    await expect(dayLink(page, "Saturday, June\\s*17\\s*, 2034")).toBeFocused();
    await page.keyboard.press("PageUp");
    await expect(page).toHaveURL(/month=2034-05$/);
    await expect(the17th).toBeFocused();

    // Enter opens the day on its title; Escape gives the focus back to the day.
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Appointments for Wednesday, May 17, 2034" });
    await expect(dialog.getByRole("heading", { name: "Appointments for Wednesday, May 17, 2034" })).toBeFocused();
    await expect(dialog.getByRole("article", { name: "Keyboard day visit" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(the17th).toBeFocused();
    // So does the close button.
    await page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(the17th).toBeFocused();

    // Space on an empty day starts a booking there; closing it comes back to the day.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press(" ");
    const newBooking = page.getByRole("dialog", { name: "New Booking" });
    await expect(newBooking).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(newBooking).toBeHidden();
    await expect(dayLink(page, "Thursday, May\\s*18\\s*, 2034: no appointments")).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test("without JavaScript the days are links to that day's visits", async ({ browser, db }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, timezoneId: "America/Chicago" });
    const page = await context.newPage();
    await logIn(page, (await createUser(db, "admin")).email, { to: "/admin/calendar?month=2034-05" });
    await expect(main(page).getByRole("grid")).toHaveCount(0);
    await dayLink(page, "Wednesday, May\\s*17\\s*, 2034").click();
    await expect(page).toHaveURL(/\/admin\/dispatch\?date=2034-05-17$/);
    await expect(main(page).getByRole("heading", { level: 1, name: "Dispatch" })).toBeVisible();
    await context.close();
  });
});

test.describe("calendar at scale", () => {
  test("a day of five shows three and +2 more; its dialog reads the day when opened, follows other staff's changes and shows its own assignment at once", async ({
    page,
    db,
    request,
  }) => {
    test.slow(); // sign-in, held requests, live updates and axe on a shared machine
    const customer = await newCustomer(db, "Ophelie Guidry");
    const technician = await createUser(db, "technician", "Remy");
    const technicianName = `${technician.firstName} ${technician.lastName}`;
    const day = "2032-09-14";
    const made = [];
    for (let i = 1; i <= 5; i++)
      made.push(
        await db.booking.create({
          data: {
            customerId: customer.id,
            summary: `Five-visit day ${i}`,
            details: `Visit ${i} of the day`,
            priority: i === 1 ? "emergency" : "medium",
            scheduledDate: chicago(day, 7 + i),
          },
        }),
      );
    await adminPage(page, db, "/admin/calendar?month=2032-09");
    const cell = main(page).getByRole("link", { name: /^Tuesday, September\s*14\s*, 2032: 5 appointments/ });
    for (const i of [1, 2, 3]) await expect(cell).toContainText(`Five-visit day ${i}`);
    for (const i of [4, 5]) await expect(cell).not.toContainText(`Five-visit day ${i}`);
    await expect(cell).toContainText("+2 more");

    // The day is read when its dialog opens (a fetcher's load of /admin/calendar/day): "Loading..." until it arrives.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/admin/calendar/day.data?*", async (route) => {
      await held;
      await route.continue();
    });
    await cell.click();
    const dialog = page.getByRole("dialog", { name: "Appointments for Tuesday, September 14, 2032" });
    await expect(dialog.getByRole("status")).toHaveText("Loading...");
    await expect(dialog).toContainText("5 appointment(s) scheduled for this day");
    release();
    await expect(dialog.getByRole("article")).toHaveCount(5);
    await page.unroute("**/admin/calendar/day.data?*");
    for (const [i, booking] of made.entries()) {
      const entry = dialog.getByRole("article", { name: booking.summary });
      await expect(entry).toContainText(formatTime(booking.scheduledDate));
      await expect(entry).toContainText(`Visit ${i + 1} of the day`);
      await expect(entry).toContainText(customer.name);
      await expect(entry.getByRole("link", { name: customer.email })).toHaveAttribute(
        "href",
        `mailto:${customer.email}`,
      );
      await expect(entry.getByRole("link", { name: customer.phone })).toHaveAttribute("href", "tel:2255550142");
    }
    await expect(dialog.getByRole("article", { name: "Five-visit day 1" })).toContainText("Emergency Priority");
    await expectNoAxeViolations(page);

    // Another admin changes a visit and books one more that day: the open dialog and the cell follow.
    const headers = await apiHeaders(request, db);
    const changed = await request.patch(`/api/bookings/${made[3]!.id}`, { headers, data: { status: "completed" } });
    expect(changed.status()).toBe(200);
    await expect(dialog.getByRole("article", { name: "Five-visit day 4" })).toContainText("Completed");
    const added = await request.post("/api/bookings", {
      headers,
      data: { customerId: customer.id, summary: "Five-visit day 6", scheduledDate: chicago(day, 15).toISOString() },
    });
    expect(added.status()).toBe(201);
    await expect(dialog.getByRole("article")).toHaveCount(6);
    await expect(dialog).toContainText("6 appointment(s) scheduled for this day");
    await page.keyboard.press("Escape");
    const busier = main(page).getByRole("link", { name: /^Tuesday, September\s*14\s*, 2032: 6 appointments/ });
    await expect(busier).toContainText("+3 more");

    // A day that cannot be read says so, and can be tried again (the server refuses it: here, as a date it cannot read).
    await page.route("**/admin/calendar/day.data?*", (route) =>
      route.continue({
        url: route
          .request()
          .url()
          .replace(/date=[\d-]+/, "date=2032-13-45"),
      }),
    );
    await busier.click();
    await expect(dialog.getByRole("alert")).toContainText("Failed to load this day's appointments");
    await page.unroute("**/admin/calendar/day.data?*");
    await dialog.getByRole("button", { name: "Try again", exact: true }).click();
    await expect(dialog.getByRole("article")).toHaveCount(6);
    // A technician assigned in the dialog shows at once, also while the day is being read again.
    let releaseReread!: () => void;
    const reread = new Promise<void>((resolve) => (releaseReread = resolve));
    await page.route("**/admin/calendar/day.data?*", async (route) => {
      await reread;
      // The page drops a read that a newer one replaced (its own change also arrives as a live update).
      await route.continue().catch(() => undefined);
    });
    const assign = dialog
      .getByRole("article", { name: "Five-visit day 2" })
      .getByRole("combobox", { name: `Technician for booking #${made[1]!.id}` });
    await assign.selectOption({ label: technicianName });
    // Shown at once, while the day is still being read again. The answer's toast comes once the post's
    // reloads are done, and one of them is this held read (unless a live update replaced it first, which
    // depends on whether the change's event or the post's answer arrives first): so it is awaited after.
    await expect(assign).toHaveValue(String(technician.id));
    releaseReread();
    await page.unroute("**/admin/calendar/day.data?*");
    await expectToast(page, "Success", `Booking assigned to ${technicianName}`);
    await expect(assign).toBeEnabled();
    await expect(assign).toHaveValue(String(technician.id));
  });
});
