/**
 * The customer portal (/account): a signed-in customer sees their own visits as they are
 * (window, technician, status, number), reschedules and cancels them on the manage link's
 * page (staff are emailed), cannot touch anyone else's, and requests a new appointment.
 */
import { formatWindow, windowStartingAt } from "@app/shared/scheduling/windows";
import { addLocalDays, businessDate, formatLocalDay, localWeekday, requireBusinessInstant } from "@app/shared/time";
import { APPOINTMENT_REQUEST_NOTE } from "@app/shared/api/chat";
import { pickerDays } from "@app/shared/scheduling/window-days";
import { isHoliday } from "../support/holidays";
import { STAFF_EMAIL } from "../support/stack";
import { budget, expect, expectNoAxeViolations, mailbox, test } from "./fixtures";
import { createUser, logIn, main } from "./staff";
import { chooseWindow, openDay } from "./window-picker";

test.use({ timezoneId: "America/Chicago" });

/** The first weekday (Monday to Friday, not a holiday) at least `days` days from today, Baton Rouge time. */
function weekdayFromNow(days: number): string {
  for (let date = addLocalDays(businessDate(), days); ; date = addLocalDays(date, 1)) {
    const day = localWeekday(date);
    if (day >= 1 && day <= 5 && !isHoliday(date)) return date;
  }
}

const inDays = (days: number) => {
  const when = new Date(Date.now() + days * 86400_000);
  when.setUTCHours(15, 0, 0, 0);
  return when;
};

test("a customer sees each of their visits as it is, cancels one through its page, and staff are emailed", async ({
  page,
  db,
}) => {
  test.setTimeout(budget(69)); // four pages, three axe checks and an email through the worker
  const user = await createUser(db, "customer", "Delphine");
  const technician = await createUser(db, "technician", "Landry");
  const mine = await db.customer.create({
    data: { name: "Delphine Thibodeaux", email: user.email, phone: "(225) 555-0199", userId: user.id },
  });
  const summary = `Porch light repair ${Date.now()}`;
  // A pending visit in the 2 to 4 window with its technician assigned: Booked, with Landry, never "Awaiting assignment".
  const start = requireBusinessInstant(weekdayFromNow(5), 14 * 60);
  const booking = await db.booking.create({
    data: {
      customerId: mine.id,
      summary: `Lighting Installation: ${summary}`,
      priority: "medium",
      status: "pending",
      scheduledDate: start,
      technicianId: technician.id,
    },
  });
  const older = await db.booking.create({
    data: {
      customerId: mine.id,
      summary: "Old panel check",
      priority: "medium",
      status: "completed",
      scheduledDate: inDays(-30),
    },
  });

  const other = await createUser(db, "customer", "Rene");
  const theirs = await db.customer.create({
    data: { name: "Rene Guidry", email: other.email, phone: "(225) 555-0111", userId: other.id },
  });
  const otherBooking = await db.booking.create({
    data: {
      customerId: theirs.id,
      summary: "Panel Upgrade",
      priority: "medium",
      status: "pending",
      scheduledDate: inDays(6),
    },
  });

  await logIn(page, user.email);
  await page.getByRole("banner").getByRole("link", { name: "My Account" }).first().click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page).toHaveTitle(/My Account/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

  const list = main(page).getByRole("list", { name: "Your bookings" });
  const visitNumber = (id: number) => new RegExp(`Visit #${id}(?!\\d)`);
  const card = list.getByRole("listitem").filter({ hasText: visitNumber(booking.id) });
  await expect(card).toContainText("Lighting Installation");
  await expect(card).not.toContainText(summary); // staff's words stay with staff
  await expect(card).toContainText(formatWindow(windowStartingAt(start)!));
  await expect(card).toContainText("Landry");
  await expect(card.getByTestId("booking-status")).toHaveText("Booked");
  await expect(main(page)).not.toContainText("Awaiting assignment");
  await expect(list.getByRole("listitem").filter({ hasText: visitNumber(older.id) })).toContainText("Completed");
  // Newest scheduled first.
  await expect(list.getByRole("listitem").first()).toContainText(visitNumber(booking.id));
  await expect(main(page)).not.toContainText(visitNumber(otherBooking.id));
  await expectNoAxeViolations(page);

  // Someone else's visit is not found in this account, and stays as it was.
  const theirsPage = await page.goto(`/account/visits/${otherBooking.id}?step=cancel`);
  expect(theirsPage?.status()).toBe(404);
  await expect(main(page)).toContainText("That visit could not be found in your account.");
  await expect(main(page).getByRole("button", { name: "Yes, cancel my visit" })).toHaveCount(0);
  expect((await db.booking.findUniqueOrThrow({ where: { id: otherBooking.id } })).status).toBe("pending");

  // Reschedule opens the visit's page, as its emailed link does.
  await page.goto("/account");
  await card.getByRole("link", { name: `Reschedule visit #${booking.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/account/visits/${booking.id}$`));
  await expect(main(page).getByRole("heading", { name: "Change the time" })).toBeVisible();
  await expect(main(page).getByTestId("visit-status")).toHaveText("Booked");
  await expectNoAxeViolations(page);

  // Cancel asks first, then cancels; the way back shows it cancelled, with nothing left to change.
  await main(page).getByRole("link", { name: "Back to My Account" }).click();
  await card.getByRole("link", { name: `Cancel visit #${booking.id}` }).click();
  await expect(main(page).getByRole("heading", { level: 1, name: "Cancel your visit?" })).toBeVisible();
  await main(page).getByRole("button", { name: "Yes, cancel my visit" }).click();
  await expect(main(page).getByRole("status")).toContainText("is cancelled.");
  await expect(main(page).getByTestId("visit-status")).toHaveText("Cancelled");
  await main(page).getByRole("link", { name: "Back to My Account" }).click();
  await expect(card.getByTestId("booking-status")).toHaveText("Cancelled");
  await expect(card.getByRole("link")).toHaveCount(0);
  await expect
    .poll(async () => (await db.booking.findUniqueOrThrow({ where: { id: booking.id } })).status)
    .toBe("cancelled");
  expect((await db.booking.findUniqueOrThrow({ where: { id: older.id } })).status).toBe("completed");

  const email = await mailbox.waitFor((e) => e.subject.includes(`Booking #${booking.id} cancelled by the customer`));
  expect(email.to).toEqual([STAFF_EMAIL]);
  const audit = await db.auditLog.findFirstOrThrow({
    where: { action: "booking.status_changed", targetType: "booking", targetId: String(booking.id) },
  });
  expect(audit.actorEmail).toBe(user.email);
  await expectNoAxeViolations(page);
});

