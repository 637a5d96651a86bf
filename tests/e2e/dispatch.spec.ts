import type { Browser, Locator, Page } from "@playwright/test";
import type { Db } from "@app/shared/db.server";
import { addLocalDays, businessDate, localWeekday, requireBusinessInstant } from "@app/shared/time";
import type { CapturedEmail } from "../support/resend-standin";
import { expect, expectNoAxeViolations, mailbox, test } from "./fixtures";
import { createUser, logIn, main, newCustomer, unique, waitLive } from "./staff";

/**
 * The dispatch board (docs/product.md#dispatch-board) as a dispatcher uses it on a desktop, with
 * a second dispatcher's board open: drags by pointer and by keyboard, a refused drop, and the
 * card's Move form without JavaScript (docs/product.md#moving-a-visit).
 */

test.use({ viewport: { width: 1280, height: 800 }, timezoneId: "America/Chicago" });

let days = 0;
/** A Tuesday to Friday of its own, weeks ahead, so no other test's visits share it. */
function boardDay(): string {
  let date = addLocalDays(businessDate(), 40 + 7 * ++days + Math.floor(Math.random() * 50) * 7);
  while (localWeekday(date) !== 3) date = addLocalDays(date, 1);
  return date;
}
const at = (date: string, hour: number) => requireBusinessInstant(date, hour * 60);

/** A technician with a name of their own (their lane is found by it). */
async function technician(db: Db, firstName: string) {
  const user = await createUser(db, "technician", firstName);
  return { ...user, name: `${user.firstName} ${user.lastName}` };
}

/** A visit of a new customer (`needsPlacing`: a request still to be placed, at its placeholder time). */
async function visit(db: Db, data: { start: Date; technicianId?: number; needsPlacing?: boolean; summary: string }) {
  const customer = await newCustomer(db);
  return db.booking.create({
    data: {
      customerId: customer.id,
      summary: data.summary,
      scheduledDate: data.start,
      technicianId: data.technicianId ?? null,
      needsPlacing: data.needsPlacing ?? false,
      source: data.needsPlacing ? "chat" : "admin",
    },
    include: { customer: true },
  });
}

const card = (page: Page, id: number) => main(page).locator(`article[data-visit="${id}"]`);
/** A technician's slot on the day view: its row (by name) and its window's column. */
const slot = (page: Page, technicianId: number, day: string, window: string) =>
  main(page).locator(`[data-drop="slot-${technicianId}-${day}-${window}"]`);

/** Drags a card by its grip to the middle of `target`, with the pointer, in small steps as a hand does. */
async function drag(page: Page, from: Locator, target: Locator) {
  const grip = from.getByRole("button", { name: /^Drag / });
  await grip.scrollIntoViewIfNeeded();
  const start = (await grip.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + 20, start.y + 20, { steps: 5 });
  await target.scrollIntoViewIfNeeded();
  const end = (await target.boundingBox())!;
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 15 });
  await page.mouse.up();
}

async function dispatcher(browser: Browser, db: Db, path: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: "America/Chicago" });
  const page = await context.newPage();
  const admin = await createUser(db, "admin");
  await logIn(page, admin.email, { to: path });
  await waitLive(page);
  return { page, context };
}

const emailsTo = async (to: string) => (await mailbox.list(to)) as CapturedEmail[];
const invite = (email: CapturedEmail) => Buffer.from(email.attachments![0]!.content, "base64").toString("utf8");
const icsTime = (d: Date) => d.toISOString().replace(/[-:]|\.\d+/g, "");

