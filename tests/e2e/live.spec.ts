/**
 * Live staff pages: an emergency alerts an open admin page at once, and its list refreshes.
 * Signed in as an admin created directly in the database.
 */
import type { APIRequestContext, Browser } from "@playwright/test";
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

/** An emergency visit booked through the chat's booking form: every open staff page hears of it. */
async function bookEmergencyInChat(request: APIRequestContext, name: string) {
  const sessionId = `chat_${unique("live")}xxxxxxxx`;
  const created = await request.post("/api/chat/session", { data: { sessionId, status: "active" } });
  expect(created.ok()).toBe(true);
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

      const name = `Lucien Broussard ${uniqueLetters("x")}`;
      await bookEmergencyInChat(request, name);

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

  test("a page whose data cannot be loaded for a moment comes back by itself, and live", async ({
    browser,
    baseURL,
    request,
    db,
  }) => {
    test.slow(); // a sign-in and a booking on a shared machine
    const context = await adminContext(browser, baseURL!);
    const staff = await context.newPage();
    try {
      await adminPage(staff, db, "/admin/bookings");
      // The server cannot be reached for a moment (a deploy's restart, the office's network): every load of page
      // data fails, as a live reload's or the next page's does. (Set off here by going to the next page: a live
      // event's arrival is the worker's to time, and this is about what the page does once a load has failed.)
      const unreachable = (url: URL) => url.pathname.endsWith(".data");
      await staff.route(unreachable, (route) => route.abort("connectionrefused"));
      await staff.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Users", exact: true }).click();
      await expect(staff.getByRole("status").filter({ hasText: "Trying again by itself" })).toBeVisible();

      await staff.unroute(unreachable);
      const main = staff.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
      // Live again: the next emergency alerts the page.
      const name = `Eulalie Hebert ${uniqueLetters("x")}`;
      await bookEmergencyInChat(request, name);
      await expect(staff.getByRole("alert").filter({ hasText: name })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
