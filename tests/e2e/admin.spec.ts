/**
 * The staff side (docs/product.md#staff-pages: /dashboard, /admin/users, /admin/bookings,
 * /admin/calendar, the New Booking dialog): signed in through
 * /login as an admin created directly in the database.
 */
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import {
  addLocalDays,
  businessDate,
  businessParts,
  formatLocalDate,
  formatTime,
  localWeekday,
  requireBusinessInstant,
} from "@app/shared/time";
import { formatWindowRange } from "@app/shared/scheduling/windows";
import { budget, expect, expectNoAxeViolations, test } from "./fixtures";
import {
  adminPage,
  chooseInRowMenu,
  createUser,
  logIn,
  main,
  newCustomer,
  rowMenu,
  unique,
  uniqueLetters,
  waitLive,
} from "./staff";

// The office is in Baton Rouge: the browser's zone is the business's, so a day picked is the day shown.
test.use({ timezoneId: "America/Chicago" });

const ADMIN_PAGES = ["/dashboard", "/admin/users", "/admin/bookings", "/admin/calendar"] as const;

// Radix toasts are list items of the "Notifications (F8)" region (which a modal dialog hides from the accessibility tree).
const toast = (page: Page) =>
  page
    .getByRole("region", { name: /Notifications/, includeHidden: true })
    .locator("li")
    .first();

async function expectToast(page: Page, title: string, description: string) {
  const t = toast(page);
  await expect(t).toContainText(title);
  await expect(t).toContainText(description);
}

/** The instant at which a Baton Rouge clock shows this date and hour. */
function chicago(date: string, hour: number) {
  return requireBusinessInstant(date, hour * 60);
}

