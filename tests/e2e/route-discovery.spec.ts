/**
 * The browser knows every route from the first page (web/vite.config.ts: no lazy route discovery),
 * so a visitor whose requests to /__manifest fail (a dropped connection, a proxy that refuses the
 * address) still gets what they asked for. With lazy discovery, following a link or posting a form
 * to an address not yet discovered, or to any address with a parameter (/estimates/<token>), first
 * asked /__manifest, and when that failed the page showed the error page instead: the estimate
 * was not declined (issue 42). Each test hydrates the page before using it, so the browser's
 * router, not a plain form post or link, handles what the visitor does.
 */
import { randomToken, sha256 } from "@app/shared/tokens.server";
import type { Page } from "@playwright/test";
import { expect, openInApp, test } from "./fixtures";
import { newCustomer } from "./staff";

/** Every request to /__manifest fails, as a dropped connection would; answers the addresses asked. */
async function failRouteDiscovery(page: Page) {
  const asked: string[] = [];
  await page.route("**/__manifest*", (route) => {
    asked.push(route.request().url());
    return route.abort("connectionreset");
  });
  return asked;
}

test("with /__manifest failing, the customer still declines the estimate on its page", async ({ db, page }) => {
  const customer = await newCustomer(db, "Amedee Thibodeaux");
  const token = randomToken();
  const estimate = await db.estimate.create({
    data: {
      customerId: customer.id,
      status: "sent",
      taxRatePpm: 0,
      sentAt: new Date(),
      tokenHash: sha256(token),
      sealedToken: "unused",
      tokenExpiresAt: new Date(Date.now() + 86_400_000),
      options: {
        create: [
          { position: 1, name: "Good", subtotalCents: 45_000, taxCents: 0, totalCents: 45_000, depositCents: 0 },
        ],
      },
    },
  });
  await failRouteDiscovery(page);

  await page.goto(`/estimates/${token}`);
  // Hydrated: Conform turns the browser's own checks off (novalidate) once the form is the app's.
  await expect(page.locator("form#decline[novalidate]")).toHaveCount(1);
  await page.getByText("Not going ahead? Decline this estimate").click();
  await page.getByLabel("Why (optional)").selectOption({ label: "I am not doing the work now" });
  await page.getByRole("button", { name: "Decline estimate" }).click();

  await expect(page.getByTestId("estimate-declined")).toContainText("You declined this estimate on");
  await expect(page.getByRole("heading", { name: /Something went wrong/ })).toHaveCount(0);
  const stored = await db.estimate.findUniqueOrThrow({ where: { id: estimate.id } });
  expect(stored.status).toBe("declined");
});

test("with /__manifest failing, a visitor goes from Book online to Contact, sends a message, then opens Book online again", async ({
  page,
}) => {
  await failRouteDiscovery(page);
  // The public pages opened from outside carry none of the app's code
  // (docs/decisions/025-public-pages-without-app-scripts.md): /book does, and its header's Contact
  // link is followed by the app's router.
  await openInApp(page, "/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  await expect(page.locator("form#contact-form[novalidate]")).toHaveCount(1);
  const text = `The porch light flickers ${Date.now()}`;
  await page.getByRole("textbox", { name: "First name", exact: true }).fill("Lucien");
  await page.getByRole("textbox", { name: "Last name", exact: true }).fill("Guidry");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("lucien@example.com");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill(text);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status")).toContainText("Thank you for your message!");

  await page.getByRole("banner").getByRole("link", { name: "Book online" }).click();
  await expect(page).toHaveURL(/\/book$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Something went wrong/ })).toHaveCount(0);
  // The same document throughout: the app's router showed each page.
  expect(await page.evaluate(() => "__remixContext" in window)).toBe(true);
});
