/**
 * The office's records: the audit log on the dashboard, the CSV export of the
 * bookings list, and each admin's private calendar feed.
 */
import { readFile } from "node:fs/promises";
import ical from "node-ical";
import { formatTimestamp } from "@app/shared/time";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { adminPage, createUser, newCustomer } from "./staff";

test.use({ timezoneId: "America/Chicago" });

test("the audit log on the dashboard records a role change: who, what, when", async ({ page, db }) => {
  const target = await createUser(db, "customer", "Audrey");
  const admin = await adminPage(page, db, "/admin/users");
  const row = page.getByRole("row").filter({ hasText: target.email });
  await row.getByRole("combobox").selectOption("technician");
  await expect
    .poll(async () => (await db.user.findUniqueOrThrow({ where: { id: target.id } })).role)
    .toBe("technician");

  await page.goto("/dashboard");
  const changes = page.getByRole("region", { name: "Recent changes" });
  const entry = changes.getByRole("listitem").filter({ hasText: target.email }).first();
  await expect(entry).toContainText(`${admin.email} changed ${target.email}'s role from customer to technician`);
  await expect(entry.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  await expectNoAxeViolations(page);
});

test("the bookings list exports as CSV with the right columns and rows", async ({ page, db }) => {
  const customer = await newCustomer(db, "Export Customer");
  const technician = await createUser(db, "technician", "Exporter");
  const summary = `Export check ${Date.now()}`;
  const booking = await db.booking.create({
    data: {
      customerId: customer.id,
      summary,
      details: 'Side yard, "blue" gate',
      priority: "high",
      status: "completed",
      scheduledDate: new Date("2031-04-01T15:00:00Z"),
      technicianId: technician.id,
      address: "12 Oak St, Walker",
    },
  });
  await adminPage(page, db, "/admin/bookings?status=completed");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV", exact: true }).click();
  const file = await (await download).path();
  const lines = (await readFile(file!, "utf8"))
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  // Every cell quoted (docs/product.md#admin), so a spreadsheet reads no cell as a formula.
  const row = (cells: Array<string | number>) => cells.map((c) => `"${String(c).replace(/"/g, '""')}"`).join(",");
  expect(lines[0]).toBe(
    row([
      "Booking ID",
      "Customer ID",
      "Customer Name",
      "Customer Email",
      "Customer Phone",
      "Summary",
      "Details",
      "Priority",
      "Status",
      "Scheduled (America/Chicago)",
      "Created (America/Chicago)",
      "ServiceTitan ID",
      "Source",
      "Technician",
      "Address",
    ]),
  );
  const line = lines.find((l) => l.startsWith(`"${booking.id}",`));
  expect(line).toBe(
    row([
      booking.id,
      customer.id,
      customer.name,
      customer.email,
      customer.phone,
      summary,
      'Side yard, "blue" gate',
      "high",
      "completed",
      // Baton Rouge time, the zone named.
      "2031-04-01 10:00 CDT",
      formatTimestamp(booking.createdAt),
      "",
      "admin",
      `${technician.firstName} ${technician.lastName}`,
      "12 Oak St, Walker",
    ]),
  );
  // Only completed bookings, as filtered.
  for (const l of lines.slice(1)) expect(l.split('","')[8]).toBe("completed");
});

test("an admin creates a private calendar address that parses as iCalendar and holds the bookings", async ({
  page,
  db,
}) => {
  const customer = await newCustomer(db, "Feed Customer");
  const when = new Date(Date.now() + 2 * 86400_000);
  when.setUTCMinutes(0, 0, 0);
  const technician = await createUser(db, "technician", "Feedtech");
  const booking = await db.booking.create({
    data: {
      customerId: customer.id,
      summary: "Ceiling fan install",
      priority: "medium",
      scheduledDate: when,
      technicianId: technician.id,
      address: "31 Bayou Dr, Walker",
    },
  });
  await adminPage(page, db, "/dashboard");
  const feed = page.getByRole("region", { name: "Calendar feed" });
  await feed.getByRole("button", { name: "Create calendar address" }).click();
  const address = feed.getByRole("textbox", { name: "Your calendar address" });
  await expect(address).toHaveValue(/\/calendar\/.+\.ics$/);
  const url = await address.inputValue();

  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  const events = Object.values(ical.sync.parseICS(await res.text())).filter(
    (e) => e?.type === "VEVENT",
  ) as ical.VEvent[];
  const event = events.find((e) => String(e.summary).includes(`#${booking.id} `));
  expect(event).toBeDefined();
  expect(String(event!.summary)).toBe(`#${booking.id} Ceiling fan install (${customer.name})`);
  expect(new Date(event!.start).toISOString()).toBe(when.toISOString());
  // As long as the visit (two hours by default), where it is, and who does it.
  expect(new Date(event!.end!).getTime() - when.getTime()).toBe(2 * 3600_000);
  expect(String(event!.location)).toBe("31 Bayou Dr, Walker");
  expect(String(event!.description)).toContain(`Technician: ${technician.firstName} ${technician.lastName}`);

  // Turned off, the address stops working.
  await feed.getByRole("button", { name: "Turn off" }).click();
  await expect(feed.getByRole("button", { name: "Create calendar address" })).toBeVisible();
  expect((await page.request.get(url)).status()).toBe(404);
});
