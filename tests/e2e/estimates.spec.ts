/**
 * Estimates (docs/product.md#estimates), in Chromium: an admin estimates a panel upgrade with three
 * options from the booking's page and sends it; the customer opens the emailed link on a phone and
 * approves "Better" with their name, goes straight on to pay its 25 % deposit on Stripe's page (the
 * stand-in's) and is back to "Deposit paid"; the admin's estimate page shows Approved without a reload.
 */
import { depositCents, documentTotals, formatCents } from "@app/shared/money/money";
import { expect, expectNoAxeViolations, mailbox, test } from "./fixtures";
import { adminPage, main, newCustomer, unique } from "./staff";

test("staff estimate a panel upgrade, the customer approves Better on a phone, staff see it live", async ({
  db,
  page,
  browser,
}) => {
  const customer = await newCustomer(db, "Evangeline Hebert");
  const booking = await db.booking.create({
    data: { customerId: customer.id, summary: "Panel upgrade", scheduledDate: new Date(Date.now() + 2 * 86_400_000) },
  });
  const panel = await db.priceBookItem.create({
    data: { name: `200 A panel ${unique("p")}`, unitPriceCents: 185_000 },
  });

  await adminPage(page, db, `/admin/bookings/${booking.id}`);
  await main(page).getByRole("link", { name: "New estimate" }).click();
  await expect(page).toHaveURL(`/admin/estimates/new?booking=${booking.id}`);
  const form = main(page);
  const row = (o: number, l: number, what: string) => form.getByLabel(`Option ${o}, line ${l}: ${what}`);
  for (const [o, labor] of [
    [1, "6"],
    [2, "7.5"],
    [3, "8"],
  ] as const) {
    await row(o, 1, "price book item").selectOption(String(panel.id));
    await row(o, 2, "description").fill("Electrician labor");
    await row(o, 2, "price in dollars").fill("125");
    await row(o, 2, "quantity").fill(labor);
  }
  await row(3, 3, "description").fill("Whole-home surge protector");
  await row(3, 3, "price in dollars").fill("329.99");
  await form.getByLabel("Option 2 discount ($)").fill("50");
  await form.getByLabel("Deposit (%)").fill("25");
  // The running total, by the money module at the rate in force: the panel, 7.5 hours at $125.00, less $50.00.
  const rate = (await db.businessSetting.findUnique({ where: { id: 1 } }))?.salesTaxRatePpm ?? 0;
  const lines = [
    { quantityHundredths: 100, unitPriceCents: 185_000, taxable: true },
    { quantityHundredths: 750, unitPriceCents: 12_500, taxable: true },
  ];
  const better = documentTotals(lines, rate, 5_000).totalCents;
  await expect(form.getByTestId("running-total").nth(1)).toContainText(formatCents(better));
  const deposit = depositCents(better, 25);
  await form.getByRole("button", { name: "Save estimate" }).click();

  await expect(page).toHaveURL(/\/admin\/estimates\/\d+$/);
  const number = (await page.getByRole("heading", { level: 1 }).textContent())!.replace("Estimate ", "").trim();
  expect(number).toMatch(/^EST-\d{4}-\d{4}$/);
  await expect(main(page).getByTestId("estimate-status")).toHaveText("Draft");
  await main(page).getByRole("button", { name: "Send", exact: true }).click();
  await expect(main(page).getByTestId("estimate-status")).toHaveText("Sent");
  await expect(main(page).getByRole("button", { name: "Send again" })).toBeVisible();

  const email = await mailbox.waitFor((e) => e.to.includes(customer.email) && e.subject.includes(number));
  const link = /Review and approve: (\S+)/.exec(email.text ?? "")![1]!;
  expect(email.attachments?.some((a) => a.filename === `${number}.pdf`)).toBe(true);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const customerPage = await phone.newPage();
    await customerPage.goto(new URL(link).pathname);
    await expect(customerPage.getByRole("heading", { name: `Estimate ${number}` })).toBeVisible();
    await expect(customerPage.getByTestId("estimate-option")).toHaveCount(3);
    expect(
      await customerPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      "no sideways scroll",
    ).toBe(true);
    await expectNoAxeViolations(customerPage);
    await customerPage.getByRole("radio", { name: /^Better/ }).check();
    await customerPage.getByLabel("Your full name (signature)").fill("Evangeline Hebert");
    await customerPage.getByRole("checkbox", { name: /I agree/ }).check();
    await customerPage.getByRole("button", { name: "Approve" }).click();
    // A deposit is asked: the customer goes straight on to Stripe's page (the stand-in's), pays, and is back.
    await expect(customerPage).toHaveURL(/\/pay\/cs_test_\w+$/);
    await expect(customerPage.getByText(formatCents(deposit))).toBeVisible();
    await customerPage.getByRole("button", { name: "Pay" }).click();
    await expect(customerPage).toHaveURL(new RegExp(`${new URL(link).pathname}\\?paid=1$`));
    await expect(customerPage.getByTestId("estimate-approved")).toContainText("Approved: Better");
    await expect(customerPage.getByTestId("deposit-paid")).toContainText(`Deposit of ${formatCents(deposit)} paid.`);
    await expect(customerPage.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await expectNoAxeViolations(customerPage);
  } finally {
    await phone.close();
  }

  // The admin's page, never reloaded, follows.
  await expect(main(page).getByTestId("estimate-status")).toHaveText("Approved", { timeout: 15_000 });
  await expect(main(page).getByTestId("estimate-approval")).toContainText("Better");
  await expect(main(page).getByTestId("estimate-approval")).toContainText("Evangeline Hebert");
  await expect(main(page).getByTestId("estimate-deposit")).toHaveText(`25% (${formatCents(deposit)}): paid`, {
    timeout: 15_000,
  });
});
