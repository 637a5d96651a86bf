/**
 * The dashboard's day (docs/product.md#dashboard): an admin who signs in lands on it and sees today's
 * visits under their technician, the requests still to be placed, and the open emergencies.
 */
import { addLocalDays, businessDate, requireBusinessInstant } from "@app/shared/time";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { createUser, logIn, main, newCustomer, unique, waitLive } from "./staff";

test("an admin signing in lands on the dashboard: today's visit under its technician, a request to place, an open emergency", async ({
  page,
  db,
}) => {
  test.slow(); // a sign-in and axe on a shared machine
  const technician = await createUser(db, "technician", "Remy");
  const customer = await newCustomer(db, "Solange Fontenot");
  const today = businessDate();
  const visit = await db.booking.create({
    data: {
      customerId: customer.id,
      summary: `Ceiling fan install ${unique("fan")}`,
      status: "pending",
      scheduledDate: requireBusinessInstant(today, 6 * 60),
      technicianId: technician.id,
    },
  });
  const request = await db.booking.create({
    data: {
      customerId: customer.id,
      summary: `Outlet check ${unique("place")}`,
      status: "pending",
      source: "chat",
      needsPlacing: true,
      scheduledDate: requireBusinessInstant(addLocalDays(today, 1), 9 * 60),
    },
  });
  const emergency = await db.booking.create({
    data: {
      customerId: customer.id,
      summary: `Burning smell at the panel ${unique("emergency")}`,
      status: "pending",
      priority: "emergency",
      source: "chat",
      needsPlacing: true,
      scheduledDate: requireBusinessInstant(addLocalDays(today, 1), 9 * 60),
    },
  });

  const admin = await createUser(db, "admin");
  await logIn(page, admin.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(main(page).getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await waitLive(page);

  const todays = main(page).getByRole("region", { name: /Today's visits/ });
  const lane = todays.getByRole("region", { name: new RegExp(`^${technician.firstName} ${technician.lastName}`) });
  const line = lane.locator(`[data-dashboard-visit="${visit.id}"]`);
  await expect(line).toContainText(customer.name);
  await expect(line).toContainText("6:00 AM");
  await expect(line).toContainText("Pending");
  await expect(line.getByRole("link", { name: `#${visit.id}: ${visit.summary}` })).toHaveAttribute(
    "href",
    `/admin/bookings/${visit.id}`,
  );

  const toPlace = main(page).getByRole("region", { name: "Requests to be placed" });
  await expect(toPlace.getByRole("link", { name: `#${request.id}: ${request.summary}` })).toHaveAttribute(
    "href",
    `/admin/bookings/${request.id}`,
  );

  const emergencies = main(page).getByRole("region", { name: "Open emergencies" });
  await expect(emergencies.getByRole("link", { name: `#${emergency.id}: ${emergency.summary}` })).toBeVisible();

  const week = main(page).getByRole("region", { name: "This week's numbers" });
  for (const label of ["Visits booked", "Completed", "Cancelled", "New leads"])
    await expect(week.getByText(label, { exact: true })).toBeVisible();
  // The totals, the audit list and the calendar feed are still there, below.
  await expect(main(page).getByRole("region", { name: "Bookings" })).toBeVisible();
  await expect(main(page).getByRole("heading", { name: "Calendar feed" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Completed, it is no longer an open emergency.
  await db.booking.update({ where: { id: emergency.id }, data: { status: "completed" } });
  await page.reload();
  await expect(emergencies.getByRole("link", { name: `#${emergency.id}: ${emergency.summary}` })).toHaveCount(0);
});