test("a customer with no bookings requests an appointment and sees it pending", async ({ page, db }) => {
  const user = await createUser(db, "customer", "Marguerite");
  await logIn(page, user.email, { to: "/account" });
  await expect(main(page)).toContainText("You have no bookings with us yet.");
  await expect(main(page).getByRole("link", { name: "Request an appointment" })).toBeVisible();
  // One true thing: a chosen window is kept, not "confirmed" by a call.
  await expect(main(page)).not.toContainText("call you to confirm");

  const form = main(page).getByRole("region", { name: "Request an appointment" });
  await expect(form.getByRole("textbox", { name: "Full name" })).toHaveValue(`${user.firstName} ${user.lastName}`);
  await expect(form.getByRole("textbox", { name: "Email" })).toHaveValue(user.email);
  // Same rules as the chat form: the server's answer shows beside the field.
  await form.getByRole("textbox", { name: "Phone" }).fill("call me");
  await form.getByRole("combobox", { name: "Service type" }).selectOption("Outlet Installation");
  await form.getByRole("button", { name: "Request appointment" }).click();
  await expect(form.getByText("Enter a valid phone number")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Phone" })).toHaveAttribute("aria-invalid", "true");

  await form.getByRole("textbox", { name: "Phone" }).fill("(225) 555-0123");
  await form.getByRole("textbox", { name: "Describe the problem or project" }).fill("Two new kitchen outlets.");
  await form.getByRole("button", { name: "Request appointment" }).click();
  await expect(form.getByRole("status")).toContainText("Outlet Installation");

  const card = main(page)
    .getByRole("list", { name: "Your bookings" })
    .getByRole("listitem")
    .filter({ hasText: "Outlet Installation" });
  // No window chosen: a request our office still has to place.
  await expect(card.getByTestId("booking-status")).toHaveText("Requested");
  await expect(card).toContainText("To be arranged");
  const booking = await db.booking.findFirstOrThrow({
    where: { customer: { email: user.email } },
    include: { appointmentRequest: true },
  });
  expect(booking.status).toBe("pending");
  expect(booking.source).toBe("portal");
  expect(booking.appointmentRequest?.chatSessionId).toBeNull();
  await expectNoAxeViolations(page);
});

test("a customer books one of the open arrival windows", async ({ page, db }) => {
  // A technician who works, so there are windows to offer (other tests' technicians may add more).
  await createUser(db, "technician", "Windows");
  const user = await createUser(db, "customer", "Eulalie");
  await logIn(page, user.email, { to: "/account" });
  const form = main(page).getByRole("region", { name: "Request an appointment" });
  // Hydrated (Conform has taken over the form's checks): a day is a button, and nothing typed is lost.
  await expect(form.locator("form[novalidate]")).toHaveCount(1);
  // One true thing about what follows, as the chat's form says it; and /book's days, not two weeks.
  await expect(form).toContainText(APPOINTMENT_REQUEST_NOTE);
  await expect(form).not.toContainText("call you within 24 hours to confirm");
  const last = addLocalDays(businessDate(), pickerDays() - 1);
  expect(pickerDays()).toBeGreaterThan(14);
  await expect(
    form.getByRole("list", { name: `Days from ${formatLocalDay(businessDate())} to ${formatLocalDay(last)}` }),
  ).toBeVisible();
  const day = openDay(3);
  const picker = form.getByRole("group", { name: /^Arrival window/ });
  const start = await chooseWindow(picker, day, 10);
  await expectNoAxeViolations(page);
  await form.getByRole("textbox", { name: "Phone" }).fill("(225) 555-0124");
  await form.getByRole("combobox", { name: "Service type" }).selectOption("Ceiling Fan Installation");
  await form.getByRole("button", { name: "Request appointment" }).click();
  await expect(form.getByRole("status")).toContainText(formatWindow(windowStartingAt(new Date(start))!));
  const booking = await db.booking.findFirstOrThrow({ where: { customer: { email: user.email } } });
  expect(booking.scheduledDate.toISOString()).toBe(start);
  expect(booking.needsPlacing).toBe(false);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the request form and a visit's cancel work as plain posts", async ({ page, db }) => {
    const user = await createUser(db, "customer", "Solange");
    await db.customer.create({
      data: { name: "Solange Hebert", email: user.email, phone: "(225) 555-0177", userId: user.id },
    });
    await logIn(page, user.email, { to: "/account" });
    const form = main(page).getByRole("region", { name: "Request an appointment" });
    // The phone comes from the customer record.
    await expect(form.getByRole("textbox", { name: "Phone" })).toHaveValue("(225) 555-0177");
    await form.getByRole("combobox", { name: "Service type" }).selectOption("Ceiling Fan Installation");
    await form.getByRole("button", { name: "Request appointment" }).click();
    await expect(form.getByRole("status")).toContainText("Ceiling Fan Installation");
    const card = main(page)
      .getByRole("list", { name: "Your bookings" })
      .getByRole("listitem")
      .filter({ hasText: "Ceiling Fan Installation" });
    await expect(card.getByTestId("booking-status")).toHaveText("Requested");

    await card.getByRole("link", { name: /^Cancel visit #/ }).click();
    await main(page).getByRole("button", { name: "Yes, cancel my visit" }).click();
    await expect(main(page).getByRole("status")).toContainText("is cancelled.");
    await main(page).getByRole("link", { name: "Back to My Account" }).click();
    await expect(
      main(page)
        .getByRole("list", { name: "Your bookings" })
        .getByRole("listitem")
        .filter({ hasText: "Ceiling Fan Installation" })
        .getByTestId("booking-status"),
    ).toHaveText("Cancelled");
    const booking = await db.booking.findFirstOrThrow({ where: { customer: { email: user.email } } });
    expect(booking).toMatchObject({ status: "cancelled", source: "portal" });
  });
});

test("the header links a customer to My Account on desktop and in the phone menu", async ({ page, db }) => {
  const user = await createUser(db, "customer", "Lucienne");
  await logIn(page, user.email);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My Account", exact: true }),
  ).toHaveAttribute("href", "/account");
  await page.setViewportSize({ width: 390, height: 844 });
  // The phone's menu is a native disclosure: its toggle is the <summary> named "Menu".
  await page
    .getByRole("banner")
    .locator("summary", { hasText: /^Menu$/ })
    .click();
  await expect(
    page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "My Account", exact: true }),
  ).toHaveAttribute("href", "/account");
});

