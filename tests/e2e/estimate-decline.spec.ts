/**
 * A customer declines an estimate (docs/product.md#estimates), in Chromium: on a phone, by keyboard,
 * they open "Not going ahead?", say why and leave a note, and decline; the page turns read-only and
 * axe finds nothing on it before or after. The office, in a test of its own (the two halves need
 * nothing of each other, and together ran past the 60 s budget on a loaded machine, issue 42): the
 * admin's open estimate page turns Declined without a reload, with a toast, and shows the reason and
 * the note; the office's email says the same.
 */
import type { Db } from "@app/shared/db.server";
import { randomToken, sha256 } from "@app/shared/tokens.server";
import { budget, expect, expectNoAxeViolations, mailbox, test } from "./fixtures";
import { adminPage, main, newCustomer } from "./staff";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: "America/Chicago" };

/** A sent estimate with two options, and the token its emailed link carries. */
async function sentEstimate(db: Db) {
  const customer = await newCustomer(db, "Evangeline Hebert");
  const token = randomToken();
  const option = (position: number, name: string, cents: number) => ({
    position,
    name,
    subtotalCents: cents,
    taxCents: 0,
    totalCents: cents,
    depositCents: 0,
    lines: {
      create: [
        {
          position: 1,
          description: "Standby generator install",
          quantityHundredths: 100,
          unitPriceCents: cents,
          taxable: false,
          totalCents: cents,
        },
      ],
    },
  });
  const estimate = await db.estimate.create({
    data: {
      customerId: customer.id,
      status: "sent",
      taxRatePpm: 0,
      sentAt: new Date(),
      tokenHash: sha256(token),
      sealedToken: "unused",
      tokenExpiresAt: new Date(Date.now() + 86_400_000),
      options: { create: [option(1, "Good", 890_000), option(2, "Better", 1_240_000)] },
    },
  });
  return { customer, estimate, token };
}

test("the customer declines on a phone, by keyboard, saying why; the page turns read-only", async ({ db, browser }) => {
  test.setTimeout(budget(41)); // a phone's page, three axe runs
  const { estimate, token } = await sentEstimate(db);
  const phone = await browser.newContext(PHONE);
  try {
    const customerPage = await phone.newPage();
    await customerPage.goto(`/estimates/${token}`);
    await expect(customerPage.getByRole("heading", { level: 1 })).toContainText(estimate.number);
    // Hydrated (Conform turns the browser's own checks off once the form is the app's): what is typed
    // or pressed before can be lost to hydration, as tests/e2e/auth.spec.ts says of /login.
    await expect(customerPage.locator("form#decline[novalidate]")).toHaveCount(1);
    await expectNoAxeViolations(customerPage);

    // By keyboard: the disclosure, the reason, the note, the button.
    const summary = customerPage.getByText("Not going ahead? Decline this estimate");
    await summary.focus();
    await customerPage.keyboard.press("Enter");
    const reason = customerPage.getByLabel("Why (optional)");
    await expect(reason).toBeVisible();
    await reason.selectOption({ label: "The price" });
    await customerPage.getByLabel("Anything you want us to know (optional)").fill("We will wait until spring.");
    await expectNoAxeViolations(customerPage);
    await customerPage.getByRole("button", { name: "Decline estimate" }).focus();
    await customerPage.keyboard.press("Enter");

    await expect(customerPage.getByTestId("estimate-declined")).toContainText("You declined this estimate on");
    await expect(customerPage.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await expect(customerPage.getByRole("button", { name: "Decline estimate" })).toHaveCount(0);
    await expectNoAxeViolations(customerPage);
  } finally {
    await phone.close();
  }
  const stored = await db.estimate.findUniqueOrThrow({ where: { id: estimate.id } });
  expect(stored.declineReason).toBe("price");
  expect(stored.declineNote).toBe("We will wait until spring.");
});

test("when the customer declines, the office sees it live and by email", async ({ db, page }) => {
  const { customer, estimate, token } = await sentEstimate(db);
  await adminPage(page, db, `/admin/estimates/${estimate.id}`);
  await expect(main(page).getByTestId("estimate-status")).toHaveText("Sent");

  // The customer's decline, as their page posts it without JavaScript (its form is the first test's subject).
  const posted = await page.request.post(`/estimates/${token}`, {
    form: { intent: "decline", reason: "price", note: "We will wait until spring." },
  });
  expect(posted.ok()).toBe(true);

  // The office: live, without a reload.
  await expect(main(page).getByTestId("estimate-status")).toHaveText("Declined", { timeout: 15_000 });
  await expect(
    page
      .getByRole("region", { name: /Notifications/, includeHidden: true })
      .locator("li")
      .first(),
  ).toContainText(`Estimate ${estimate.number} declined`);
  const decline = main(page).getByTestId("estimate-decline");
  await expect(decline).toContainText("Reason: The price.");
  await expect(decline).toContainText("Their note: We will wait until spring.");
  await expect(main(page).getByRole("button", { name: "Send again" })).toHaveCount(0);

  const email = await mailbox.waitFor((e) => e.subject === `Estimate ${estimate.number} declined by ${customer.name}`);
  expect(email.text).toContain("Reason: The price.");
  expect(email.reply_to).toContain(customer.email);
});
