/**
 * The dashboard's statistics, the way to each staff page, and logout (docs/product.md#dashboard).
 * Signed in as an admin created directly in the database.
 */
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { createUser, logIn, main, waitLive } from "./staff";

// The office is in Baton Rouge: the browser's zone is the business's, so a day picked is the day shown.
test.use({ timezoneId: "America/Chicago" });

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
