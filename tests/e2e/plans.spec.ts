/**
 * Maintenance plans (docs/product.md#plans, docs/decisions/029-maintenance-plans.md), in Chromium against the Stripe
 * stand-in: a homeowner on a phone joins a plan from /plans and pays the first year on Stripe's page, and lands on
 * their membership's page; the worker places the plan's visit in an open window ahead of its date; the member moves
 * it from the confirmation email's link; a renewal delivered twice is recorded once; a refused renewal makes the
 * membership past due and emails the card link, which opens Stripe's portal; the member's next estimate shows their
 * discount as its own line; the office's plan figures follow each step. On a customer's record the office enrols a
 * customer who pays by check, records a renewal (its check number held to the form's schema), pauses, resumes and
 * cancels at the period's end, each answer in view and focused.
 */
import { formatCents } from "@app/shared/money/money";
import { businessDate, localTimeOf } from "@app/shared/time";
import type { APIRequestContext } from "@playwright/test";
import { budget, expect, expectNoAxeViolations, mailbox, test } from "./fixtures";
import { adminPage, apiHeaders, main, newCustomer, unique } from "./staff";
import { offeredWindow, pickerDay, pickerWindow } from "./window-picker";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: "America/Chicago" };

/** One of the Stripe stand-in's test hooks (tests/support/stripe-standin.ts). */
async function stripeHook(path: string) {
  const res = await fetch(new URL(path, process.env.E2E_STRIPE_URL), { method: "POST" });
  expect(res.status, path).toBe(200);
  return (await res.json()) as { status: number; json: { message?: string } | null };
}

/** The office's plan figures (GET /api/reports/plans). */
async function figures(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.get("/api/reports/plans", { headers });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { plans: { activeMembers: number; monthlyRecurringCents: number; pastDue: number } })
    .plans;
}