test.describe("dashboard", () => {
  test("statistics, the way to each staff page, and logout", async ({ page, db }) => {
    test.slow(); // several sign-ins, pages and axe runs on a shared machine
    const admin = await createUser(db, "admin");
    await logIn(page, admin.email);
    await page.getByRole("banner").getByRole("link", { name: "Admin", exact: true }).first().click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(main(page).getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    await waitLive(page);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

    const usersSection = main(page).getByRole("region", { name: "Users" });
    for (const label of ["Total users", "Active this week", "Admins", "Technicians", "Customers"]) {
      await expect(usersSection.getByText(label, { exact: true })).toBeVisible();
    }
    const bookingsSection = main(page).getByRole("region", { name: "Bookings" });
    for (const label of ["Total bookings", "This week", "Pending", "Completed"]) {
      await expect(bookingsSection.getByText(label, { exact: true })).toBeVisible();
    }
    // The total is the server's count of users. Other tests add and remove users meanwhile, so the page
    // and the database are compared until a reload finds them agreeing (no change between the two readings).
    const totalUsers = async () =>
      Number(
        (
          await usersSection
            .locator("dt", { hasText: "Total users" })
            .locator("xpath=following-sibling::dd[1]")
            .innerText()
        ).replace(/,/g, ""),
      );
    await expect
      .poll(async () => {
        const shown = await totalUsers();
        if (shown === (await db.user.count())) return true;
        await page.reload();
        await waitLive(page);
        return false;
      })
      .toBe(true);
    await expectNoAxeViolations(page);

    for (const [name, path] of [
      ["Manage Users", "/admin/users"],
      ["Manage Bookings", "/admin/bookings"],
      ["View All Bookings", "/admin/bookings"],
      ["Calendar View", "/admin/calendar"],
    ] as const) {
      await expect(main(page).getByRole("link", { name, exact: true })).toHaveAttribute("href", path);
    }
    await main(page).getByRole("link", { name: "Manage Users", exact: true }).click();
    await expect(main(page).getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
    await main(page).getByRole("link", { name: "Back to Dashboard", exact: true }).click();
    await expect(main(page).getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();

    await main(page).getByRole("button", { name: "Logout", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Login", exact: true }).first()).toBeVisible();
    const response = await page.goto("/dashboard");
    expect(response?.status()).toBe(401);
  });
});

test.describe("users", () => {
  test("find an account by part of its name or email, or list one role, with and without JavaScript", async ({
    browser,
    db,
  }) => {
    test.slow(); // two sign-ins and an axe run on a shared machine
    const wanted = await createUser(db, "technician", "Évangéline");
    const other = await createUser(db, "customer", "Ambrose");
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled, timezoneId: "America/Chicago" });
      const page = await context.newPage();
      if (javaScriptEnabled) await adminPage(page, db, "/admin/users");
      else {
        await logIn(page, (await createUser(db, "admin")).email, { to: "/admin/users" });
      }
      const search = main(page).getByRole("search", { name: "Users" });
      await search.getByLabel("Name or email").fill(wanted.lastName.slice(3).toLowerCase());
      await search.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/[?&]q=/);
      await expect(main(page).getByRole("row").filter({ hasText: wanted.email })).toBeVisible();
      await expect(main(page).getByRole("row").filter({ hasText: other.email })).toHaveCount(0);
      await expect(main(page).getByText("1 user found.", { exact: false })).toBeVisible();

      await search.getByLabel("Name or email").fill("");
      await search.getByLabel("Role").selectOption("customer");
      await search.getByRole("button", { name: "Search" }).click();
      await expect(main(page).getByRole("row").filter({ hasText: other.email })).toBeVisible();
      await expect(main(page).getByRole("row").filter({ hasText: wanted.email })).toHaveCount(0);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await main(page).getByRole("link", { name: "Show everyone" }).click();
      await expect(main(page).getByRole("row").filter({ hasText: wanted.email })).toBeVisible();
      await context.close();
    }
  });

  test("change another user's role (toast); the admin's own selector is disabled", async ({ page, db }) => {
    test.slow(); // several sign-ins, pages and axe runs on a shared machine
    const other = await createUser(db, "customer", "Ambrose");
    const admin = await adminPage(page, db, "/admin/users");
    await expect(main(page).getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
    for (const name of ["Name", "Email", "Role", "Status", "Created", "Last Login", "Actions"]) {
      await expect(main(page).getByRole("columnheader", { name, exact: true })).toBeVisible();
    }

    const ownRow = main(page).getByRole("row").filter({ hasText: admin.email });
    await expect(ownRow).toContainText(`ID: ${admin.id}`);
    await expect(ownRow.getByRole("cell").nth(2)).toContainText("Admin");
    await expect(ownRow.getByRole("cell").nth(3)).toContainText("Active");
    await expect(
      main(page).getByRole("combobox", { name: `Role for ${admin.firstName} ${admin.lastName}` }),
    ).toBeDisabled();

    const row = main(page).getByRole("row").filter({ hasText: other.email });
    await expect(row.getByRole("cell").nth(5)).toContainText("Never");
    await expect(row.getByRole("cell").nth(2)).toContainText("Customer");
    const select = main(page).getByRole("combobox", { name: `Role for ${other.firstName} ${other.lastName}` });
    await expect(select).toHaveValue("customer");
    await expectNoAxeViolations(page);

    // While a change is on its way every selector waits.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/admin/users.data*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    const third = await createUser(db, "technician", "Celeste");
    await page.reload();
    await waitLive(page);
    await select.selectOption("technician");
    await expect(
      main(page).getByRole("combobox", { name: `Role for ${third.firstName} ${third.lastName}` }),
    ).toBeDisabled();
    await expect(select).toBeDisabled();
    release();

    await expectToast(page, "Success", "User role updated successfully.");
    await expect(row.getByRole("cell").nth(2)).toContainText("Technician");
    await expect(select).toBeEnabled();
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).role).toBe("technician");
    await page.unroute("**/admin/users.data*");

    // Making someone an admin asks first: Cancel keeps the role and gives the focus back to the selector.
    await select.selectOption("admin");
    const ask = page.getByRole("dialog", { name: `Make ${other.firstName} ${other.lastName} an admin?` });
    await expect(ask).toContainText("They will be able to see and change every booking, customer and message");
    await expectNoAxeViolations(page);
    await ask.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(ask).toBeHidden();
    await expect(select).toHaveValue("technician");
    await expect(select).toBeFocused();
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).role).toBe("technician");
    // Confirm saves it.
    await select.selectOption("admin");
    await ask.getByRole("button", { name: "Confirm", exact: true }).click();
    await expectToast(page, "Success", "User role updated successfully.");
    await expect(row.getByRole("cell").nth(2)).toContainText("Admin");
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).role).toBe("admin");

    // A failure shows the server's message in an Error toast and the selector goes back.
    await db.user.delete({ where: { id: third.id } });
    const gone = main(page).getByRole("combobox", { name: `Role for ${third.firstName} ${third.lastName}` });
    await gone.selectOption("admin");
    await page
      .getByRole("dialog", { name: `Make ${third.firstName} ${third.lastName} an admin?` })
      .getByRole("button", { name: "Confirm", exact: true })
      .click();
    await expectToast(page, "Error", "User not found");
    await expect(gone).toHaveValue("technician");
  });
});