test("an admin's header has no My Account link", async ({ page, db }) => {
  const admin = await createUser(db, "admin");
  // An admin lands on the dashboard, whose staff header links to it as "Admin".
  await logIn(page, admin.email);
  await expect(page.getByRole("banner").getByRole("link", { name: "Admin", exact: true })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "My Account" })).toHaveCount(0);
});

test("an account whose email is not confirmed sees no bookings and can send the link again", async ({ page, db }) => {
  const user = await createUser(db, "customer", "Pierre", { verified: false });
  // A record with the same address (say, from the chat) stays out of sight until the address is proved.
  const record = await db.customer.create({
    data: { name: "Pierre Landry", email: user.email, phone: "(225) 555-0133" },
  });
  await db.booking.create({
    data: {
      customerId: record.id,
      summary: `Hidden visit ${Date.now()}`,
      priority: "medium",
      status: "pending",
      scheduledDate: inDays(4),
    },
  });

  await logIn(page, user.email, { to: "/account" });
  await expect(main(page).getByRole("heading", { name: "Confirm your email address" })).toBeVisible();
  await expect(main(page)).not.toContainText("Hidden visit");
  await expect(main(page)).not.toContainText("555-0133");
  await expect(main(page).getByRole("button", { name: "Request appointment" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await expect(main(page)).toContainText(`A confirmation email is on its way to ${user.email}`);
  await main(page).getByRole("button", { name: "Send it again" }).click();
  await expect(
    main(page).getByRole("status").filter({ hasText: "We have sent a new confirmation link" }),
  ).toBeVisible();
  const sent = await mailbox.waitFor((e) => e.to.includes(user.email) && e.subject.startsWith("Confirm your email"));
  expect(sent.text).toMatch(/\/verify-email\?token=/);
});