test("a homeowner joins on a phone and pays; the visit places itself and moves; renewals are recorded once; a refused one asks for the card; the member's estimate shows the discount; the office's figures follow", async ({
  db,
  browser,
  request,
}) => {
  test.setTimeout(budget(60));
  const admin = await apiHeaders(request, db);
  const before = await figures(request, admin);
  const name = `Generator Care ${unique("g")}`;
  const plan = await db.plan.create({
    data: {
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      yearlyPriceCents: 18_900,
      visitsPerYear: 1,
      serviceType: "generator",
      discountPercent: 10,
      emergencyPriority: true,
      terms: "A yearly standby generator service; cancel any time, effective at the end of the year paid for.",
    },
  });
  const email = `${unique("member")}@example.com`;
  const phone = await browser.newContext(PHONE);
  try {
    const page = await phone.newPage();
    // The plan's "Join" link chooses it in the form.
    await page.goto(`/plans#${plan.slug}`);
    const card = main(page)
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name }) });
    await expect(card).toContainText(`${formatCents(18_900)} a year`);
    await expect(card).toContainText("10% off other work");
    await expectNoAxeViolations(page);
    await card.getByRole("link", { name: `Join ${name}` }).click();
    const form = main(page).locator("form#join-plan");
    await expect(form.getByLabel("Plan")).toHaveValue(String(plan.id));
    await form.getByLabel("Full name").fill("Odile Broussard");
    await form.getByLabel("Phone").fill("(225) 555-0142");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Service address").fill("4512 Government St, Baton Rouge, LA 70806");
    await form.getByRole("button", { name: "Continue to payment" }).click();

    // Stripe's page (the stand-in's): the year's price; Pay, and back to the member's page.
    await expect(page).toHaveURL(/\/pay\/cs_test_\w+$/);
    await expect(page.getByText(formatCents(18_900))).toBeVisible();
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/membership\/[\w-]+\?joined=1$/);
    await expect(main(page).getByRole("status")).toContainText(`Welcome to ${name}, Odile Broussard!`);
    await expect(main(page)).toContainText("Renews on");
    await expectNoAxeViolations(page);
  } finally {
    await phone.close();
  }

  const membership = await db.membership.findFirstOrThrow({ where: { customer: { email } } });
  expect(membership).toMatchObject({ status: "active", planId: plan.id, priceCents: 18_900 });
  // The office's figures count the new member and a month's worth of the year's price (other tests' members may come
  // and go meanwhile, never fewer than this one).
  const joined = await figures(request, admin);
  expect(joined.activeMembers).toBeGreaterThanOrEqual(before.activeMembers + 1);
  expect(joined.monthlyRecurringCents).toBeGreaterThanOrEqual(before.monthlyRecurringCents + 1_575);

  // The member's next estimate shows their discount as its own line, on their phone.
  const made = await request.post("/api/estimates", {
    headers: admin,
    data: {
      customerId: membership.customerId,
      options: [
        {
          name: "Surge protection",
          items: [{ description: "Whole-home surge protector", quantity: 1, unitPriceCents: 45_000 }],
        },
      ],
    },
  });
  expect(made.status()).toBe(201);
  const estimate = (
    (await made.json()) as { estimate: { id: number; number: string; options: Array<{ memberDiscountCents: number }> } }
  ).estimate;
  expect(estimate.options[0]!.memberDiscountCents).toBe(4_500);
  expect((await request.post(`/api/estimates/${estimate.id}/send`, { headers: admin })).status()).toBe(200);
  const sent = await mailbox.waitFor((e) => e.to.includes(email) && e.subject.includes(estimate.number));
  const estimateLink = /https?:\/\/\S+\/estimates\/[\w-]+/.exec(sent.text ?? "")?.[0];
  expect(estimateLink, "the estimate's link").toBeDefined();
  const estimatePhone = await browser.newContext(PHONE);
  try {
    const page = await estimatePhone.newPage();
    await page.goto(new URL(estimateLink!).pathname);
    const line = main(page).getByTestId("member-discount");
    await expect(line).toContainText(`${name} member discount (10%)`);
    await expect(line).toContainText("45.00");
    await expectNoAxeViolations(page);
  } finally {
    await estimatePhone.close();
  }
  const welcome = await mailbox.waitFor((e) => e.to.includes(email) && e.subject === `Welcome to ${name}`);
  expect(welcome.text).toContain(formatCents(18_900));

  // The worker places the plan's visit in an open window; its confirmation carries the link to move it.
  await expect
    .poll(async () => (await db.planVisit.findFirst({ where: { membershipId: membership.id } }))?.state, {
      timeout: 30_000,
    })
    .toBe("placed");
  const visit = await db.planVisit.findFirstOrThrow({
    where: { membershipId: membership.id },
    include: { booking: true },
  });
  expect(visit.booking).toMatchObject({ source: "plan", needsPlacing: false });
  const confirmation = await mailbox.waitFor(
    (e) => e.to.includes(email) && e.subject.startsWith("Your visit is booked"),
  );
  const manage = /https?:\/\/\S+\/appointments\/[\w-]+/.exec(confirmation.text ?? "")?.[0];
  expect(manage, "the confirmation's manage link").toBeDefined();

  // The member moves it to another open window, on a phone.
  const movePhone = await browser.newContext(PHONE);
  try {
    const page = await movePhone.newPage();
    await page.goto(new URL(manage!).pathname);
    await expect(main(page).getByRole("heading", { level: 1, name: "Your visit" })).toBeVisible();
    await expect(page.locator("form#reschedule-visit[novalidate]")).toHaveCount(1);
    // Any open window but the visit's own.
    const placed = visit.booking!.scheduledDate;
    const placedHour = Number(localTimeOf(placed).slice(0, 2));
    const hours = [14, 12, 10, 16, 8];
    let target = await offeredWindow(page.request, hours);
    if (target.date === businessDate(placed) && target.hour === placedHour)
      target = await offeredWindow(
        page.request,
        hours.filter((h) => h !== placedHour),
      );
    const picker = main(page).getByRole("group", { name: /^New arrival window/ });
    await pickerDay(picker, target.date).click();
    await pickerWindow(picker, target.date, target.hour).check();
    await main(page).getByRole("button", { name: "Move my visit" }).click();
    await expect(main(page).getByRole("status")).toContainText("We've emailed you the new time.");
  } finally {
    await movePhone.close();
  }
  const moved = await db.booking.findUniqueOrThrow({ where: { id: visit.bookingId! } });
  expect(moved.scheduledDate.getTime()).not.toBe(visit.booking!.scheduledDate.getTime());

  // A renewal, delivered twice: one payment of it.
  const subscription = (await db.membership.findUniqueOrThrow({ where: { id: membership.id } })).stripeSubscriptionId!;
  expect((await stripeHook(`/__test/subscriptions/${subscription}/renew`)).json?.message).toBe("Renewal recorded");
  expect((await stripeHook(`/__test/subscriptions/${subscription}/redeliver`)).json?.message).toBe("Already handled");
  expect(await db.payment.count({ where: { membershipId: membership.id } })).toBe(2);

  // A refused renewal: past due, and the member is emailed the link to update their card.
  await stripeHook(`/__test/subscriptions/${subscription}/renew?fail=1`);
  await expect
    .poll(async () => (await db.membership.findUniqueOrThrow({ where: { id: membership.id } })).status)
    .toBe("past_due");
  expect((await figures(request, admin)).pastDue).toBeGreaterThanOrEqual(1);
  const failed = await mailbox.waitFor(
    (e) => e.to.includes(email) && e.subject === `Your ${name} payment did not go through`,
  );
  const memberPage = /https?:\/\/\S+\/membership\/[\w-]+/.exec(failed.text ?? "")?.[0];
  expect(memberPage, "the card link").toBeDefined();
  const cardPhone = await browser.newContext(PHONE);
  try {
    const page = await cardPhone.newPage();
    await page.goto(new URL(memberPage!).pathname);
    await expect(main(page)).toContainText("Past due");
    await main(page).getByRole("button", { name: "Update your card" }).click();
    await expect(page).toHaveURL(/\/portal\/bps_test_\w+$/);
    await expect(page.getByRole("heading", { name: "Stripe stand-in customer portal" })).toBeVisible();
  } finally {
    await cardPhone.close();
  }
});

