/**
 * A customer's record (docs/product.md#customer-record): an admin opens it from a booking, edits
 * the phone, adds a note and sees the visit; and merges two records through the confirmation,
 * then undoes it from the record (docs/decisions/018-customer-merge-undo.md).
 */
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { adminPage, createUser, logIn, main, newCustomer, unique } from "./staff";

test.use({ timezoneId: "America/Chicago" });

test("an admin opens a customer's record from a booking, edits the phone, adds a note and sees the visit", async ({
  page,
  db,
}) => {
  const customer = await newCustomer(db, "Record Customer");
  const summary = `Record visit ${unique("v")}`;
  const booking = await db.booking.create({
    data: { customerId: customer.id, summary, scheduledDate: new Date("2031-04-01T15:00:00Z") },
  });
  await adminPage(page, db, `/admin/bookings/${booking.id}`);
  await main(page).getByRole("link", { name: customer.name }).click();
  await expect(page).toHaveURL(`/admin/customers/${customer.id}`);
  await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(customer.name);

  const visits = main(page).getByRole("region", { name: "Visits" });
  const row = visits.getByRole("row").filter({ hasText: summary });
  // Baton Rouge time: 15:00 UTC is 10:00 AM there in April.
  await expect(row).toContainText("Apr 1, 2031, 10:00 AM");
  await expect(row.getByRole("link", { name: `#${booking.id}` })).toHaveAttribute(
    "href",
    `/admin/bookings/${booking.id}`,
  );

  const details = main(page).getByRole("region", { name: "Contact details" });
  const phone = details.getByRole("textbox", { name: "Phone" });
  await phone.fill("call me");
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(details.getByText("Enter a valid phone number")).toBeVisible();
  await phone.fill("(225) 555-0199");
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(main(page).getByText("Customer details saved.")).toBeVisible();
  await expect
    .poll(async () => (await db.customer.findUniqueOrThrow({ where: { id: customer.id } })).phone)
    .toBe("(225) 555-0199");
  await expect(phone).toHaveValue("(225) 555-0199");

  const notes = main(page).getByRole("region", { name: "Staff notes" });
  await notes.getByRole("textbox", { name: "New note" }).fill("Side gate is locked; call on arrival");
  await notes.getByRole("button", { name: "Add note" }).click();
  await expect(notes.getByRole("listitem").filter({ hasText: "Side gate is locked; call on arrival" })).toBeVisible();
  await expect(notes.getByRole("textbox", { name: "New note" })).toHaveValue("");
  await expectNoAxeViolations(page);
});

test("the record's Money section shows what the customer owes and an invoice with its balance", async ({
  page,
  db,
}) => {
  const customer = await newCustomer(db, "Money Customer");
  const invoice = await db.invoice.create({
    data: {
      customerId: customer.id,
      status: "partially_paid",
      taxRatePpm: 0,
      subtotalCents: 120_000,
      taxCents: 0,
      totalCents: 120_000,
      paidCents: 45_000,
      sentAt: new Date("2031-04-02T15:00:00Z"),
      lines: {
        create: [
          {
            position: 1,
            description: "Panel upgrade",
            quantityHundredths: 100,
            unitPriceCents: 120_000,
            taxable: false,
            totalCents: 120_000,
          },
        ],
      },
    },
  });
  await adminPage(page, db, `/admin/customers/${customer.id}`);
  const money = main(page).getByRole("region", { name: "Money" });
  await expect(money.getByText("Owed now: $750.00")).toBeVisible();
  await expect(money.getByRole("link", { name: "New estimate" })).toHaveAttribute(
    "href",
    `/admin/estimates/new?customer=${customer.id}`,
  );
  const row = money.getByRole("row").filter({ hasText: invoice.number });
  await expect(row.getByRole("link", { name: invoice.number })).toHaveAttribute(
    "href",
    `/admin/invoices/${invoice.id}`,
  );
  await expect(row).toContainText("Partially paid");
  await expect(row).toContainText("$1,200.00");
  await expect(row).toContainText("$450.00");
  await expect(row).toContainText("$750.00");
  await expect(money.getByText("No estimates yet.")).toBeVisible();
  await expectNoAxeViolations(page);

  // A quote asked by phone, before any visit: New estimate from the record, one written-in line, saved.
  await money.getByRole("link", { name: "New estimate" }).click();
  await expect(main(page)).toContainText(`For ${customer.name}, without a visit yet.`);
  await main(page).getByLabel("Option 1, line 1: description").fill("Whole-home surge protector");
  await main(page).getByLabel("Option 1, line 1: price in dollars").fill("329.99");
  // One option, its name left blank (the customer reads "Proposed work").
  await main(page).getByRole("button", { name: "Save estimate" }).click();
  await expect(page).toHaveURL(/\/admin\/estimates\/\d+\?saved=1$/);
  await expect(main(page).getByTestId("estimate-status")).toHaveText("Draft");
  await expect(main(page)).toContainText("No visit yet");
  await main(page)
    .getByRole("link", { name: `${customer.name}'s record` })
    .click();
  await expect(main(page).getByRole("region", { name: "Money" }).getByRole("row", { name: /EST-/ })).toContainText(
    "$329.99",
  );
});

