/**
 * Every emergency is heard (docs/product.md#contact-page): a /contact message that is an emergency raises
 * the banner on an open admin page as it arrives (no reload), reaches the staff's devices through the push
 * service (the stand-in, tests/support/push-standin.ts), and the visitor is told to call the emergency
 * line now, with the number as a link, with JavaScript or without.
 */
import type { Browser, Page } from "@playwright/test";
import { business } from "@app/shared/business";
import { randomIp } from "../support/stack";
import { expect, expectNoAxeViolations, pushService, test } from "./fixtures";
import { adminPage, main, uniqueLetters } from "./staff";

const CALL_NOW = `This sounds like an emergency: please call our emergency line now at ${business.phone}.`;

async function fillContact(page: Page, lastName: string, message: string, service: string) {
  await page.getByRole("textbox", { name: "First name", exact: true }).fill("Delphine");
  await page.getByRole("textbox", { name: "Last name", exact: true }).fill(lastName);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("delphine@example.com");
  await page.getByRole("textbox", { name: "Phone", exact: true }).fill("(225) 555-0177");
  await page.getByRole("combobox", { name: "Service needed" }).selectOption(service);
  await page.getByRole("textbox", { name: "Message", exact: true }).fill(message);
  await page.getByRole("button", { name: "Send Message" }).click();
}

/** The visitor's answer: call now, the number a tel: link, never "within 24 hours". */
async function expectToldToCall(page: Page) {
  const status = page.getByRole("status").filter({ hasText: CALL_NOW });
  await expect(status).toBeVisible();
  await expect(status.getByRole("link", { name: business.phone, exact: true })).toHaveAttribute(
    "href",
    business.phoneHref,
  );
  await expect(page.getByText("We'll get back to you within 24 hours")).toHaveCount(0);
}

const staffContext = (browser: Browser, baseURL: string) =>
  browser.newContext({ baseURL, timezoneId: "America/Chicago", extraHTTPHeaders: { "X-Forwarded-For": randomIp() } });

test("a /contact emergency raises the banner on an open admin page, reaches the push service, and tells the visitor to call now", async ({
  browser,
  baseURL,
  page,
  db,
}) => {
  test.slow(); // two browsers, a sign-in and axe on a shared machine
  const context = await staffContext(browser, baseURL!);
  const staff = await context.newPage();
  try {
    await adminPage(staff, db, "/admin/bookings");
    // This admin's device, at the stand-in push service (saved with the page's own session).
    const device = await pushService.subscribe();
    const saved = await staff.request.post("/api/push/subscriptions", { data: device });
    expect(saved.status()).toBe(201);
    // The page is never reloaded: this mark would be gone.
    await staff.evaluate(() => {
      (window as Window & { stayedOpen?: boolean }).stayedOpen = true;
    });

    const lastName = uniqueLetters("Guidry");
    const name = `Delphine ${lastName}`;
    const message = "Sparks coming from the outlet behind the fridge";
    await page.goto("/contact");
    await fillContact(page, lastName, message, "residential");
    await expectToldToCall(page);

    const banner = staff.getByRole("alert").filter({ hasText: name });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(`Emergency message: ${name}`);
    await expect(banner).toContainText(message);
    await expect(banner.getByRole("link", { name: `Call ${name} at (225) 555-0177` })).toHaveAttribute(
      "href",
      "tel:2255550177",
    );
    const stored = await db.contactMessage.findFirstOrThrow({ where: { lastName }, select: { id: true } });
    const open = banner.getByRole("link", { name: "Open the message" });
    await expect(open).toHaveAttribute("href", `/admin/inbox?item=contact%3A${stored.id}`);
    expect(await staff.evaluate(() => (window as Window & { stayedOpen?: boolean }).stayedOpen)).toBe(true);
    await expectNoAxeViolations(staff);

    await expect
      .poll(async () => (await pushService.received(device.endpoint)).map((p) => p.payload))
      .toContainEqual({
        title: `EMERGENCY: message from ${name}`,
        body: `(225) 555-0177 · ${message}`,
        url: `/admin/inbox?item=contact%3A${stored.id}`,
        tag: `emergency-lead-contact-${stored.id}`,
      });

    // The link opens the message, flagged red, with the call link.
    await open.click();
    await expect(staff).toHaveURL(new RegExp(`item=contact%3A${stored.id}$`));
    await expect(main(staff).getByRole("heading", { name: `Contact message from ${name}` })).toBeVisible();
    await expect(main(staff).locator("[data-inbox-emergency]")).toContainText(`call ${name} at (225) 555-0177`);
    await expect(main(staff).locator(`[data-inbox-item="contact:${stored.id}"]`)).toContainText("Emergency");
  } finally {
    await context.close();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("choosing Emergency tells the visitor to call now, with the number as a link", async ({ page }) => {
    await page.goto("/contact");
    await fillContact(page, uniqueLetters("Hebert"), "Please call me back.", "emergency");
    await expectToldToCall(page);
  });
});