test("the office enrols a customer who pays by check, records a renewal (its check number checked beside the field), pauses, resumes and cancels at the period's end", async ({
  page,
  db,
}) => {
  const name = `Panel Care ${unique("p")}`;
  await db.plan.create({
    data: {
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      yearlyPriceCents: 12_000,
      visitsPerYear: 1,
      serviceType: "panel-upgrades",
      discountPercent: 5,
      terms: "A yearly panel inspection; cancel any time, effective at the end of the year paid for.",
    },
  });
  const customer = await newCustomer(db);
  await adminPage(page, db, `/admin/customers/${customer.id}`);
  const plans = main(page).getByRole("region", { name: "Plans" });
  await expect(plans).toContainText("Not a member of any plan.");
  const outcome = (text: string) => main(page).getByRole("status").filter({ hasText: text });

  await plans
    .getByRole("combobox", { name: "Plan", exact: true })
    .selectOption({ label: `${name} (${formatCents(12_000)} a year)` });
  await plans.getByLabel("Check number or note").fill("4410");
  await plans.getByRole("button", { name: "Enrol and record the payment" }).click();
  await expect(outcome(`Enrolled in ${name}`)).toBeFocused();
  const card = plans.getByRole("article", { name: `${name}: Active` });
  await expect(card).toContainText("paid to the office");
  await expect(card).toContainText(/Renews on /);
  const renewsOn = (await card.getByText(/^Renews on /).textContent())!;

  // The check number's limit is the schema's: the browser holds it, and past it (the browser's limit taken off)
  // the schema refuses it beside the field before anything is posted; nothing is recorded.
  const check = card.getByLabel(`Check number for ${name}'s renewal`);
  await expect(check).toHaveAttribute("maxlength", "120");
  await check.evaluate((input) => input.removeAttribute("maxlength"));
  await check.fill("7".repeat(121));
  await card.getByRole("button", { name: `Record renewal (check): ${name}` }).click();
  await expect(check).toHaveAttribute("aria-invalid", "true");
  await expect(check).toBeFocused();
  expect(await db.payment.count({ where: { membership: { customerId: customer.id } } })).toBe(1);

  await check.fill("4411");
  await card.getByRole("button", { name: `Record renewal (check): ${name}` }).click();
  await expect(outcome(`${name} renewed.`)).toBeFocused();
  await expect(card.getByText(/^Renews on /)).not.toHaveText(renewsOn);
  const payments = await db.payment.findMany({
    where: { membership: { customerId: customer.id } },
    orderBy: { id: "asc" },
    select: { amountCents: true, reference: true },
  });
  expect(payments).toEqual([
    { amountCents: 12_000, reference: "4410" },
    { amountCents: 12_000, reference: "4411" },
  ]);
  await expectNoAxeViolations(page);

  await card.getByRole("button", { name: `Pause: ${name}` }).click();
  await expect(outcome(`${name} is paused.`)).toBeFocused();
  await plans
    .getByRole("article", { name: `${name}: Paused` })
    .getByRole("button", { name: `Resume: ${name}` })
    .click();
  await expect(outcome(`${name} is active again.`)).toBeFocused();
  await card.getByRole("button", { name: `Cancel at period end: ${name}` }).click();
  await expect(outcome(`${name} is cancelled.`)).toBeFocused();
  await expect(card).toContainText("cancelled (ends at the period's end)");
  await expect(card.getByText(/^Ends on /)).toBeVisible();
  await expect(card.getByRole("button", { name: `Record renewal (check): ${name}` })).toHaveCount(0);
});
