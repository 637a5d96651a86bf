/**
 * Every staff page: Access Denied to anyone but admins, and fitting a phone's width (docs/product.md#staff-pages).
 * Signed in as an admin created directly in the database.
 */
import { budget, expect, expectNoAxeViolations, test } from "./fixtures";
import { adminPage, createUser, logIn, main, waitLive } from "./staff";

// The office is in Baton Rouge: the browser's zone is the business's, so a day picked is the day shown.
test.use({ timezoneId: "America/Chicago" });

const ADMIN_PAGES = ["/dashboard", "/admin/users", "/admin/bookings", "/admin/calendar"] as const;

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
