/**
 * The customer's links (docs/product.md#the-customers-loop), in Chromium: the
 * Reschedule link of the confirmation email moves the visit while an admin's
 * calendar follows live, the Cancel link cancels it and it leaves the
 * technician's day; the page works without JavaScript and passes axe.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import type { Db } from "@app/shared/db.server";
import { formatWindow, windowStartingAt } from "@app/shared/scheduling/windows";
import { addLocalDays, businessDate, formatLocalDate, localWeekday, requireBusinessInstant } from "@app/shared/time";
import { isHoliday } from "../support/holidays";
import { randomIp } from "../support/stack";
import { budget, expect, expectNoAxeViolations, mailbox, test } from "./fixtures";
import { adminPage, apiHeaders, createUser, logIn, main, unique } from "./staff";
import { chooseWindow, pickerDay, pickerWindow } from "./window-picker";

test.use({ timezoneId: "America/Chicago" });

/**
 * A day two to four days ahead that has arrival windows (not a Sunday or a holiday): past
 * the two hours' notice whatever the time now, and within the six coming
 * days a technician's /jobs lists.
 */
function visitDay(after = 2): string {
  let date = addLocalDays(businessDate(), after);
  while (localWeekday(date) === 0 || isHoliday(date)) date = addLocalDays(date, 1);
  return date;
}

const windowLabel = (start: Date) => formatWindow(windowStartingAt(start)!);

/** The calendar cell's accessible name starts "Wednesday, June 15, 2033" (the day number is its own span). */
function cellName(day: string) {
  const [weekdayAndMonth, dayOfMonth, year] = formatLocalDate(day).split(/ (?=\d)|, (?=\d{4})/);
  return new RegExp(`^${weekdayAndMonth}\\s*${dayOfMonth}\\s*, ${year}: `);
}

/**
 * A customer's visit booked by an admin through the JSON API (so it is
 * confirmed by email like any other), and the Reschedule and Cancel links of
 * that email.
 */
async function bookVisit(db: Db, request: APIRequestContext, start: Date, technicianId?: number) {
  const tag = unique("visit");
  const customer = await db.customer.create({
    data: { name: `Eulalie Broussard ${tag}`, email: `${tag}@example.com`, phone: "(225) 555-0166" },
  });
  const summary = `Breaker replacement ${tag}`;
  const created = await request.post("/api/bookings", {
    headers: await apiHeaders(request, db),
    data: { customerId: customer.id, summary, scheduledDate: start.toISOString(), technicianId },
  });
  expect(created.status(), await created.text()).toBe(201);
  const bookingId = ((await created.json()) as { booking: { id: number } }).booking.id;
  const email = await mailbox.waitFor(
    (e) => e.to.includes(customer.email) && e.subject.startsWith("Your visit is booked"),
    30_000,
  );
  const manageUrl = /Reschedule: (\S+)/.exec(email.text ?? "")?.[1];
  const cancelUrl = /Cancel: (\S+)/.exec(email.text ?? "")?.[1];
  expect(manageUrl).toBeTruthy();
  expect(cancelUrl).toBe(`${manageUrl}?step=cancel`);
  // The links name the app's own address; open them on the site under test.
  const path = (url: string) => new URL(url).pathname + new URL(url).search;
  return { customer, bookingId, summary, manage: path(manageUrl!), cancel: path(cancelUrl!) };
}

/** Hydrated: Conform has taken over the reschedule form's checks. */
const hydrated = (page: Page) => expect(page.locator("form#reschedule-visit[novalidate]")).toHaveCount(1);