test.describe("users without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the role form posts as a page; making someone admin goes through a confirmation step", async ({ page, db }) => {
    const admin = await createUser(db, "admin");
    const other = await createUser(db, "customer", "Narcisse");
    await logIn(page, admin.email, { to: "/admin/users" });
    const name = `${other.firstName} ${other.lastName}`;
    await main(page)
      .getByRole("combobox", { name: `Role for ${name}` })
      .selectOption("admin");
    await main(page)
      .getByRole("button", { name: `Save role for ${name}`, exact: true })
      .click();
    // Not saved yet: the page asks.
    await expect(main(page).getByRole("heading", { name: `Make ${name} an admin?` })).toBeVisible();
    await expect(main(page)).toContainText("They will be able to see and change every booking");
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).role).toBe("customer");
    await expect(main(page).getByRole("link", { name: "Cancel", exact: true })).toHaveAttribute("href", "/admin/users");
    await main(page).getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(main(page).getByRole("status").filter({ hasText: "User role updated successfully." })).toBeVisible();
    await expect(main(page).getByRole("row").filter({ hasText: other.email }).getByRole("cell").nth(2)).toContainText(
      "Admin",
    );
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).role).toBe("admin");
    // There is no Save button on the admin's own row.
    await expect(
      main(page).getByRole("button", { name: `Save role for ${admin.firstName} ${admin.lastName}` }),
    ).toHaveCount(0);
  });
});

test.describe("a booking's page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the list links each booking to its page, whose forms change its status and technician", async ({
    page,
    db,
  }) => {
    const admin = await createUser(db, "admin");
    const technician = await createUser(db, "technician", "Narcisse");
    const technicianName = `${technician.firstName} ${technician.lastName}`;
    const customer = await newCustomer(db);
    const booking = await db.booking.create({
      data: {
        customerId: customer.id,
        summary: "No-script visit",
        details: "Side gate, mind the dog.",
        priority: "medium",
        scheduledDate: chicago("2034-02-07", 10),
      },
    });
    await logIn(page, admin.email, { to: "/admin/bookings" });
    // The rows show their status and technician; a booking's number leads to its page.
    const row = main(page)
      .getByRole("row")
      .filter({ hasText: `#${booking.id}` });
    await expect(row).toContainText("Pending");
    await expect(row).toContainText("Unassigned");
    await expect(row.getByRole("link", { name: `#${booking.id}`, exact: true })).toHaveAttribute(
      "href",
      `/admin/bookings/${booking.id}`,
    );
    // The number's link covers the booking's cell: a click anywhere on it (here its middle, the service) opens it.
    await row.getByRole("cell").first().click();
    await expect(page).toHaveURL(new RegExp(`/admin/bookings/${booking.id}$`));
    await expect(main(page).getByRole("heading", { level: 1, name: `Booking #${booking.id}` })).toBeVisible();
    await expect(main(page)).toContainText("Side gate, mind the dog.");
    await expect(main(page)).toContainText(customer.name);
    await expect(main(page).getByRole("link", { name: customer.phone })).toHaveAttribute("href", "tel:2255550142");

    await main(page).getByRole("combobox", { name: "Status" }).selectOption("completed");
    await main(page).getByRole("button", { name: "Save status", exact: true }).click();
    const saved = main(page).getByRole("status").filter({ hasText: "Booking status updated successfully" });
    // The answer is where the eye is, without JavaScript too (autofocus on the page the post answered).
    await expect(saved).toBeFocused();
    await expect(saved).toBeInViewport();
    await expect(main(page).getByRole("combobox", { name: "Status" })).toHaveValue("completed");
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("completed");

    await main(page).locator("#booking-technician").selectOption({ label: technicianName });
    await main(page).getByRole("button", { name: "Save technician", exact: true }).click();
    await expect(
      main(page)
        .getByRole("status")
        .filter({ hasText: `Booking assigned to ${technicianName}` }),
    ).toBeVisible();
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).technicianId).toBe(technician.id);

    // Back on the list, the row says so.
    await page.goto("/admin/bookings");
    await expect(row).toContainText("Completed");
    await expect(row).toContainText(technicianName);

    // A number that is no booking.
    const missing = await page.goto("/admin/bookings/999999999");
    expect(missing?.status()).toBe(404);
    await expect(main(page).getByRole("heading", { level: 1, name: "Booking not found" })).toBeVisible();
  });
});

