/**
 * The price book (docs/product.md#price-book): an admin adds an item typing its price as people
 * do, sees it in dollars, edits it, deactivates it and sets the sales tax, with and without
 * JavaScript; refusals show beside the fields with what was typed; the page fits 1280 px and a
 * 390 px phone, and axe finds nothing.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { adminPage, createUser, logIn, main, unique } from "./staff";

// Both tests set the one sales-tax rate: one after the other.
test.describe.configure({ mode: "serial" });

/** Nothing wider than the window: no sideways scrolling of the page. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function addEditDeactivateAndTax(page: Page, js: boolean) {
  const name = unique("Panel tune-up ");
  const status = (text: string) => main(page).getByRole("status").filter({ hasText: text });

  // A price that is not dollars and cents is refused beside the field, with what was typed.
  const add = main(page).getByRole("region", { name: "Add an item" });
  await add.getByRole("textbox", { name: "Name" }).fill(name);
  await add.getByRole("textbox", { name: "Description" }).fill("Tighten lugs, test breakers");
  await add.getByRole("textbox", { name: "Unit price" }).fill("12.345");
  await add.getByRole("button", { name: "Add item" }).click();
  await expect(add.getByText("Enter a price in dollars up to $10,000,000.00, like 1,234.50")).toBeVisible();
  await expect(add.getByRole("textbox", { name: "Unit price" })).toHaveAttribute("aria-invalid", "true");
  await expect(add.getByRole("textbox", { name: "Unit price" })).toHaveValue("12.345");
  await expect(add.getByRole("textbox", { name: "Name" })).toHaveValue(name);

  await add.getByRole("textbox", { name: "Unit price" }).fill("$1,234.50");
  await add.getByRole("combobox", { name: "Unit" }).selectOption("each");
  await add.getByRole("button", { name: "Add item" }).click();
  await expect(status(`Added ${name} at $1,234.50.`)).toBeVisible();
  const row = main(page).locator(`[data-item="${name}"]`);
  await expect(row).toContainText("$1,234.50");
  await expect(row).toContainText("Tighten lugs, test breakers");
  await expect(row).toContainText("Taxable");
  await expect(row).toContainText("Active");
  if (js) await expectNoAxeViolations(page);

  // Edit: a refusal opens the item's form with what was typed; then a new price and unit.
  await row.locator("summary").click();
  const edit = row.getByRole("form", { name: `Edit ${name}` });
  await edit.getByRole("textbox", { name: "Unit price" }).fill("-5");
  await edit.getByRole("button", { name: `Save ${name}` }).click();
  await expect(edit.getByText("Enter a price in dollars up to $10,000,000.00, like 1,234.50")).toBeVisible();
  await expect(edit.getByRole("textbox", { name: "Unit price" })).toHaveValue("-5");
  await edit.getByRole("textbox", { name: "Unit price" }).fill("1,300");
  await edit.getByRole("combobox", { name: "Unit" }).selectOption("hour");
  await edit.getByRole("checkbox", { name: "Taxable" }).uncheck();
  await edit.getByRole("button", { name: `Save ${name}` }).click();
  await expect(status(`Saved ${name}.`)).toBeVisible();
  await expect(row).toContainText("$1,300.00");
  await expect(row).toContainText("per hour");
  await expect(row).toContainText("Not taxable");

  await row.getByRole("button", { name: `Deactivate ${name}` }).click();
  await expect(status(`${name} is inactive`)).toBeVisible();
  await expect(row).toContainText("Inactive");
  await expect(row.getByRole("button", { name: `Activate ${name}` })).toBeVisible();

  // The sales tax: a percent as typed, shown as the office reads it.
  const tax = main(page).getByRole("region", { name: /^Sales tax/ });
  await tax.getByRole("textbox", { name: "Sales tax (%)" }).fill("9.455555");
  await tax.getByRole("button", { name: "Save sales tax" }).click();
  await expect(tax.getByText("Enter a percent from 0 to 100, like 9.45")).toBeVisible();
  await expect(tax.getByRole("textbox", { name: "Sales tax (%)" })).toHaveValue("9.455555");
  await tax.getByRole("textbox", { name: "Sales tax (%)" }).fill("9.45");
  await tax.getByRole("button", { name: "Save sales tax" }).click();
  await expect(status("Sales tax is now 9.45%.")).toBeVisible();
  await expect(tax.getByTestId("sales-tax-rate")).toHaveText("9.45%");
}

test("an admin adds, edits and deactivates an item and sets the sales tax", async ({ page, db }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await adminPage(page, db, "/dashboard");
  await main(page)
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: /Price Book/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/price-book$/);
  await expect(main(page).getByRole("heading", { name: "Price Book", level: 1 })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Price Book" }),
  ).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);
  await addEditDeactivateAndTax(page, true);
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every form works as a plain post", async ({ page, db }) => {
    const admin = await createUser(db, "admin");
    await logIn(page, admin.email, { to: "/admin/price-book" });
    await addEditDeactivateAndTax(page, false);
  });
});
