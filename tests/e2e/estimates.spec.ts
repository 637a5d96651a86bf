/**
 * Estimates whose screens tell the truth and answer where the eye is (docs/product.md#estimates), in
 * Chromium: the office sends a draft and its page shows Sent and "Send again" from the post's own
 * answer, with no reload of the page's data (the walk of issue 36 saw "emailed" above a Draft badge
 * and its Send button); a customer approving on a phone sees the approval focused and in view, with
 * and without JavaScript.
 */
import type { Db } from "@app/shared/db.server";
import { randomToken, sha256 } from "@app/shared/tokens.server";
import { expect, test } from "./fixtures";
import { adminPage, createUser, logIn, main, newCustomer } from "./staff";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: "America/Chicago" };

const option = (position: number, name: string, cents: number, lines = 1) => ({
  position,
  name,
  subtotalCents: cents * lines,
  taxCents: 0,
  totalCents: cents * lines,
  depositCents: 0,
  lines: {
    create: Array.from({ length: lines }, (_, i) => ({
      position: i + 1,
      description: `Standby generator install, part ${i + 1}`,
      quantityHundredths: 100,
      unitPriceCents: cents,
      taxable: false,
      totalCents: cents,
    })),
  },
});

/** An estimate of a customer without a visit: a draft, or sent with the token its link carries. */
async function estimateOf(db: Db, sent: boolean) {
  const customer = await newCustomer(db, "Evangeline Hebert");
  const token = randomToken();
  const estimate = await db.estimate.create({
    data: {
      customerId: customer.id,
      status: sent ? "sent" : "draft",
      taxRatePpm: 0,
      ...(sent
        ? {
            sentAt: new Date(),
            tokenHash: sha256(token),
            sealedToken: "unused",
            tokenExpiresAt: new Date(Date.now() + 86_400_000),
          }
        : {}),
      // Long options, so the approval form sits far below the top of a phone's page.
      options: { create: [option(1, "Good", 890_000, 6), option(2, "Better", 1_240_000, 6)] },
    },
  });
  return { customer, estimate, token };
}

test("Send shows Sent and Send again from the post's answer, without reloading the page's data", async ({
  db,
  page,
}) => {
  const { customer, estimate } = await estimateOf(db, false);
  await adminPage(page, db, `/admin/estimates/${estimate.id}`);
  await expect(main(page).getByTestId("estimate-status")).toHaveText("Draft");

  // Any reload of this page's own data after the post fails, as a slow one under load does:
  // what the page shows must come from the post's answer.
  let blocking = true;
  await page.route(
    (url) => url.pathname === `/admin/estimates/${estimate.id}.data`,
    (route) => {
      const routes = new URL(route.request().url()).searchParams.get("_routes");
      if (
        blocking &&
        route.request().method() === "GET" &&
        (routes === null || routes.includes("admin.estimates_.$id"))
      )
        return route.abort();
      return route.continue();
    },
  );
  await main(page).getByRole("button", { name: "Send", exact: true }).click();

  const outcome = main(page)
    .getByRole("status")
    .filter({ hasText: `was emailed to ${customer.email}` });
  await expect(outcome).toBeFocused();
  await expect(outcome).toBeInViewport();
  await expect(main(page).getByTestId("estimate-status")).toHaveText("Sent");
  await expect(main(page).getByRole("button", { name: "Send again" })).toBeVisible();
  await expect(main(page).getByRole("button", { name: "Send", exact: true })).toHaveCount(0);
  // The email's send reloads the page live later (the worker's event): that reload is not the post's.
  blocking = false;

  await main(page).getByRole("button", { name: "Withdraw" }).click();
  await expect(main(page).getByRole("status").filter({ hasText: "is withdrawn" })).toBeFocused();
  await expect(main(page).getByTestId("estimate-status")).toHaveText("Withdrawn");
  await expect(main(page).getByRole("button", { name: /Send|Withdraw/ })).toHaveCount(0);
});