test("the Reschedule link moves the visit while the calendar follows; the Cancel link takes it off the technician's day", async ({
  page,
  browser,
  db,
  request,
}) => {
  test.setTimeout(budget(76)); // three browsers, emails through the worker at each step
  const tech = await createUser(db, "technician", "Gaspard");
  const day = visitDay();
  const start = requireBusinessInstant(day, 10 * 60);
  const target = requireBusinessInstant(day, 14 * 60);
  const visit = await bookVisit(db, request, start, tech.id);

  // An admin keeps the calendar open at that day.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await adminPage(admin, db, `/admin/calendar?month=${day.slice(0, 7)}`);
  await main(admin)
    .getByRole("link", { name: cellName(day) })
    .click();
  const entry = admin
    .getByRole("dialog", { name: `Appointments for ${formatLocalDate(day)}` })
    .getByRole("article", { name: visit.summary });
  await expect(entry).toContainText("10:00 AM");

  // The technician's day lists it.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const techPage = await phone.newPage();
  await logIn(techPage, tech.email);
  await expect(techPage).toHaveURL(/\/jobs$/);
  await expect(main(techPage).getByRole("article", { name: new RegExp(visit.summary) })).toContainText(
    "between 10 AM and 12 PM",
  );

  // The customer opens the Reschedule link: the visit in fixed words, no sign-in.
  await page.goto(visit.manage);
  await expect(main(page).getByRole("heading", { level: 1, name: "Your visit" })).toBeVisible();
  await expect(main(page).getByTestId("visit-time")).toHaveText(windowLabel(start));
  await expect(main(page)).toContainText("Gaspard");
  await expect(main(page)).not.toContainText(visit.customer.name);
  await expect(main(page)).not.toContainText(visit.customer.email);
  await hydrated(page);
  await expectNoAxeViolations(page);
  // A day, then one of its windows; the visit's own window is not offered.
  const picker = main(page).getByRole("group", { name: /^New arrival window/ });
  await pickerDay(picker, day).click();
  await expect(picker.getByRole("radio", { name: /^10 AM – 12 PM/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await pickerWindow(picker, day, 14).check();
  await main(page).getByRole("button", { name: "Move my visit" }).click();
  await expect(main(page).getByRole("status")).toContainText(
    `Your visit is now ${windowLabel(target)}. We've emailed you the new time.`,
  );
  await expect(main(page).getByTestId("visit-time")).toHaveText(windowLabel(target));

  // The admin's open calendar shows the new time without a reload.
  await expect(entry).toContainText("2:00 PM", { timeout: 15_000 });
  await expect(entry).not.toContainText("10:00 AM");
  expect((await db.booking.findUniqueOrThrow({ where: { id: visit.bookingId } })).scheduledDate).toEqual(target);
  await techPage.reload();
  await expect(main(techPage).getByRole("article", { name: new RegExp(visit.summary) })).toContainText(
    "between 2 PM and 4 PM",
  );

  // The Cancel link asks first; "Keep my visit" goes back without changing anything.
  await page.goto(visit.cancel);
  await expect(main(page).getByRole("heading", { level: 1, name: "Cancel your visit?" })).toBeVisible();
  await expect(main(page).getByRole("heading", { level: 2 })).toHaveText(
    `Cancel your visit on ${windowLabel(target)}?`,
  );
  await expectNoAxeViolations(page);
  await main(page).getByRole("link", { name: "Keep my visit" }).click();
  await expect(main(page).getByRole("heading", { level: 1, name: "Your visit" })).toBeVisible();
  expect((await db.booking.findUniqueOrThrow({ where: { id: visit.bookingId } })).status).toBe("pending");

  await page.goto(visit.cancel);
  await main(page).getByRole("button", { name: "Yes, cancel my visit" }).click();
  await expect(main(page).getByRole("status")).toContainText(`Your visit on ${windowLabel(target)} is cancelled.`);
  await expect(main(page).getByRole("heading", { level: 2, name: "This visit is cancelled" })).toBeVisible();
  await expect(main(page).getByTestId("visit-status")).toHaveText("Cancelled");
  await expect(main(page).getByRole("link", { name: "Book a visit" })).toHaveAttribute("href", "/book");
  await expect(main(page).getByRole("radio")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Gone from the technician's day.
  await techPage.reload();
  await expect(main(techPage).getByRole("heading", { level: 1, name: "My Jobs" })).toBeVisible();
  await expect(main(techPage)).not.toContainText(visit.summary);
  await expect(entry).toContainText("Cancelled", { timeout: 15_000 });

  await phone.close();
  await adminContext.close();
});

test("the reschedule form works without JavaScript", async ({ browser, db, request }) => {
  const day = visitDay(3);
  const start = requireBusinessInstant(day, 8 * 60);
  const target = requireBusinessInstant(day, 12 * 60);
  const visit = await bookVisit(db, request, start);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "X-Forwarded-For": randomIp() },
  });
  const page = await context.newPage();
  await page.goto(visit.manage);
  await expect(main(page).getByTestId("visit-time")).toHaveText(windowLabel(start));
  // Without JavaScript a day is a link: the page comes back with that day's windows.
  await chooseWindow(main(page).getByRole("group", { name: /^New arrival window/ }), day, 12);
  expect(new URL(page.url()).searchParams.get("day")).toBe(day);
  await main(page).getByRole("button", { name: "Move my visit" }).click();
  await expect(main(page).getByRole("status")).toContainText(`Your visit is now ${windowLabel(target)}.`);
  await expect(main(page).getByTestId("visit-time")).toHaveText(windowLabel(target));
  expect((await db.booking.findUniqueOrThrow({ where: { id: visit.bookingId } })).scheduledDate).toEqual(target);

  // And cancelling, the same way.
  await page.goto(visit.cancel);
  await main(page).getByRole("button", { name: "Yes, cancel my visit" }).click();
  await expect(main(page).getByRole("status")).toContainText("is cancelled");
  expect((await db.booking.findUniqueOrThrow({ where: { id: visit.bookingId } })).status).toBe("cancelled");
  await context.close();
});
