/**
 * The job record of a visit on /jobs (docs/product.md#job-record), on a phone: a note, the
 * checklist, a photo and an item added on site are there after a reload, and the photo can be
 * removed; without JavaScript the note and the item are saved as well.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { businessDate, requireBusinessInstant } from "@app/shared/time";
import type { Db } from "@app/shared/db.server";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { createUser, logIn, main, newCustomer } from "./staff";

test.use({ timezoneId: "America/Chicago", viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

async function panelVisit(db: Db, technicianId: number, hour: number) {
  const customer = await newCustomer(db);
  return db.booking.create({
    data: {
      customerId: customer.id,
      summary: "Panel Upgrade 100A to 200A",
      scheduledDate: requireBusinessInstant(businessDate(), hour * 60),
      technicianId,
      address: "4521 Government St, Baton Rouge",
    },
  });
}

const recordOf = (page: Page, bookingId: number) =>
  main(page).getByRole("region", { name: new RegExp(`Job record of visit #${bookingId}$`) });

async function addGfci(page: Page, bookingId: number) {
  const record = recordOf(page, bookingId);
  await record.getByLabel("Or describe it").fill("GFCI outlet");
  await record.getByLabel("Price ($)").fill("165.00");
  await record.getByLabel("Quantity").fill("1");
  await record.getByRole("button", { name: /Add item/ }).click();
  await expect(record.getByRole("listitem").filter({ hasText: "GFCI outlet" })).toContainText("$165.00");
}

test("a technician records a visit on their phone: note, checklist, photo and an item, all there after a reload", async ({
  page,
  db,
}) => {
  const tech = await createUser(db, "technician", "Remy");
  const booking = await panelVisit(db, tech.id, 8);
  await logIn(page, tech.email);
  await expect(page).toHaveURL(/\/jobs$/);
  const record = recordOf(page, booking.id);
  await expect(record).toBeVisible();

  await record.getByLabel("Notes").fill("Old panel had two double-tapped breakers.");
  await record.getByRole("button", { name: /Save notes/ }).click();
  await expect(main(page).getByRole("status").filter({ hasText: "Notes saved." })).toBeVisible();

  await record.getByLabel("Permit posted").check();
  await record.getByLabel("Terminals torqued to spec").check();
  await record.getByRole("button", { name: /Save checklist/ }).click();
  await expect(main(page).getByRole("status").filter({ hasText: "Checklist saved." })).toBeVisible();

  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#336699" } })
    .jpeg()
    .toBuffer();
  await record.getByLabel(/Add photos/).setInputFiles({ name: "panel.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await record.getByRole("button", { name: /Upload photos/ }).click();
  await expect(record.getByText("panel.jpg: saved.")).toBeVisible();
  await expect(record.getByRole("img", { name: `Visit #${booking.id}, 1 of 1` })).toBeVisible();

  await addGfci(page, booking.id);
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(record.getByLabel("Notes")).toHaveValue("Old panel had two double-tapped breakers.");
  await expect(record.getByLabel("Permit posted")).toBeChecked();
  await expect(record.getByLabel("Terminals torqued to spec")).toBeChecked();
  await expect(record.getByLabel("Inspection scheduled")).not.toBeChecked();
  await expect(record.getByRole("img", { name: `Visit #${booking.id}, 1 of 1` })).toBeVisible();
  const shown = await record
    .getByRole("img", { name: `Visit #${booking.id}, 1 of 1` })
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth);
  expect(shown).toBe(64);
  await expect(record.getByRole("listitem").filter({ hasText: "GFCI outlet" })).toContainText("$165.00");
  await expectNoAxeViolations(page);

  // A photo taken by mistake goes again.
  await record.getByRole("button", { name: `Remove photo 1 of 1 (visit #${booking.id})` }).click();
  await expect(main(page).getByRole("status").filter({ hasText: "Photo removed." })).toBeVisible();
  await expect(record.getByRole("img", { name: `Visit #${booking.id}, 1 of 1` })).toHaveCount(0);
  expect(await db.jobPhoto.count({ where: { bookingId: booking.id } })).toBe(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the note and an item are saved", async ({ page, db }) => {
    const tech = await createUser(db, "technician", "Odile");
    const booking = await panelVisit(db, tech.id, 10);
    await logIn(page, tech.email);
    const record = recordOf(page, booking.id);
    await record.getByLabel("Notes").fill("Meter base is corroded.");
    await record.getByRole("button", { name: /Save notes/ }).click();
    await expect(main(page)).toContainText("Notes saved.");
    await addGfci(page, booking.id);
    await page.goto("/jobs");
    await expect(record.getByLabel("Notes")).toHaveValue("Meter base is corroded.");
    await expect(record.getByRole("listitem").filter({ hasText: "GFCI outlet" })).toContainText("$165.00");
  });
});