test.describe("bookings", () => {
  test("create a customer and a booking through the dialog, then change its status", async ({ page, db }) => {
    test.slow(); // several sign-ins, pages and axe runs on a shared machine
    await adminPage(page, db, "/admin/bookings");
    await expect(main(page).getByRole("heading", { level: 1, name: "Booking Management" })).toBeVisible();
    await expect(main(page).getByRole("link", { name: "Calendar View", exact: true })).toHaveAttribute(
      "href",
      "/admin/calendar",
    );
    await expectNoAxeViolations(page);

    await main(page).getByRole("button", { name: "New Booking", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "New Booking" });
    await expect(dialog.getByPlaceholder("Search by name...")).toBeFocused();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Create New Customer", exact: true }).click();

    await dialog.getByRole("button", { name: "Next: Booking Details", exact: true }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please fill in all customer fields");
    const customerName = `Evangeline Thibodeaux ${unique("n")}`;
    const email = `${unique("evangeline")}@example.com`;
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(customerName);
    await expect(dialog.getByRole("textbox", { name: "Email", exact: true })).toHaveAttribute("type", "email");
    await dialog.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await expect(dialog.getByRole("textbox", { name: "Phone", exact: true })).toHaveAttribute("type", "tel");
    await dialog.getByRole("textbox", { name: "Phone", exact: true }).fill("(225) 555-0199");
    await dialog.getByRole("button", { name: "Next: Booking Details", exact: true }).click();
    await expectToast(page, "Success", "Customer created successfully");

    await expect(dialog.getByRole("region", { name: "Customer" })).toContainText(customerName);
    await expect(dialog.getByRole("combobox", { name: "Time" })).toHaveValue("09:00");
    // The specification's ten slots, and another time of day.
    await expect(dialog.getByRole("combobox", { name: "Time" }).locator("option")).toHaveCount(11);
    await expect(dialog.getByRole("combobox", { name: "Priority" })).toHaveValue("medium");
    await expect(dialog.getByLabel("Details (optional)")).toHaveAttribute("rows", "3");
    // Today in Baton Rouge, whatever zone this browser is in (docs/product.md#new-booking-dialog).
    const today = businessDate();
    await expect(dialog.getByLabel("Date")).toHaveValue(today);
    await dialog.getByRole("button", { name: "Create Booking", exact: true }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please fill in all required booking fields");

    await dialog.getByRole("textbox", { name: "Summary" }).fill("Breaker keeps tripping in kitchen");
    await dialog.getByLabel("Date").fill("2030-07-15");
    await dialog.getByRole("combobox", { name: "Time" }).selectOption("14:00");
    await dialog.getByRole("combobox", { name: "Priority" }).selectOption("high");
    await dialog.getByLabel("Details (optional)").fill("GFCI by the sink, trips when the microwave runs.");
    await dialog.getByRole("button", { name: "Create Booking", exact: true }).click();
    await expectToast(page, "Success", "Booking created successfully");
    await expect(dialog).toBeHidden();

    const customer = await db.customer.findFirstOrThrow({ where: { email } });
    const booking = await db.booking.findFirstOrThrow({ where: { customerId: customer.id } });
    expect(booking.status).toBe("pending");
    expect(booking.priority).toBe("high");
    expect(booking.source).toBe("admin");
    expect(booking.scheduledDate.toISOString()).toBe(chicago("2030-07-15", 14).toISOString());

    const row = main(page)
      .getByRole("row")
      .filter({ hasText: `#${booking.id}` });
    await expect(row).toContainText(customerName);
    await expect(row).toContainText(`Customer ID: ${customer.id}`);
    await expect(row).toContainText("Breaker keeps tripping in kitchen");
    await expect(row).toContainText("High");
    await expect(row).toContainText("Pending");

    const statusLabel = `Status for booking #${booking.id}`;
    await chooseInRowMenu(page, statusLabel, "In progress");
    await expectToast(page, "Success", "Booking status updated successfully");
    await expect(rowMenu(page, statusLabel).button).toHaveAccessibleName(`${statusLabel}: In progress`);
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("in_progress");

    // Reopened, the dialog starts over; an existing customer is found by name.
    await main(page).getByRole("button", { name: "New Booking", exact: true }).click();
    await expect(dialog.getByPlaceholder("Search by name...")).toHaveValue("");
    await dialog.getByPlaceholder("Search by name...").fill(customerName);
    await dialog.getByRole("button", { name: new RegExp(customerName) }).click();
    await expect(dialog.getByRole("region", { name: "Customer" })).toContainText(customerName);
    await dialog.getByRole("button", { name: "Back to Customers", exact: true }).click();
    await expect(dialog.getByPlaceholder("Search by name...")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(dialog).toBeHidden();

    // A failed change: the server's message in an Error toast, and the row shows the status it had.
    await db.booking.delete({ where: { id: booking.id } });
    await chooseInRowMenu(page, statusLabel, "Completed");
    await expectToast(page, "Error", "Booking not found");
    // The row shows the status it had, not the one refused; until the list is next reloaded (any live
    // event from another test reloads it), when the deleted visit's row is gone.
    const shown = main(page).getByRole("button", { name: `${statusLabel}: In progress`, exact: true });
    const rowState = async () =>
      (await rowMenu(page, statusLabel).button.count()) ? ((await shown.count()) ? "In progress" : "other") : "gone";
    await expect.poll(rowState).toMatch(/^(In progress|gone)$/);
  });

  test("a request's page shows its arrival window from its schedule, also after a move; the move's answer is in view and focused", async ({
    page,
    db,
  }) => {
    test.slow(); // a booking through the API, a move through the worker's lock, on a shared machine
    await createUser(db, "technician", "Wendell");
    // The first window with a place, from three days on (a request through Book online's API, as the walk made one).
    const from = addLocalDays(businessDate(), 3);
    const open = (await (await page.request.get(`/api/availability?from=${from}&days=10`)).json()) as {
      windows: Array<{ start: string; available: number }>;
    };
    const windowStart = open.windows.find((w) => w.available > 0)!.start;
    const sessionId = `chat_${unique("stale").replace(/[^A-Za-z0-9]/g, "")}`;
    expect((await page.request.post("/api/chat/session", { data: { sessionId, status: "active" } })).status()).toBe(
      201,
    );
    const booked = await page.request.post(`/api/chat/${sessionId}/book-appointment`, {
      data: {
        customerName: "Marie Landry",
        customerPhone: "(225) 555-0187",
        customerEmail: `${unique("marie")}@example.com`,
        serviceType: "Panel Upgrade",
        address: "1423 Stanford Ave, Baton Rouge, LA 70808",
        description: "Federal Pacific Stab-Lok panel. Gate code 4411.",
        windowStart,
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { bookingId } = (await booked.json()) as { bookingId: number };

    await adminPage(page, db, `/admin/bookings/${bookingId}`);
    const start = new Date(windowStart);
    const facts = main(page).getByRole("region", { name: "Panel Upgrade" });
    await expect(facts).toContainText(formatLocalDate(businessDate(start)));
    await expect(facts).toContainText(
      `Arrival window${formatWindowRange({ start, end: new Date(start.getTime() + 2 * 3_600_000) })}`,
    );
    // The visitor's words are there; no time written into them that a move would leave behind.
    await expect(facts).toContainText("Gate code 4411.");
    await expect(facts).not.toContainText("Arrival window:");

    // Moved to noon the next day: the page says so where the eye is, and shows the new time.
    let day = addLocalDays(businessDate(start), 1);
    if (localWeekday(day) === 0) day = addLocalDays(day, 1); // no windows on Sundays
    const move = main(page).getByRole("region", { name: /Move this visit/ });
    await move.getByLabel("Day").fill(day);
    await move.getByLabel("Arrival window").selectOption("12:00");
    await move.getByRole("button", { name: /^Move visit/ }).click();
    const moved = move.getByRole("status").filter({ hasText: `Booking #${bookingId} moved to` });
    await expect(moved).toBeFocused();
    await expect(moved).toBeInViewport();
    await expect(facts).toContainText(formatLocalDate(day));
    await expect(facts).toContainText("Arrival window12 PM – 2 PM");
    await expect(facts).not.toContainText(formatLocalDate(businessDate(start)));
  });

  test("the New Booking dialog books another time of day than its ten slots: tonight's 8 PM emergency", async ({
    page,
    db,
  }) => {
    test.slow(); // sign-in and the dialog's steps on a shared machine
    const customer = await newCustomer(db, "Nightcall Hebert");
    await adminPage(page, db, "/admin/bookings");
    await main(page).getByRole("button", { name: "New Booking", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "New Booking" });
    await dialog.getByPlaceholder("Search by name...").fill(customer.name);
    await dialog.getByRole("button", { name: new RegExp(customer.name) }).click();
    await dialog.getByRole("textbox", { name: "Summary" }).fill("Sparks at the meter base");
    const time = dialog.getByRole("combobox", { name: "Time" });
    await expect(time.locator("option").first()).toHaveText("8:00 AM");
    await expect(time.locator("option").nth(9)).toHaveText("5:00 PM");
    await expect(dialog.getByLabel("Exact time")).toHaveCount(0);
    await time.selectOption({ label: "Another time…" });
    await dialog.getByLabel("Exact time").fill("20:00");
    await dialog.getByRole("combobox", { name: "Priority" }).selectOption("emergency");
    await dialog.getByRole("button", { name: "Create Booking", exact: true }).click();
    await expect(dialog).toBeHidden();

    const booking = await db.booking.findFirstOrThrow({ where: { customerId: customer.id } });
    expect(booking.scheduledDate.toISOString()).toBe(chicago(businessDate(), 20).toISOString());
    // The page says what was made, with a link to it, where the eye is (the list's order may not show it).
    const created = main(page).getByRole("status").filter({ hasText: "Booking created:" });
    await expect(created).toContainText(`#${booking.id} Sparks at the meter base`);
    await expect(created).toContainText("8 PM – 10 PM");
    await expect(created).toBeFocused();
    await expect(created).toBeInViewport();
    await expect(created.getByRole("link", { name: `#${booking.id}` })).toHaveAttribute(
      "href",
      `/admin/bookings/${booking.id}`,
    );
  });

  test("the list sorts by visit date and filters by technician and days, counted, and keeps them through a reload", async ({
    page,
    db,
  }) => {
    test.slow(); // sign-in and several loads on a shared machine
    const technician = await createUser(db, "technician", "Ulysse");
    const customer = await newCustomer(db);
    const day = "2036-04-16";
    // Booked in the opposite order to their visits.
    for (const [i, hour] of [16, 8, 12].entries())
      await db.booking.create({
        data: {
          customerId: customer.id,
          summary: `Sorted visit at ${hour}`,
          scheduledDate: chicago(day, hour),
          technicianId: technician.id,
          createdAt: new Date(Date.now() + i * 1000),
        },
      });
    await db.booking.create({
      data: { customerId: customer.id, summary: "Sorted visit, nobody's", scheduledDate: chicago(day, 10) },
    });
    await adminPage(page, db, "/admin/bookings");
    await main(page)
      .getByRole("combobox", { name: "Technician" })
      .selectOption({ label: `${technician.firstName} ${technician.lastName}` });
    await expect(page).toHaveURL(new RegExp(`technician=${technician.id}`));
    await main(page).getByLabel("Visit from").fill(day);
    await main(page).getByLabel("Visit to").fill(day);
    await main(page).getByRole("combobox", { name: "Order" }).selectOption("visit");
    await expect(page).toHaveURL(/sort=visit/);
    const rows = main(page).getByRole("row").filter({ hasText: "Sorted visit" });
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText("Sorted visit at 8");
    await expect(rows.nth(2)).toContainText("Sorted visit at 16");
    await expect(
      main(page)
        .getByRole("status")
        .filter({ hasText: /^3 bookings$/ }),
    ).toBeVisible();
    await expect(main(page).getByRole("table")).toHaveAccessibleName("Bookings by visit date, soonest first");

    await page.reload();
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText("Sorted visit at 8");
    await expect(main(page).getByRole("combobox", { name: "Order" })).toHaveValue("visit");
    await expect(main(page).getByLabel("Visit from")).toHaveValue(day);
    // The Export CSV form takes the same days.
    await expect(main(page).getByLabel("Scheduled from")).toHaveValue(day);
    await expect(main(page).getByLabel("to (blank: no end)")).toHaveValue(day);
    await expectNoAxeViolations(page);
  });

  test("one status menu and one technician menu serve every row, by keyboard", async ({ page, db }) => {
    test.slow(); // sign-in, several changes and axe runs on a shared machine
    // Q: a first letter no other test's technician has, for the menu's type-ahead.
    const technician = await createUser(db, "technician", "Quitterie");
    const technicianName = `${technician.firstName} ${technician.lastName}`;
    const customer = await newCustomer(db);
    const booking = await db.booking.create({
      data: { customerId: customer.id, summary: "Keyboard visit", scheduledDate: chicago("2034-03-08", 9) },
    });
    await adminPage(page, db, "/admin/bookings");
    // The page holds each menu once, however many rows it shows.
    await expect(page.getByRole("listbox", { includeHidden: true })).toHaveCount(2);
    await expect(main(page).locator("select")).toHaveCount(4); // the filters: status, priority, technician, order

    const status = rowMenu(page, `Status for booking #${booking.id}`);
    await expect(status.button).toHaveAccessibleName(`Status for booking #${booking.id}: Pending`);
    await expect(status.button).toHaveAttribute("aria-expanded", "false");
    await status.button.focus();
    await page.keyboard.press("Enter");
    await expect(status.list).toBeFocused();
    await expect(status.button).toHaveAttribute("aria-expanded", "true");
    await expect(status.list.getByRole("option", { selected: true })).toHaveText("Pending");
    await expectNoAxeViolations(page);
    // Escape closes it, changing nothing; Down opens it again on the current status.
    await page.keyboard.press("Escape");
    await expect(status.list).toBeHidden();
    await expect(status.button).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(status.list).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(status.list).toBeHidden();
    await expect(status.button).toBeFocused();
    await expectToast(page, "Success", "Booking status updated successfully");
    await expect(status.button).toHaveAccessibleName(`Status for booking #${booking.id}: Completed`);
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("completed");

    // The technician menu: Space opens it, a first letter finds the technician, Enter assigns.
    const assign = rowMenu(page, `Technician for booking #${booking.id}`);
    await expect(assign.button).toHaveAccessibleName(`Technician for booking #${booking.id}: Unassigned`);
    await assign.button.focus();
    await page.keyboard.press(" ");
    await expect(assign.list).toBeFocused();
    await page.keyboard.press("q");
    await page.keyboard.press("Enter");
    await expectToast(page, "Success", `Booking assigned to ${technicianName}`);
    await expect(assign.button).toHaveAccessibleName(`Technician for booking #${booking.id}: ${technicianName}`);
    await expect(assign.button).toBeFocused();
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).technicianId).toBe(technician.id);

    // Its own page says the same, and passes axe.
    await main(page)
      .getByRole("link", { name: `#${booking.id}`, exact: true })
      .click();
    await expect(main(page).getByRole("heading", { level: 1, name: `Booking #${booking.id}` })).toBeVisible();
    await expect(main(page).locator("#booking-technician")).toHaveValue(String(technician.id));
    await expect(main(page).getByRole("combobox", { name: "Status" })).toHaveValue("completed");
    await expectNoAxeViolations(page);
  });

  test("pages of 50, newest first, with the filters in the address", async ({ page, db }) => {
    test.slow(); // several sign-ins, pages and axe runs on a shared machine
    const customer = await newCustomer(db);
    const base = Date.now() - 3_600_000;
    // High and cancelled: a combination only this test makes (the calendar test makes a low, cancelled one meanwhile).
    await db.booking.createMany({
      data: Array.from({ length: 55 }, (_, i) => ({
        customerId: customer.id,
        summary: `Paged visit ${i + 1}`,
        priority: "high" as const,
        status: "cancelled" as const,
        scheduledDate: new Date(base + i * 60_000),
        createdAt: new Date(base + i * 1_000),
        serviceTitanId: i === 54 ? "ST-4410" : null,
      })),
    });
    await adminPage(page, db, "/admin/bookings");
    await main(page).getByRole("combobox", { name: "Status", exact: true }).selectOption("cancelled");
    await expect(page).toHaveURL(/status=cancelled/);
    await main(page).getByRole("combobox", { name: "Priority", exact: true }).selectOption("high");
    await expect(page).toHaveURL(/status=cancelled&priority=high/);

    const rows = main(page).getByRole("row").filter({ hasText: "Paged visit" });
    await expect(rows).toHaveCount(50);
    await expect(rows.first()).toContainText("Paged visit 55");
    await expect(rows.first()).toContainText("ST: ST-4410");
    await expect(rows.last()).toContainText("Paged visit 6");
    await main(page).getByRole("link", { name: "Older", exact: true }).click();
    await expect(page).toHaveURL(/before=/);
    await expect(rows).toHaveCount(5);
    await expect(rows.first()).toContainText("Paged visit 5");
    await main(page).getByRole("link", { name: "Newer", exact: true }).click();
    await expect(rows).toHaveCount(50);
    await expect(rows.first()).toContainText("Paged visit 55");
    await expectNoAxeViolations(page);

    // The export follows the filters.
    const download = page.waitForEvent("download");
    await main(page).getByRole("button", { name: "Export CSV", exact: true }).click();
    const csv = await readFile((await (await download).path())!, "utf8");
    expect(csv.match(/Paged visit/g)).toHaveLength(55);

    await page.goto("/admin/bookings?status=cancelled&priority=emergency");
    await expect(main(page).getByRole("heading", { name: "No bookings", exact: true })).toBeVisible();
  });
});

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
    await newDialog.getByRole("button", { name: "Create Booking", exact: true }).click();
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
    const other = await createUser(db, "admin");
    const login = await request.post("/api/auth/login", {
      data: { email: other.email, password: "levee-breaker-2025" },
    });
    expect(login.status()).toBe(200);
    const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
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
    await expectToast(page, "Success", `Booking assigned to ${technicianName}`);
    await expect(assign).toHaveValue(String(technician.id));
    releaseReread();
    await page.unroute("**/admin/calendar/day.data?*");
    await expect(assign).toBeEnabled();
    await expect(assign).toHaveValue(String(technician.id));
  });
});

