/**
 * The customer hub on /account (docs/product.md#customer-portal) on a 390 px phone: besides the
 * visits, the customer's own estimates (approve or decline on the estimate's page), invoices with
 * their balance, due date and ways to pay (pay on the invoice's page) and receipts, never another
 * customer's; a 60-character email address does not widen the page, every control is at least
 * 44×44 px and no text is under 12 px.
 */
import { purposeKeys } from "@app/shared/keys.server";
import { randomToken, sealToken, sha256 } from "@app/shared/tokens.server";
import { TEST_SESSION_SECRET } from "../support/stack";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { createUser, logIn, main, unique } from "./staff";
import { measureTouchAndText, TEXT_PX, TOUCH_PX } from "./touch";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: "America/Chicago" });

const sealKey = purposeKeys([TEST_SESSION_SECRET], "token-seal")[0]!;

/** A link's token, stored as the services store it: its hash, and sealed for the emails (and the hub). */
function link() {
  const token = randomToken();
  return { token, tokenHash: sha256(token), sealedToken: sealToken(token, sealKey) };
}

const line = (totalCents: number) => ({
  position: 1,
  description: "200 A panel",
  quantityHundredths: 100,
  unitPriceCents: totalCents,
  taxable: false,
  totalCents,
});

test("a customer's hub: estimates to answer, invoices with what is due and how to pay, receipts; a 60-character email fits", async ({
  page,
  db,
}) => {
  const user = await createUser(db, "customer", "Delphine");
  // A 60-character address: no spaces, nothing to break at but what the page allows.
  // The unique tag's last characters (alphanumeric: the address never starts with a dot, however long the tag).
  const rest = ".thibodeaux-arceneaux-broussard@hub.example.com";
  const email = `${unique("d")
    .padStart(60, "d")
    .slice(-(60 - rest.length))}${rest}`;
  expect(email).toHaveLength(60);
  await db.user.update({ where: { id: user.id }, data: { email } });
  const mine = await db.customer.create({
    data: { name: "Delphine Thibodeaux", email, phone: "(225) 555-0199", userId: user.id },
  });

  const estimateLink = link();
  const estimate = await db.estimate.create({
    data: {
      customerId: mine.id,
      status: "sent",
      taxRatePpm: 0,
      sentAt: new Date(),
      tokenHash: estimateLink.tokenHash,
      sealedToken: estimateLink.sealedToken,
      tokenExpiresAt: new Date(Date.now() + 30 * 86_400_000),
      options: {
        create: [
          { position: 1, name: "Good", subtotalCents: 150_000, taxCents: 0, totalCents: 150_000, depositCents: 0 },
          { position: 2, name: "Better", subtotalCents: 191_100, taxCents: 0, totalCents: 191_100, depositCents: 0 },
        ],
      },
    },
  });
  const invoiceLink = link();
  const invoice = await db.invoice.create({
    data: {
      customerId: mine.id,
      status: "partially_paid",
      sentAt: new Date(),
      taxRatePpm: 0,
      subtotalCents: 191_100,
      taxCents: 0,
      totalCents: 191_100,
      paidCents: 50_000,
      tokenHash: invoiceLink.tokenHash,
      sealedToken: invoiceLink.sealedToken,
      lines: { create: [line(191_100)] },
    },
  });
  await db.payment.create({
    data: { invoiceId: invoice.id, customerId: mine.id, method: "check", amountCents: 50_000, reference: "1042" },
  });
  // Another customer's invoice: never shown here.
  const other = await createUser(db, "customer", "Rene");
  const theirs = await db.customer.create({
    data: { name: "Rene Guidry", email: other.email, phone: "(225) 555-0111", userId: other.id },
  });
  const notMine = await db.invoice.create({
    data: {
      customerId: theirs.id,
      status: "sent",
      sentAt: new Date(),
      taxRatePpm: 0,
      subtotalCents: 77_700,
      taxCents: 0,
      totalCents: 77_700,
      lines: { create: [line(77_700)] },
    },
  });

  await logIn(page, email, { to: "/account" });
  await expect(page.getByRole("heading", { name: "My Account", level: 1 })).toBeVisible();

  // Estimates: awaiting an answer, with its options and the way to its page.
  const estimates = main(page).getByRole("region", { name: "Your estimates" });
  await expect(estimates).toContainText(`Estimate ${estimate.number}`);
  await expect(estimates).toContainText("Awaiting your answer");
  await expect(estimates).toContainText("Better: $1,911.00");
  const answer = estimates.getByRole("link", { name: `Review, approve or decline ${estimate.number}` });
  await expect(answer).toHaveAttribute("href", `/estimates/${estimateLink.token}`);

  // Invoices: the balance, when it is due and how to pay, and the way to its page.
  const invoices = main(page).getByRole("region", { name: "Your invoices" });
  await expect(invoices.getByTestId("account-balance")).toHaveText("Balance due: $1,411.00");
  await expect(invoices).toContainText("Total $1,911.00, paid $500.00, balance $1,411.00.");
  await expect(invoices).toContainText(/Due by \w+day, \w+ \d+, \d{4} \(net 15\)/);
  await expect(invoices).toContainText("By check:");
  await expect(invoices).toContainText("By phone:");
  await expect(invoices).not.toContainText(notMine.number);
  await expect(invoices.getByRole("link", { name: `View and pay ${invoice.number}` })).toHaveAttribute(
    "href",
    `/invoices/${invoiceLink.token}`,
  );

  // Receipts: what was paid.
  const receipts = main(page).getByRole("region", { name: "Your receipts" });
  await expect(receipts).toContainText(`Invoice ${invoice.number}`);
  await expect(receipts).toContainText("Check");
  await expect(receipts).toContainText("$500.00");

  // The 60-character address is on the page, and the page is no wider than the phone.
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths.scroll, "no horizontal overflow at 390 px").toBeLessThanOrEqual(widths.inner);

  // Every control a thumb taps is at least 44×44 px, and no text under 12 px: the walk's measure (./touch.ts).
  const { small, tiny } = await page.evaluate(measureTouchAndText, { touch: TOUCH_PX, text: TEXT_PX });
  expect(small).toEqual([]);
  expect(tiny).toEqual([]);
  await expectNoAxeViolations(page);

  // The estimate's page opens from the hub, to approve or decline it there.
  await answer.click();
  await expect(page).toHaveURL(new RegExp(`/estimates/${estimateLink.token}$`));
  await expect(page.getByRole("heading", { name: new RegExp(estimate.number) }).first()).toBeVisible();
});