for (const javaScriptEnabled of [true, false]) {
  test(`a customer approving on a phone sees the approval focused and in view (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    db,
    browser,
  }) => {
    const { estimate, token } = await estimateOf(db, true);
    const phone = await browser.newContext({ ...PHONE, javaScriptEnabled });
    try {
      const customerPage = await phone.newPage();
      await customerPage.goto(`/estimates/${token}`);
      await expect(customerPage.getByRole("heading", { level: 1 })).toContainText(estimate.number);
      if (javaScriptEnabled) await expect(customerPage.locator("form#approve[novalidate]")).toHaveCount(1);
      await customerPage.getByLabel(/^Better:/).check();
      await customerPage.getByLabel("Your full name (signature)").fill("Evangeline Hebert");
      await customerPage.getByLabel(/I agree to the work/).check();
      await customerPage.getByRole("button", { name: "Approve" }).click();

      const approved = customerPage.getByTestId("estimate-approved");
      await expect(approved).toContainText("Approved: Better");
      await expect(approved).toBeFocused();
      await expect(approved).toBeInViewport();
    } finally {
      await phone.close();
    }
  });
}

/** A customer to estimate (a quote asked by phone), and an item of the price book with a description. */
async function customerAndItem(db: Db) {
  const customer = await newCustomer(db, "Ophelia Guidry");
  const item = await db.priceBookItem.create({
    data: {
      name: `Whole-home surge protector (${customer.id})`,
      description: "Type 2, installed at the panel",
      unitPriceCents: 42_500,
      taxable: true,
    },
  });
  return { customer, item };
}

test("the builder with JavaScript: the picker carries an item's description, lines and options come and go on the page, the draft is edited then sent", async ({
  db,
  page,
}) => {
  const { customer, item } = await customerAndItem(db);
  await adminPage(page, db, `/admin/estimates/new?customer=${customer.id}`);
  await expect(page.locator("form#new-estimate[novalidate]")).toHaveCount(1);
  const form = main(page);
  // One option of one line to start, its name blank and optional.
  await expect(form.getByTestId("estimate-option-fields")).toHaveCount(1);
  await expect(form.getByTestId("estimate-line")).toHaveCount(1);
  await expect(form.getByLabel("Option 1 name")).toHaveValue("");
  // The rows are added and removed on the page: no post until Save.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });

  // The picker, by keyboard: type to filter, Down to the match, Enter picks it.
  const picker = form.getByRole("combobox", { name: "Option 1, line 1: price book item" });
  await picker.fill(`surge protector (${customer.id})`);
  const listbox = form.getByRole("listbox");
  await expect(listbox.getByRole("option")).toHaveCount(1);
  await expect(listbox.getByRole("option")).toContainText(item.name);
  await picker.press("ArrowDown");
  await picker.press("Enter");
  await expect(picker).toHaveAttribute("aria-expanded", "false");
  await expect(picker).toHaveValue(item.name);
  await expect(form.getByLabel("Option 1, line 1: description")).toHaveValue(
    `${item.name}: Type 2, installed at the panel`,
  );
  await expect(form.getByLabel("Option 1, line 1: price in dollars")).toHaveValue("425.00");
  await expect(form.getByTestId("line-tax")).toContainText("taxable");
  // A search typed and left without a pick: the box names the line's item again, as the line will save it.
  await picker.fill("whole house rewire");
  await form.getByLabel("Option 1, line 1: description").fill(`${item.name}: Type 2, at the main panel`);
  await expect(picker).toHaveValue(item.name);

  await form.getByRole("button", { name: "Option 1: add a line" }).click();
  await expect(form.getByTestId("estimate-line")).toHaveCount(2);
  await expect(form.getByLabel("Option 1, line 2: description")).toBeFocused();
  await page.keyboard.type("Labor, two hours");
  await form.getByLabel("Option 1, line 2: price in dollars").fill("190");
  await form.getByRole("button", { name: "Option 1: add a line" }).click();
  await expect(form.getByTestId("estimate-line")).toHaveCount(3);
  await form.getByRole("button", { name: "Option 1, line 3: remove" }).click();
  await expect(form.getByTestId("estimate-line")).toHaveCount(2);
  await expect(form.getByLabel("Option 1, line 2: description")).toHaveValue("Labor, two hours");
  await expect(form.getByLabel("Option 1, line 2: description")).toBeFocused();

  // A second option: now each is named.
  await form.getByRole("button", { name: "Add an option" }).click();
  await expect(form.getByTestId("estimate-option-fields")).toHaveCount(2);
  await expect(form.getByLabel("Option 2 name")).toBeFocused();
  await page.keyboard.type("Panel only");
  await form.getByLabel("Option 2, line 1: description").fill("Inspect the panel");
  await form.getByLabel("Option 2, line 1: price in dollars").fill("95");
  await form.getByRole("button", { name: "Save estimate" }).click();
  await expect(form.getByText("Name each option when there are two or more")).toBeVisible();
  expect(posts).toEqual([]);
  await form.getByLabel("Option 1 name").fill("Surge protection");
  await form.getByRole("button", { name: "Save estimate" }).click();

  await expect(page).toHaveURL(/\/admin\/estimates\/\d+\?saved=1$/);
  // Saved: said where the eye is, and focused.
  const saved = main(page).getByRole("status").filter({ hasText: "Estimate saved." });
  await expect(saved).toBeFocused();
  await expect(saved).toBeInViewport();
  await expect(main(page).getByTestId("estimate-status")).toHaveText("Draft");
  await expect(main(page).getByRole("heading", { name: "Surge protection" })).toBeVisible();
  await expect(main(page).getByRole("heading", { name: "Panel only" })).toBeVisible();
  await expect(main(page).getByRole("cell", { name: /Type 2, at the main panel/ })).toBeVisible();

  // Edit the draft: its options and lines are there; take out the second option, save, then send.
  await main(page).getByRole("link", { name: "Edit" }).click();
  await expect(page.locator("form#edit-estimate[novalidate]")).toHaveCount(1);
  await expect(main(page).getByLabel("Option 1 name")).toHaveValue("Surge protection");
  await expect(main(page).getByRole("combobox", { name: "Option 1, line 1: price book item" })).toHaveValue(item.name);
  await expect(main(page).getByLabel("Option 1, line 2: description")).toHaveValue("Labor, two hours");
  await main(page).getByRole("button", { name: "Option 2: remove option" }).click();
  await expect(main(page).getByTestId("estimate-option-fields")).toHaveCount(1);
  await main(page).getByLabel("Option 1 name").fill("Surge protection, whole home");
  await main(page).getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/admin\/estimates\/\d+\?saved=1$/);
  await expect(main(page).getByRole("heading", { name: "Surge protection, whole home" })).toBeVisible();
  await expect(main(page).getByRole("heading", { name: "Panel only" })).toHaveCount(0);
  await main(page).getByRole("button", { name: "Send", exact: true }).click();
  await expect(main(page).getByTestId("estimate-status")).toHaveText("Sent");
  await expect(main(page).getByRole("link", { name: "Edit" })).toHaveCount(0);
});

test("without JavaScript, Add a line and Add an option come back with what was typed and the new row focused, and a two-option estimate saves", async ({
  db,
  browser,
}) => {
  const { customer, item } = await customerAndItem(db);
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const admin = await createUser(db, "admin");
    await logIn(page, admin.email, { to: `/admin/estimates/new?customer=${customer.id}` });
    const form = main(page);
    await form.getByLabel("Option 1, line 1: description").fill("Replace the breaker");
    await form.getByLabel("Option 1, line 1: price in dollars").fill("180");
    await form.getByRole("button", { name: "Option 1: add a line" }).click();
    await expect(form.getByTestId("estimate-line")).toHaveCount(2);
    await expect(form.getByLabel("Option 1, line 1: description")).toHaveValue("Replace the breaker");
    await expect(form.getByLabel("Option 1, line 2: description")).toBeFocused();
    await expect(form.getByLabel("Option 1, line 2: description")).toBeInViewport();
    // Without JavaScript the price book is a plain list.
    await form.getByLabel("Option 1, line 2: price book item").selectOption(String(item.id));
    await form.getByRole("button", { name: "Option 1: add a line" }).click();
    await expect(form.getByTestId("estimate-line")).toHaveCount(3);
    await form.getByRole("button", { name: "Option 1, line 3: remove" }).click();
    await expect(form.getByTestId("estimate-line")).toHaveCount(2);
    await expect(form.getByLabel("Option 1, line 2: price book item")).toHaveValue(String(item.id));
    // After a removal the line before it has focus, not the top of the page.
    await expect(form.getByLabel("Option 1, line 2: description")).toBeFocused();
    await form.getByRole("button", { name: "Add an option" }).click();
    await expect(form.getByTestId("estimate-option-fields")).toHaveCount(2);
    await expect(form.getByLabel("Option 2 name")).toBeFocused();
    await form.getByLabel("Option 1 name").fill("Repair");
    await form.getByLabel("Option 2 name").fill("Replace the panel");
    await form.getByLabel("Option 2, line 1: description").fill("200A panel");
    await form.getByLabel("Option 2, line 1: price in dollars").fill("2,400");
    await form.getByRole("button", { name: "Save estimate" }).click();
    await expect(page).toHaveURL(/\/admin\/estimates\/\d+\?saved=1$/);
    await expect(main(page).getByRole("heading", { name: "Repair" })).toBeVisible();
    await expect(main(page).getByRole("heading", { name: "Replace the panel" })).toBeVisible();
    await expect(main(page).getByRole("cell", { name: item.name })).toBeVisible();
  } finally {
    await context.close();
  }
});
