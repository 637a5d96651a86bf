/**
 * Live staff pages: an emergency alerts an open admin page at once, and its list refreshes.
 * Signed in as an admin created directly in the database.
 */
import type { Browser } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { adminPage, unique, uniqueLetters } from "./staff";

// The office is in Baton Rouge: the browser's zone is the business's, so a day picked is the day shown.
test.use({ timezoneId: "America/Chicago" });

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