for (const js of [true, false])
  test(`merges two records through the confirmation and undoes it (${js ? "with" : "without"} JavaScript)`, async ({
    browser,
    db,
  }) => {
    test.slow(); // two records, three pages and a sign-in on a shared machine
    const context = await browser.newContext({ javaScriptEnabled: js, timezoneId: "America/Chicago" });
    const page = await context.newPage();
    const kept = await newCustomer(db, "Kept Record");
    const lead = await db.customer.create({
      data: { name: "Lead Record", email: kept.email, phone: "(225) 555-0100", address: "9 Bayou Rd, Walker" },
    });
    const summary = `Lead visit ${unique("m")}`;
    const booking = await db.booking.create({
      data: { customerId: lead.id, summary, scheduledDate: new Date("2031-05-02T15:00:00Z"), source: "chat" },
    });
    if (js) await adminPage(page, db, "/admin/bookings");
    else {
      await logIn(page, (await createUser(db, "admin")).email, { to: "/admin/bookings" });
    }
    const row = main(page).getByRole("row").filter({ hasText: summary });
    await row.getByRole("link", { name: new RegExp(`^Merge into #${kept.id}`) }).click();
    await expect(page).toHaveURL(`/admin/customers/merge?booking=${booking.id}`);
    await expect(main(page).getByRole("heading", { name: "Merge customer records" })).toBeVisible();
    await expect(main(page).getByRole("region", { name: `Merged away: customer #${lead.id}` })).toContainText(
      "9 Bayou Rd, Walker",
    );
    await expect(main(page).getByRole("region", { name: `Kept: customer #${kept.id}` })).toContainText(kept.name);
    await expect(main(page).getByRole("region", { name: `What moves from #${lead.id} to #${kept.id}` })).toContainText(
      summary,
    );
    if (js) await expectNoAxeViolations(page);
    // Nothing moved until confirmed.
    expect((await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).customerId).toBe(lead.id);
    await main(page)
      .getByRole("button", { name: `Merge #${lead.id} into #${kept.id}` })
      .click();

    await expect(page).toHaveURL(new RegExp(`/admin/customers/${kept.id}\\?merged=\\d+$`));
    await expect(main(page).getByText("The records were merged.")).toBeVisible();
    await expect(main(page).getByRole("region", { name: "Visits" })).toContainText(summary);
    const merges = main(page).getByRole("region", { name: "Merges" });
    await merges.getByRole("button", { name: /^Undo merge #\d+$/ }).click();

    await expect(
      main(page).getByText(`Merge undone: customer #${lead.id} (Lead Record) is back, with 1 visit.`),
    ).toBeVisible();
    await expect(main(page).getByRole("region", { name: "Visits" })).not.toContainText(summary);
    await expect(merges).toContainText("This merge was already undone.");
    expect(await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({ customerId: lead.id });
    expect(await db.customer.findUniqueOrThrow({ where: { id: lead.id } })).toMatchObject({ mergedIntoId: null });
    await main(page)
      .getByRole("link", { name: `Open customer #${lead.id}` })
      .click();
    await expect(main(page).getByRole("region", { name: "Visits" })).toContainText(summary);
    await context.close();
  });