test.describe("access", () => {
  for (const path of ADMIN_PAGES) {
    test(`${path}: Access Denied for a visitor (401) and a customer (403)`, async ({ page, db }) => {
      const anonymous = await page.goto(path);
      expect(anonymous?.status()).toBe(401);
      await expect(main(page).getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
      await expect(main(page).getByText("You need admin access to view this page.", { exact: true })).toBeVisible();
      await expect(main(page).getByRole("link", { name: "Go Home", exact: true })).toHaveAttribute("href", "/");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      if (path === "/dashboard") await expectNoAxeViolations(page);

      const customer = await createUser(db, "customer");
      const denied = await logIn(page, customer.email, { to: path });
      expect(denied?.status()).toBe(403);
      await expect(main(page).getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
    });
  }

  test("the pages' actions refuse non-admins too", async ({ request }) => {
    for (const path of ["/admin/users", "/admin/bookings", "/admin/calendar"]) {
      const response = await request.post(path, {
        form: {
          intent: path === "/admin/users" ? "change-role" : "update-status",
          userId: "1",
          bookingId: "1",
          role: "admin",
          status: "completed",
        },
      });
      expect(response.status(), path).toBe(401);
    }
  });
});

async function adminContext(browser: Browser, baseURL: string) {
  return browser.newContext({
    baseURL,
    timezoneId: "America/Chicago",
    extraHTTPHeaders: {
      "X-Forwarded-For": `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    },
  });
}

test.describe("live", () => {
  test("an emergency booked through the chat alerts an open admin page at once, and the list refreshes", async ({
    browser,
    baseURL,
    request,
    db,
  }) => {
    test.slow(); // several sign-ins, pages and axe runs on a shared machine
    const context = await adminContext(browser, baseURL!);
    const staff = await context.newPage();
    try {
      await adminPage(staff, db, "/admin/bookings");
      await expect(staff.getByRole("alert")).toHaveCount(0);

      const sessionId = `chat_${unique("live")}xxxxxxxx`;
      const created = await request.post("/api/chat/session", { data: { sessionId, status: "active" } });
      expect(created.ok()).toBe(true);
      const name = `Lucien Broussard ${uniqueLetters("x")}`;
      const booked = await request.post(`/api/chat/${sessionId}/book-appointment`, {
        data: {
          customerName: name,
          customerPhone: "(225) 555-0911",
          customerEmail: `${unique("lucien")}@example.com`,
          serviceType: "Emergency Electrical Service",
          priority: "emergency",
          description: "Smoke from the breaker box",
        },
      });
      expect(booked.status()).toBe(201);

      const alert = staff.getByRole("alert").filter({ hasText: name });
      await expect(alert).toBeVisible();
      await expect(alert).toContainText("Emergency");
      await expect(alert.getByRole("link", { name: new RegExp(`Call ${name}`) })).toHaveAttribute(
        "href",
        "tel:2255550911",
      );
      // The list heard of it too.
      await expect(staff.getByRole("main").getByRole("row").filter({ hasText: name })).toBeVisible();
      await expectNoAxeViolations(staff);

      // It follows the admin to another admin page, until dismissed.
      await staff.getByRole("main").getByRole("link", { name: "Back to Dashboard", exact: true }).click();
      await expect(staff.getByRole("main").getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
      await expect(alert).toBeVisible();
      await alert.getByRole("button", { name: `Dismiss emergency alert for ${name}` }).click();
      await expect(alert).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("every staff page fits the width", async ({ page, db }) => {
    test.setTimeout(budget(85)); // every staff page, each measured and checked by axe
    await adminPage(page, db, "/dashboard");
    for (const path of ADMIN_PAGES) {
      await page.goto(path);
      await waitLive(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
    }
  });
});
