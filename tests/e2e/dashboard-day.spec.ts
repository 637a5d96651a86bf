/**
 * The dashboard's day (docs/product.md#dashboard): an admin who signs in lands on it and sees today's
 * visits under their technician, the requests still to be placed, and the open emergencies.
 */
import type { Page } from "@playwright/test";
import type { Db } from "@app/shared/db.server";
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

/**
 * Ten emergency chats from one visitor (the walk's ten identical "Chat from Website chat visitor" rows) and a
 * message: each row says who and what they said, one row per person, and Dismiss takes it off every open
 * dashboard at once (docs/product.md#dashboard).
 */
test.describe("open emergency leads", () => {
  /** A visitor's chats that read as emergencies, a second apart, ahead of other tests' (the list is newest first). */
  async function floodOfChats(db: Db, words: string) {
    const base = Date.now() + 60_000;
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const id = `chat_${unique("flood").replace(/[^A-Za-z0-9]/g, "")}${i}`;
      await db.chatSession.create({
        data: { id, ip: "203.0.113.7", userAgent: "Walker/1.0", emergencyAt: new Date(base + i * 1000) },
      });
      await db.chatMessage.create({
        data: { sessionId: id, sender: "user", message: `${words} (${i})`, createdAt: new Date(base + i * 1000 - 500) },
      });
      ids.push(id);
    }
    return ids;
  }

  test("one row per visitor with what they said, and Dismiss clears it for every open dashboard, stored and audited", async ({
    page,
    browser,
    db,
  }) => {
    test.slow(); // two sign-ins and axe on a shared machine
    const words = `Sparks and smoke from the breaker box ${unique("w")}`;
    const ids = await floodOfChats(db, words);
    const admin = await createUser(db, "admin");
    await logIn(page, admin.email, { to: "/dashboard" });
    await waitLive(page);
    const other = await browser.newContext({ timezoneId: "America/Chicago" });
    const second = await other.newPage();
    try {
      await logIn(second, (await createUser(db, "admin")).email, { to: "/dashboard" });
      await waitLive(second);

      const emergencies = (p: Page) => main(p).getByRole("region", { name: "Open emergencies" });
      const rows = (p: Page) => emergencies(p).getByRole("listitem").filter({ hasText: words });
      // One row, not ten: the newest conversation's words, how many, the earlier ones folded under it.
      await expect(rows(page)).toHaveCount(1);
      const row = rows(page).first();
      await expect(row).toContainText("Emergency in the chat: a website chat visitor");
      await expect(row).toContainText(`“${words} (9)”`);
      await expect(row).toContainText("10 conversations");
      await row.getByText("9 earlier from the same visitor").click();
      await expect(row).toContainText(`${words} (0)`);
      await expectNoAxeViolations(page);

      await row.getByRole("button", { name: /^Dismiss the alert from a website chat visitor/ }).click();
      const outcome = emergencies(page).getByRole("status").filter({ hasText: "10 alerts dismissed." });
      await expect(outcome).toBeFocused();
      await expect(outcome).toBeInViewport();
      await expect(rows(page)).toHaveCount(0);
      // The other admin's dashboard drops it too, without a reload.
      await expect(rows(second)).toHaveCount(0);

      const sessions = await db.chatSession.findMany({ where: { id: { in: ids } } });
      expect(sessions.every((s) => s.emergencyAcknowledgedAt !== null && s.handledAt === null)).toBe(true);
      const audited = await db.auditLog.findMany({
        where: { action: "lead.emergency_acknowledged", targetType: "chat", targetId: { in: ids } },
      });
      expect(audited.map((a) => a.actorEmail)).toEqual(Array(10).fill(admin.email));
    } finally {
      await other.close();
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("Dismiss posts as a page, whose answer is in view and focused", async ({ page, db }) => {
      const name = `Odile Guidry ${unique("o")}`;
      const message = await db.contactMessage.create({
        data: {
          firstName: name.split(" ")[0]!,
          lastName: name.split(" ").slice(1).join(" "),
          email: `${unique("odile")}@example.com`,
          phone: "(225) 555-0199",
          message: `Water in the panel, it is buzzing ${unique("m")}`,
          emergency: true,
          createdAt: new Date(Date.now() + 60_000),
        },
      });
      const admin = await createUser(db, "admin");
      await logIn(page, admin.email, { to: "/dashboard" });
      const row = main(page).getByRole("listitem").filter({ hasText: message.message });
      await expect(row).toContainText(`Emergency message from ${name}`);
      await expect(row.getByRole("link", { name: "(225) 555-0199" })).toHaveAttribute("href", "tel:2255550199");
      await row.getByRole("button", { name: `Dismiss the alert from ${name}` }).click();
      const outcome = main(page).getByRole("status").filter({ hasText: "Alert dismissed." });
      await expect(outcome).toBeFocused();
      await expect(outcome).toBeInViewport();
      await expect(main(page).getByRole("listitem").filter({ hasText: message.message })).toHaveCount(0);
      expect(
        (await db.contactMessage.findUniqueOrThrow({ where: { id: message.id } })).emergencyAcknowledgedAt,
      ).not.toBeNull();
    });
  });
});
