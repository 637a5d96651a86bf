/**
 * Staff search from the staff bar (docs/product.md#search, #staff-pages): the box as a combobox
 * with JavaScript, the GET form to /admin/search without it, and the bar's links.
 */
import type { Page } from "@playwright/test";
import type { Db } from "@app/shared/db.server";
import { requireBusinessInstant } from "@app/shared/time";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { adminPage, createUser, logIn, main, uniqueLetters, waitLive } from "./staff";

test.use({ timezoneId: "America/Chicago" });

/** A customer no other test has: a unique surname and a phone number made of random digits. */
async function customerWithVisit(db: Db) {
  const surname = `Thibodeaux${uniqueLetters("x")}`;
  const line = String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
  const customer = await db.customer.create({
    data: {
      name: `Marie ${surname}`,
      email: `${surname.toLowerCase()}@example.com`,
      phone: `985-${line.slice(0, 3)}-${line.slice(3)}`,
      address: "4512 Perkins Rd, Baton Rouge, LA 70808",
    },
  });
  const booking = await db.booking.create({
    data: {
      customerId: customer.id,
      summary: "Panel upgrade",
      scheduledDate: requireBusinessInstant("2031-03-12", 9 * 60),
    },
  });
  return { customer, booking, surname, line };
}

const box = (page: Page) => page.getByRole("combobox", { name: "Find a customer, booking, estimate or invoice" });
const results = (page: Page) => page.getByRole("listbox", { name: "Customers, bookings and documents found" });

test.describe("staff search box", () => {
  test("an admin types a phone or a number and opens the customer and the booking from the results", async ({
    page,
    db,
  }) => {
    test.slow(); // a sign-in, several searches and axe runs on a shared machine
    const { customer, booking, line } = await customerWithVisit(db);
    await adminPage(page, db, "/admin/bookings");

    // The phone as people write it: the digits find it.
    await box(page).fill(`(985) ${line.slice(0, 3)}-${line.slice(3)}`);
    await expect(results(page).getByRole("option", { name: new RegExp(`^${customer.name}`) })).toBeVisible();
    await expect(
      page.getByRole("status").filter({ hasText: "1 customer, 1 booking and 0 documents found" }),
    ).toBeAttached();
    await expect(box(page)).toHaveAttribute("aria-expanded", "true");
    await expectNoAxeViolations(page);

    // Escape closes, Down opens on the first result (the customer), Enter opens it.
    await box(page).press("Escape");
    await expect(results(page)).toBeHidden();
    await box(page).press("ArrowDown");
    const first = results(page).getByRole("option").first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(box(page)).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
    await box(page).press("Enter");
    await expect(page).toHaveURL(new RegExp(`/admin/customers/${customer.id}$`));

    // The booking by its number, chosen with the pointer.
    await page.goto("/admin/calendar");
    await waitLive(page);
    await box(page).fill(`#${booking.id}`);
    await results(page)
      .getByRole("option", { name: new RegExp(`#${booking.id} Panel upgrade`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/bookings/${booking.id}$`));
    await expect(main(page).getByRole("heading", { level: 1, name: `Booking #${booking.id}` })).toBeVisible();
  });

  test("a name with a typo, and Enter with nothing chosen opens the search page", async ({ page, db }) => {
    const { customer, booking, surname } = await customerWithVisit(db);
    await adminPage(page, db, "/admin/users");
    // "Thibodeaux…" typed "Thibodaux…".
    const typo = surname.replace("Thibodeaux", "Thibodaux");
    await box(page).fill(typo);
    await expect(results(page).getByRole("option", { name: new RegExp(`^${customer.name}`) })).toBeVisible();
    await box(page).press("Enter");
    await expect(page).toHaveURL(new RegExp(`/admin/search\\?q=${typo}$`));
    await expect(main(page).getByRole("link", { name: customer.name })).toHaveAttribute(
      "href",
      `/admin/customers/${customer.id}`,
    );
    await expect(main(page).getByRole("link", { name: `#${booking.id} Panel upgrade` })).toBeVisible();
    await expect(box(page)).toHaveValue(typo);
    await expectNoAxeViolations(page);
  });
});

test.describe("staff bar", () => {
  test("marks the current page and fits a desktop and a phone", async ({ page, db }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await adminPage(page, db, "/admin/bookings");
    const bar = main(page).getByRole("navigation", { name: "Staff" });
    for (const [name, href] of [
      ["Today", "/dashboard"],
      ["Dispatch", "/admin/dispatch"],
      ["Bookings", "/admin/bookings"],
      ["Calendar", "/admin/calendar"],
      ["Inbox", "/admin/inbox"],
      ["Calls", "/admin/calls"],
      ["Users", "/admin/users"],
      ["Closures", "/admin/closures"],
      ["Price Book", "/admin/price-book"],
      ["Estimates", "/admin/estimates"],
      ["Invoices", "/admin/invoices"],
      ["Queues", "/admin/queues"],
    ] as const)
      await expect(bar.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    await expect(bar.getByRole("link", { name: "Bookings", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(bar.locator('[aria-current="page"]')).toHaveCount(1);
    // One row at 1280 px: the first and last links and the box share a line.
    const top = async (locator: ReturnType<Page["locator"]>) => (await locator.boundingBox())!.y;
    const firstTop = await top(bar.getByRole("link").first());
    expect(await top(bar.getByRole("link").last())).toBe(firstTop);

    await bar.getByRole("link", { name: "Queues", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/queues$/);
    await expect(
      main(page).getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Queues", exact: true }),
    ).toHaveAttribute("aria-current", "page");

    // A phone: the page does not scroll sideways (the links do, in their row).
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(box(page)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("staff search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the box is a form to /admin/search, which lists and links both", async ({ page, db }) => {
    const { customer, booking, line } = await customerWithVisit(db);
    const admin = await createUser(db, "admin");
    await logIn(page, admin.email, { to: "/admin/bookings" });
    await box(page).fill(`985${line}`);
    await box(page).press("Enter");
    await expect(page).toHaveURL(new RegExp(`/admin/search\\?q=985${line}$`));
    await expect(main(page).getByRole("link", { name: customer.name })).toHaveAttribute(
      "href",
      `/admin/customers/${customer.id}`,
    );
    await main(page)
      .getByRole("link", { name: `#${booking.id} Panel upgrade` })
      .click();
    await expect(main(page).getByRole("heading", { level: 1, name: `Booking #${booking.id}` })).toBeVisible();
  });
});
