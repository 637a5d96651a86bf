/**
 * The job record of a visit on /jobs (docs/product.md#job-record), on a phone: the notes and the
 * checklist saved with one button (and shown once after a save), a photo from the camera or the
 * library, an item added on site, all there after a reload, and the photo removed again; without
 * JavaScript the record and an item are saved as well. Each answer is in view and focused.
 *
 * The visits are on `visitDay()` (tests/e2e/jobs-day.ts): never a day that ends while the test runs.
 */
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { requireBusinessInstant } from "@app/shared/time";
import type { Db } from "@app/shared/db.server";
import { expect, expectNoAxeViolations, hydrated, test } from "./fixtures";
import { recordOf, visitDay } from "./jobs-day";
import { createUser, logIn, main, newCustomer } from "./staff";

test.use({ timezoneId: "America/Chicago", viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

async function panelVisit(db: Db, technicianId: number, hour: number) {
  const customer = await newCustomer(db);
  return db.booking.create({
    data: {
      customerId: customer.id,
      summary: "Panel Upgrade 100A to 200A",
      scheduledDate: requireBusinessInstant(visitDay(), hour * 60),
      technicianId,
      address: "4521 Government St, Baton Rouge",
    },
  });
}

/** A post's answer: shown, in the viewport and focused (docs/product.md#site-wide). */
async function expectAnswer(page: Page, text: string): Promise<Locator> {
  const answer = main(page).getByRole("status").filter({ hasText: text });
  await expect(answer).toBeVisible();
  await expect(answer).toBeFocused();
  await expect(answer).toBeInViewport();
  return answer;
}

async function addGfci(page: Page, bookingId: number) {
  const record = recordOf(page, bookingId);
  // "Add an item" opens its form (a <details>: it works without JavaScript too).
  const add = record.locator("details").filter({ hasText: "Add an item" });
  if (!(await add.evaluate((details: HTMLDetailsElement) => details.open))) await add.getByText("Add an item").click();
  await record.getByLabel("Or describe it").fill("GFCI outlet");
  await record.getByLabel("Price ($)").fill("165.00");
  await record.getByLabel("Quantity").fill("1");
  await record.getByRole("button", { name: /Add item/ }).click();
  await expectAnswer(page, "GFCI outlet added.");
  await expect(record.getByRole("listitem").filter({ hasText: "GFCI outlet" })).toContainText("$165.00");
}

test("a technician records a visit on their phone: one save for notes and checklist, a photo and an item, all there after a reload", async ({
  page,
  db,
}) => {
  const tech = await createUser(db, "technician", "Remy");
  const booking = await panelVisit(db, tech.id, 8);
  await logIn(page, tech.email);
  await expect(page).toHaveURL(/\/jobs$/);
  // A box ticked before the page is hydrated is set back when its form starts (fixtures.ts, `hydrated`).
  await hydrated(page);
  // The technician's one visit is open by default.
  const record = recordOf(page, booking.id);
  await expect(record).toBeVisible();
  const notes = record.getByRole("textbox", { name: "Notes" });
  const save = record.getByRole("button", { name: /Save/ });
  await expect(save).toHaveCount(1);

  await notes.fill("Old panel had two double-tapped breakers.");
  await record.getByLabel("Permit posted").check();
  await record.getByLabel("Terminals torqued to spec").check();
  await save.click();
  await expectAnswer(page, "Job record saved.");
  // One Notes box and one Save button after the save, holding what was saved (it showed two, one empty).
  await expect(notes).toHaveCount(1);
  await expect(notes).toHaveValue("Old panel had two double-tapped breakers.");
  await expect(save).toHaveCount(1);
  await expect(record.getByLabel("Permit posted")).toBeChecked();
  // A second save, of a record saved before: still one of each.
  await notes.fill("Old panel had two double-tapped breakers. Replaced both.");
  await save.click();
  await expectAnswer(page, "Job record saved.");
  await expect(notes).toHaveCount(1);
  await expect(save).toHaveCount(1);
  await expect(notes).toHaveValue("Old panel had two double-tapped breakers. Replaced both.");

  // The camera or the library: the input does not force the camera.
  const photoInput = record.getByLabel(/Add photos/);
  await expect(photoInput).not.toHaveAttribute("capture");
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#336699" } })
    .jpeg()
    .toBuffer();
  await photoInput.setInputFiles({ name: "panel.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await record.getByRole("button", { name: /Upload photos/ }).click();
  await expectAnswer(page, "panel.jpg: saved.");
  await expect(record.getByRole("img", { name: `Visit #${booking.id}, 1 of 1` })).toBeVisible();

  await addGfci(page, booking.id);
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(notes).toHaveValue("Old panel had two double-tapped breakers. Replaced both.");
  await expect(record.getByLabel("Permit posted")).toBeChecked();
  await expect(record.getByLabel("Terminals torqued to spec")).toBeChecked();
  await expect(record.getByLabel("Inspection scheduled")).not.toBeChecked();
  await expect(record.getByRole("img", { name: `Visit #${booking.id}, 1 of 1` })).toBeVisible();
  const shown = await record
    .getByRole("img", { name: `Visit #${booking.id}, 1 of 1` })
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth);
  expect(shown).toBe(64);
  await expect(record.getByRole("listitem").filter({ hasText: "GFCI outlet" })).toContainText("$165.00");

  // A photo taken by mistake goes again.
  await record.getByRole("button", { name: `Remove photo 1 of 1 (visit #${booking.id})` }).click();
  await expectAnswer(page, "Photo removed.");
  await expect(record.getByRole("img", { name: `Visit #${booking.id}, 1 of 1` })).toHaveCount(0);
  expect(await db.jobPhoto.count({ where: { bookingId: booking.id } })).toBe(0);
  const saved = await db.jobRecord.findUniqueOrThrow({ where: { bookingId: booking.id } });
  expect([...saved.checklist].sort()).toEqual(["permit-posted", "torque-to-spec"]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the record and an item are saved, each answer in view and focused", async ({ page, db }) => {
    const tech = await createUser(db, "technician", "Odile");
    const booking = await panelVisit(db, tech.id, 10);
    await logIn(page, tech.email);
    const record = recordOf(page, booking.id);
    await record.getByRole("textbox", { name: "Notes" }).fill("Meter base is corroded.");
    await record.getByLabel("Permit posted").check();
    await record.getByRole("button", { name: /Save job record/ }).click();
    await expectAnswer(page, "Job record saved.");
    await expect(record.getByRole("textbox", { name: "Notes" })).toHaveCount(1);
    await addGfci(page, booking.id);
    await page.goto("/jobs");
    await expect(record.getByRole("textbox", { name: "Notes" })).toHaveValue("Meter base is corroded.");
    await expect(record.getByLabel("Permit posted")).toBeChecked();
    await expect(record.getByRole("listitem").filter({ hasText: "GFCI outlet" })).toContainText("$165.00");
  });
});
