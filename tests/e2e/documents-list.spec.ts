/**
 * The office finds its estimates and invoices (docs/product.md#estimates, #invoices, #search): the
 * /admin/invoices list filtered to Unpaid, a number typed in the staff bar's search box, and both
 * lists checked by axe. Documents are written in the database as their services leave them.
 */
import type { Page } from "@playwright/test";
import type { Db } from "@app/shared/db.server";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { adminPage, main, uniqueLetters } from "./staff";

test.use({ timezoneId: "America/Chicago" });

/** A customer no other test has, with a sent, a paid and a draft invoice and a sent estimate. */
async function customerWithDocuments(db: Db) {
  const surname = `Guidry${uniqueLetters("d")}`;
  const customer = await db.customer.create({
    data: { name: `Odile ${surname}`, email: `${surname.toLowerCase()}@example.com`, phone: "225-555-0190" },
  });
  const invoice = (status: "draft" | "sent" | "paid", totalCents: number) =>
    db.invoice.create({
      data: {
        customerId: customer.id,
        status,
        taxRatePpm: 0,
        subtotalCents: totalCents,
        taxCents: 0,
        totalCents,
        paidCents: status === "paid" ? totalCents : 0,
        ...(status === "draft" ? {} : { sentAt: new Date() }),
        ...(status === "paid" ? { paidAt: new Date() } : {}),
      },
    });
  const sent = await invoice("sent", 184_250);
  const paid = await invoice("paid", 45_000);
  const draft = await invoice("draft", 12_500);
  const estimate = await db.estimate.create({
    data: {
      customerId: customer.id,
      status: "sent",
      taxRatePpm: 0,
      sentAt: new Date(),
      options: {
        create: [
          { position: 1, name: "Good", subtotalCents: 150_000, taxCents: 0, totalCents: 150_000, depositCents: 0 },
          { position: 2, name: "Best", subtotalCents: 310_000, taxCents: 0, totalCents: 310_000, depositCents: 0 },
        ],
      },
    },
  });
  return { customer, sent, paid, draft, estimate };
}

const table = (page: Page, name: string) => main(page).getByRole("table", { name });
const box = (page: Page) => page.getByRole("combobox", { name: "Find a customer, booking, estimate or invoice" });

test.describe("the lists of estimates and invoices", () => {
  test("the office filters invoices to Unpaid and opens one; axe finds nothing on either list", async ({
    page,
    db,
  }) => {
    test.slow(); // a sign-in, four pages and two axe runs on a shared machine
    const { customer, sent, paid, draft, estimate } = await customerWithDocuments(db);
    await adminPage(page, db, "/admin/invoices");
    const bar = main(page).getByRole("navigation", { name: "Staff" });
    await expect(bar.getByRole("link", { name: "Invoices", exact: true })).toHaveAttribute("aria-current", "page");

    await main(page).getByRole("searchbox", { name: "Search" }).fill(customer.name);
    await main(page).getByRole("combobox", { name: "Status" }).selectOption({ label: "Unpaid" });
    await main(page).getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/\/admin\/invoices\?q=.+&status=unpaid$/);
    const rows = table(page, "Invoices matching the filters, newest first");
    await expect(rows.getByRole("link", { name: sent.number })).toBeVisible();
    await expect(rows.getByRole("link", { name: paid.number })).toHaveCount(0);
    await expect(rows.getByRole("link", { name: draft.number })).toHaveCount(0);
    await expect(rows.getByRole("row", { name: new RegExp(sent.number) })).toContainText("$1,842.50");
    await expect(rows.getByRole("row", { name: new RegExp(sent.number) })).toContainText("0 days outstanding");
    await expect(rows.getByRole("link", { name: customer.name })).toHaveAttribute(
      "href",
      `/admin/customers/${customer.id}`,
    );
    await expectNoAxeViolations(page);

    await rows.getByRole("link", { name: sent.number }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/invoices/${sent.id}$`));
    await expect(main(page).getByRole("heading", { level: 1, name: `Invoice ${sent.number}` })).toBeVisible();

    // The estimates, by the staff bar's link; filtered to nothing, it says so.
    await bar.getByRole("link", { name: "Estimates", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/estimates$/);
    await main(page).getByRole("searchbox", { name: "Search" }).fill(customer.name);
    await main(page).getByRole("searchbox", { name: "Search" }).press("Enter");
    const estimates = table(page, "Estimates matching the filters, newest first");
    await expect(estimates.getByRole("link", { name: estimate.number })).toBeVisible();
    await expect(estimates.getByRole("row", { name: new RegExp(estimate.number) })).toContainText(
      "$1,500.00 to $3,100.00",
    );
    await expectNoAxeViolations(page);
    await main(page).getByRole("combobox", { name: "Status" }).selectOption({ label: "Approved" });
    await main(page).getByRole("button", { name: "Filter" }).click();
    await expect(main(page).getByRole("heading", { level: 2, name: "No estimates" })).toBeVisible();
    await expect(main(page).getByText("No estimates match these filters.")).toBeVisible();
  });

  test("an invoice's number typed in the staff search box is offered under Documents, and Enter opens it", async ({
    page,
    db,
  }) => {
    const { sent } = await customerWithDocuments(db);
    await adminPage(page, db, "/admin/bookings");
    // "INV-2026-0042" as someone says it on the phone: "inv 2026 42".
    const [, year, serial] = sent.number.split("-");
    await box(page).fill(`inv ${year} ${Number(serial)}`);
    const documents = page
      .getByRole("listbox", { name: "Customers, bookings and documents found" })
      .getByRole("group", { name: "Documents" });
    await expect(documents.getByRole("option", { name: new RegExp(`^${sent.number}`) })).toBeVisible();
    await expect(
      page.getByRole("status").filter({ hasText: "0 customers, 0 bookings and 1 document found" }),
    ).toBeAttached();
    await box(page).press("ArrowDown");
    await expect(documents.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await box(page).press("Enter");
    await expect(page).toHaveURL(new RegExp(`/admin/invoices/${sent.id}$`));
    await expect(main(page).getByRole("heading", { level: 1, name: `Invoice ${sent.number}` })).toBeVisible();
  });
});
