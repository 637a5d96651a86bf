/**
 * The staff invoice page's payment form (docs/product.md#payments), the one /jobs uses too: it
 * starts at the balance due, assumes no method, and dates the payment today (the business's day)
 * unless told another day; the answer is in view and focused, and the next payment starts at what
 * is left.
 */
import type { Db } from "@app/shared/db.server";
import { addLocalDays, businessDate } from "@app/shared/time";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { adminPage, main, newCustomer } from "./staff";

/** A sent invoice of $179.00, nothing paid. */
async function sentInvoice(db: Db) {
  const customer = await newCustomer(db, "Philomene Guidry");
  return db.invoice.create({
    data: {
      customerId: customer.id,
      status: "sent",
      sentAt: new Date(),
      taxRatePpm: 0,
      subtotalCents: 17_900,
      taxCents: 0,
      totalCents: 17_900,
      lines: {
        create: [
          {
            position: 1,
            description: "GFCI outlet",
            quantityHundredths: 200,
            unitPriceCents: 8_950,
            taxable: false,
            totalCents: 17_900,
          },
        ],
      },
    },
  });
}

test("Record a payment: the balance prefilled, no method preselected, the date received today or as told", async ({
  page,
  db,
}) => {
  const invoice = await sentInvoice(db);
  const dayBefore = businessDate();
  await adminPage(page, db, `/admin/invoices/${invoice.id}`);
  const form = main(page).getByRole("form", { name: "Record a payment" });
  await expect(form.getByLabel("Amount ($)")).toHaveValue("179.00");
  for (const method of ["Cash", "Check", "Other"])
    await expect(form.getByRole("radio", { name: method })).not.toBeChecked();
  const today = await form.getByLabel("Date received").inputValue();
  expect([dayBefore, businessDate()]).toContain(today);
  await expectNoAxeViolations(page);

  // No method: refused beside the choice, nothing recorded.
  await form.getByRole("button", { name: "Record payment" }).click();
  await expect(form).toContainText("Choose how the customer paid: cash, check or other");
  expect(await db.payment.count({ where: { invoiceId: invoice.id } })).toBe(0);

  // A check received two days ago, for part of it.
  const received = addLocalDays(today, -2);
  await form.getByRole("radio", { name: "Check" }).check();
  await form.getByLabel("Amount ($)").fill("100");
  await form.getByLabel("Date received").fill(received);
  await form.getByLabel("Check number or note").fill("5512");
  await form.getByRole("button", { name: "Record payment" }).click();
  const outcome = main(page).getByRole("status").filter({ hasText: "Recorded $100.00; $79.00 left to pay." });
  await expect(outcome).toBeFocused();
  await expect(outcome).toBeInViewport();
  const payment = await db.payment.findFirstOrThrow({ where: { invoiceId: invoice.id } });
  expect(payment).toMatchObject({ method: "check", amountCents: 10_000, reference: "5512" });
  expect(businessDate(payment.receivedAt)).toBe(received);

  // The next payment starts at what is left, again with no method chosen and today's date.
  await expect(form.getByLabel("Amount ($)")).toHaveValue("79.00");
  await expect(form.getByRole("radio", { name: "Check" })).not.toBeChecked();
  expect([dayBefore, businessDate()]).toContain(await form.getByLabel("Date received").inputValue());

  // The rest in cash, today: paid in full, the form gone, the answer still in view.
  await form.getByRole("radio", { name: "Cash" }).check();
  await form.getByRole("button", { name: "Record payment" }).click();
  const paid = main(page).getByRole("status").filter({ hasText: "Recorded $79.00; paid in full." });
  await expect(paid).toBeFocused();
  await expect(main(page).getByRole("form", { name: "Record a payment" })).toHaveCount(0);
});
