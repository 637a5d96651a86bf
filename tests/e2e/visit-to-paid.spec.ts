/**
 * From visit to paid (docs/product.md#estimates, #job-record, #invoices, #payments), in Chromium: an
 * admin estimates a panel upgrade with three options from the booking's page and sends it; the
 * customer opens the emailed link on a phone, approves "Better" with their name and goes straight on
 * to pay its 25 % deposit on Stripe's page (the stand-in's); the technician adds a photo and an extra
 * GFCI on /jobs and completes the visit; the invoice drafted on completion (deposit credited) is sent
 * with a PDF whose text carries the right total; the customer pays the balance online; Stripe's
 * webhook, delivered twice, records one payment; the admin's pages follow each step without a reload.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { balanceCents, depositCents, documentTotals, formatCents } from "@app/shared/money/money";
import { requireBusinessInstant } from "@app/shared/time";
import { pdfText } from "../support/pdf-text";
import { budget, expect, expectNoAxeViolations, mailbox, test } from "./fixtures";
import { openVisit, recordOf, visitDay } from "./jobs-day";
import { adminPage, createUser, logIn, main, newCustomer, unique } from "./staff";

/** The document's number from its page's heading ("Estimate EST-2026-0007"), once the page shows it. */
async function headingNumber(page: Page, title: "Estimate" | "Invoice", kind: "EST" | "INV") {
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(new RegExp(`^${title} ${kind}-\\d{4}-\\d{4}$`));
  return (await heading.textContent())!.replace(`${title} `, "").trim();
}

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: "America/Chicago" };