test("a dispatcher drags a request onto a technician's 10–12 window; a second board shows it; one email; an overlap is refused", async ({
  page,
  browser,
  db,
}) => {
  test.slow(); // two browsers, emails through the worker, axe
  const day = boardDay();
  // The board lists every technician by name: names that sort before any other test's keep a lane that
  // a test running meanwhile adds from moving these down under the pointer during a drag.
  const aaron = await technician(db, "Aaron");
  const abby = await technician(db, "Abby");
  const request = await visit(db, { start: at(day, 9), needsPlacing: true, summary: `Ceiling fan ${unique("r")}` });
  const other = await visit(db, { start: at(day, 14), technicianId: abby.id, summary: `Panel check ${unique("p")}` });
  const path = `/admin/dispatch?date=${day}`;

  const admin = await createUser(db, "admin");
  await logIn(page, admin.email, { to: path });
  await waitLive(page);
  const second = await dispatcher(browser, db, path);
  try {
    await expect(main(page).getByRole("heading", { name: "Unassigned / to be placed" })).toBeVisible();
    await expect(card(page, request.id)).toContainText("To be placed");
    await expectNoAxeViolations(page);
    // Fits the desktop: the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

    // Onto Aaron's 10–12 window.
    await drag(page, card(page, request.id), slot(page, aaron.id, day, "10:00"));
    await expect(slot(page, aaron.id, day, "10:00").locator(`article[data-visit="${request.id}"]`)).toBeVisible();
    await expect(
      main(page)
        .getByRole("status")
        .filter({ hasText: `Booking #${request.id} moved to` }),
    ).toBeVisible();
    // The other dispatcher's open board shows it, live, without a reload.
    await expect(
      slot(second.page, aaron.id, day, "10:00").locator(`article[data-visit="${request.id}"]`),
    ).toBeVisible();
    await expect(card(second.page, request.id)).not.toContainText("To be placed");

    // One email to the customer, its calendar file at the new time.
    const confirmation = await mailbox.waitFor((e) => e.to.includes(request.customer.email));
    expect(invite(confirmation)).toContain(`DTSTART:${icsTime(at(day, 10))}`);
    await page.waitForTimeout(500);
    expect(await emailsTo(request.customer.email)).toHaveLength(1);

    // Abby's 2–4 visit dragged onto Aaron's 10–12: refused with the reason, and the card returns.
    await drag(page, card(page, other.id), slot(page, aaron.id, day, "10:00"));
    const refused = main(page).getByTestId("drop-refused");
    await expect(refused).toContainText(`${aaron.name} already has #${request.id} from 10 AM to 12 PM`);
    await expect(refused.getByRole("button", { name: `Give it to ${abby.name}` })).toBeVisible();
    await expect(slot(page, abby.id, day, "14:00").locator(`article[data-visit="${other.id}"]`)).toBeVisible();
    expect((await db.booking.findUniqueOrThrow({ where: { id: other.id } })).technicianId).toBe(abby.id);

    // A scheduled visit moved: one "moved" email with its calendar file at the new time.
    await drag(page, card(page, other.id), slot(page, abby.id, day, "12:00"));
    await expect(slot(page, abby.id, day, "12:00").locator(`article[data-visit="${other.id}"]`)).toBeVisible();
    const moved = await mailbox.waitFor((e) => e.to.includes(other.customer.email));
    expect(moved.subject).toContain("Your visit moved to");
    expect(invite(moved)).toContain(`DTSTART:${icsTime(at(day, 12))}`);
    await page.waitForTimeout(500);
    expect(await emailsTo(other.customer.email)).toHaveLength(1);
  } finally {
    await second.context.close();
  }
});

test("the same move by keyboard alone, through the card's Move form", async ({ page, db }) => {
  const day = boardDay();
  const sam = await technician(db, "Sam");
  const request = await visit(db, { start: at(day, 9), needsPlacing: true, summary: `Breaker ${unique("k")}` });
  const admin = await createUser(db, "admin");
  await logIn(page, admin.email, { to: `/admin/dispatch?date=${day}` });
  await waitLive(page);

  const form = card(page, request.id);
  // The card's grip is a keyboard-operable drag handle (dnd-kit's keyboard sensor, with its instructions).
  await expect(form.getByRole("button", { name: /^Drag / })).toHaveAttribute("aria-roledescription", "draggable");
  await form.getByText(`Move #${request.id}`).focus();
  await page.keyboard.press("Enter");
  await form.getByLabel("Arrival window").focus();
  await page.keyboard.press("ArrowDown"); // "Exact time instead" → 8 AM – 10 AM
  await page.keyboard.press("ArrowDown"); // → 10 AM – 12 PM
  await expect(form.getByLabel("Arrival window")).toHaveValue("10:00");
  await form.getByLabel("Technician").selectOption(String(sam.id));
  await form.getByRole("button", { name: `Move visit #${request.id}` }).focus();
  await page.keyboard.press("Enter");
  await expect(slot(page, sam.id, day, "10:00").locator(`article[data-visit="${request.id}"]`)).toBeVisible();
  await expect
    .poll(async () => (await db.booking.findUniqueOrThrow({ where: { id: request.id } })).technicianId)
    .toBe(sam.id);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a card's Move form places the request", async ({ page, db }) => {
    const day = boardDay();
    const sam = await technician(db, "Sam");
    const request = await visit(db, { start: at(day, 9), needsPlacing: true, summary: `Outlet ${unique("n")}` });
    const admin = await createUser(db, "admin");
    await logIn(page, admin.email, { to: `/admin/dispatch?date=${day}` });

    const form = card(page, request.id);
    await form.getByText(`Move #${request.id}`).click();
    await form.getByLabel("Arrival window").selectOption("10:00");
    await form.getByLabel("Technician").selectOption(String(sam.id));
    await form.getByRole("button", { name: `Move visit #${request.id}` }).click();

    await expect(slot(page, sam.id, day, "10:00").locator(`article[data-visit="${request.id}"]`)).toBeVisible();
    await expect(main(page)).toContainText(`Booking #${request.id} moved to`);
  });
});