test("a panel upgrade from estimate to paid: approved and deposit paid on a phone, the job recorded, the invoice paid online once", async ({
  db,
  page,
  browser,
}) => {
  test.setTimeout(budget(108)); // estimate, deposit, job record, invoice and payment, the worker at each step
  const customer = await newCustomer(db, "Evangeline Hebert");
  const tech = await createUser(db, "technician", "Remy");
  const booking = await db.booking.create({
    data: {
      customerId: customer.id,
      summary: "Panel upgrade",
      // A day that does not end while the test runs (tests/e2e/jobs-day.ts): the completed visit stays on /jobs.
      scheduledDate: requireBusinessInstant(visitDay(), 7 * 60),
      technicianId: tech.id,
      address: "4521 Government St, Baton Rouge",
    },
  });
  const panel = await db.priceBookItem.create({
    data: { name: `200 A panel ${unique("p")}`, unitPriceCents: 185_000 },
  });

  await adminPage(page, db, `/admin/bookings/${booking.id}`);
  await main(page).getByRole("link", { name: "New estimate" }).click();
  await expect(page).toHaveURL(`/admin/estimates/new?booking=${booking.id}`);
  const form = main(page);
  const row = (o: number, l: number, what: string) => form.getByLabel(`Option ${o}, line ${l}: ${what}`);
  for (const [o, name, labor] of [
    [1, "Good", "6"],
    [2, "Better", "7.5"],
    [3, "Best", "8"],
  ] as const) {
    if (o > 1) await form.getByRole("button", { name: "Add an option" }).click();
    await form.getByLabel(`Option ${o} name`).fill(name);
    // The price book's picker: the item's name typed, Enter picks the match.
    const picker = form.getByRole("combobox", { name: `Option ${o}, line 1: price book item` });
    await picker.fill(panel.name);
    await picker.press("Enter");
    await expect(row(o, 1, "price in dollars")).toHaveValue("1850.00");
    await form.getByRole("button", { name: `Option ${o}: add a line` }).click();
    await row(o, 2, "description").fill("Electrician labor");
    await row(o, 2, "price in dollars").fill("125");
    await row(o, 2, "quantity").fill(labor);
  }
  await form.getByRole("button", { name: "Option 3: add a line" }).click();
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

  await expect(page).toHaveURL(/\/admin\/estimates\/\d+\?saved=1$/);
  // The address changes before the estimate's page has rendered: wait for its heading, then read it.
  const number = await headingNumber(page, "Estimate", "EST");
  await expect(main(page).getByTestId("estimate-status")).toHaveText("Draft");
  await main(page).getByRole("button", { name: "Send", exact: true }).click();
  await expect(main(page).getByTestId("estimate-status")).toHaveText("Sent");
  await expect(main(page).getByRole("button", { name: "Send again" })).toBeVisible();

  const email = await mailbox.waitFor((e) => e.to.includes(customer.email) && e.subject.includes(number));
  const link = /Review and approve: (\S+)/.exec(email.text ?? "")![1]!;
  expect(email.attachments?.some((a) => a.filename === `${number}.pdf`)).toBe(true);

  const phone = await browser.newContext(PHONE);
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

  // The technician, on their phone: a photo and a second GFCI on the job record, then the visit completed.
  const techPhone = await browser.newContext(PHONE);
  try {
    const techPage = await techPhone.newPage();
    await logIn(techPage, tech.email);
    await expect(techPage).toHaveURL(/\/jobs$/);
    // The visit is the technician's one: open by default, with its record.
    const record = recordOf(techPage, booking.id);
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    await record.getByLabel(/Add photos/).setInputFiles({ name: "panel.jpg", mimeType: "image/jpeg", buffer: jpeg });
    await record.getByRole("button", { name: /Upload photos/ }).click();
    await expect(record.getByText("panel.jpg: saved.")).toBeVisible();
    await record.getByText("Add an item").click();
    await record.getByLabel("Or describe it").fill("GFCI outlet");
    await record.getByLabel("Price ($)").fill("165.00");
    await record.getByLabel("Quantity").fill("1");
    await record.getByRole("button", { name: /Add item/ }).click();
    await expect(record.getByRole("listitem").filter({ hasText: "GFCI outlet" })).toContainText("$165.00");
    const job = openVisit(techPage);
    await expect(job).toHaveAccessibleName(/Panel upgrade/);
    await job.getByRole("button", { name: /Start visit/ }).tap();
    await expect(job).toContainText("In progress");
    await job.getByRole("button", { name: /Mark completed/ }).tap();
    await expect(job).toContainText("Completed");
  } finally {
    await techPhone.close();
  }

  // The invoice was drafted on completion: Better's lines and the GFCI, the deposit credited.
  const invoiceLines = [...lines, { quantityHundredths: 100, unitPriceCents: 16_500, taxable: true }];
  const total = documentTotals(invoiceLines, rate, 5_000).totalCents;
  const due = balanceCents(total, deposit);
  await page.goto(`/admin/bookings/${booking.id}`);
  await main(page)
    .getByRole("link", { name: /^INV-\d{4}-\d{4} \(Draft\)$/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/invoices\/\d+$/);
  const invoiceNumber = await headingNumber(page, "Invoice", "INV");
  await expect(main(page).getByTestId("invoice-status")).toHaveText("Draft");
  await expect(main(page)).toContainText("GFCI outlet");
  await expect(main(page).getByTestId("invoice-balance")).toHaveText(formatCents(due));
  await main(page).getByRole("button", { name: "Send", exact: true }).click();
  await expect(main(page).getByTestId("invoice-status")).toHaveText("Partially paid");

  const invoiceEmail = await mailbox.waitFor(
    (e) => e.to.includes(customer.email) && e.subject.includes(`Your invoice ${invoiceNumber}`),
  );
  const pdf = invoiceEmail.attachments?.find((a) => a.filename === `${invoiceNumber}.pdf`);
  const pdfWords = pdfText(pdf!.content);
  expect(pdfWords).toContain(`Invoice ${invoiceNumber}`);
  expect(pdfWords).toContain(formatCents(total));
  expect(pdfWords).toContain(formatCents(due));
  const invoiceLink = /View and pay your invoice: (\S+)/.exec(invoiceEmail.text ?? "")![1]!;

  // The customer pays the balance on their phone.
  const payPhone = await browser.newContext(PHONE);
  let sessionId: string;
  try {
    const customerPage = await payPhone.newPage();
    await customerPage.goto(new URL(invoiceLink).pathname);
    await expect(customerPage.getByRole("heading", { name: `Invoice ${invoiceNumber}` })).toBeVisible();
    await expectNoAxeViolations(customerPage);
    await customerPage.getByRole("button", { name: `Pay ${formatCents(due)} online` }).click();
    await expect(customerPage).toHaveURL(/\/pay\/cs_test_\w+$/);
    sessionId = /cs_test_\w+$/.exec(customerPage.url())![0];
    await expect(customerPage.getByText(formatCents(due))).toBeVisible();
    await customerPage.getByRole("button", { name: "Pay" }).click();
    await expect(customerPage).toHaveURL(new RegExp(`${new URL(invoiceLink).pathname}\\?paid=1$`));
    await customerPage.reload();
    await expect(customerPage.getByTestId("invoice-status")).toHaveText("Paid");
  } finally {
    await payPhone.close();
  }

  // The admin's invoice page, never reloaded, shows it paid.
  await expect(main(page).getByTestId("invoice-status")).toHaveText("Paid", { timeout: 15_000 });
  await expect(main(page).getByTestId("invoice-balance")).toHaveText(formatCents(0));

  // Stripe delivers the same event again: it changes nothing, and one payment of the balance is on record.
  const again = await fetch(new URL(`/__test/sessions/${sessionId}/redeliver`, process.env.E2E_STRIPE_URL), {
    method: "POST",
  });
  expect(((await again.json()) as { status: number }).status).toBe(200);
  const invoice = await db.invoice.findUniqueOrThrow({ where: { number: invoiceNumber }, include: { payments: true } });
  expect(invoice).toMatchObject({ status: "paid", paidCents: total });
  expect(invoice.payments.map((p) => [p.method, p.amountCents]).sort()).toEqual(
    [
      ["card", deposit],
      ["card", due],
    ].sort(),
  );
});
