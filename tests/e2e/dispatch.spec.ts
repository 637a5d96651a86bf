import type { Browser, Locator, Page } from "@playwright/test";
import type { Db } from "@app/shared/db.server";
import { addLocalDays, businessDate, localWeekday, requireBusinessInstant } from "@app/shared/time";
import type { CapturedEmail } from "../support/resend-standin";
import { budget, expect, expectNoAxeViolations, mailbox, test } from "./fixtures";
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
  test.setTimeout(budget(83)); // two browsers, emails through the worker, axe
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

test("a long Unassigned list scrolls on its own, holds the day's visits, and a card from its end lands on a lane without the page moving", async ({
  page,
  db,
}) => {
  const day = boardDay();
  // A name that sorts first: this technician's lane is the top one whatever other tests add meanwhile.
  const aaron = await technician(db, "Aaaron");
  const many = [];
  for (let i = 0; i < 40; i++)
    many.push(await visit(db, { start: at(day, 8 + 2 * (i % 5)), summary: `Long list ${i} ${unique("l")}` }));
  // A request of an earlier day still to be placed: it waits apart, not among the day's.
  const earlier = await visit(db, {
    start: at(addLocalDays(day, -1), 9),
    needsPlacing: true,
    summary: `Earlier ${unique("e")}`,
  });
  const admin = await createUser(db, "admin");
  await logIn(page, admin.email, { to: `/admin/dispatch?date=${day}` });
  await waitLive(page);

  const list = main(page).locator("[data-unassigned-scroll]");
  const column = main(page).getByRole("region", { name: /Unassigned \/ to be placed/ });
  // The day's visits, counted; requests of earlier days wait apart, closed, each naming its day once opened.
  await expect(column.getByRole("heading", { name: /Unassigned/ })).toContainText("(40)");
  const dayCards = list.locator(":scope > ul > li > article");
  await expect(dayCards).toHaveCount(40);
  await expect(list.locator(`:scope > ul article[data-visit="${earlier.id}"]`)).toHaveCount(0);
  const waiting = column.locator("details");
  await expect(waiting).not.toHaveAttribute("open");
  await waiting.locator("summary").click();
  await expect(waiting.locator("article").first()).toContainText(/day, \w{3} \d+, /);
  await waiting.locator("summary").click();

  // Its own scroll area, no taller than the screen below the page's title: the board is all on the screen.
  const sizes = await list.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
  expect(sizes.scroll).toBeGreaterThan(sizes.client * 2);
  const box = (await column.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(800);
  // The page does not grow with the list.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(2 * 800);

  // The last card of the day, at the end of the list: dragged onto Aaaron's 10–12 window.
  const last = many[many.length - 1]!;
  await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  const grip = card(page, last.id).getByRole("button", { name: /^Drag / });
  await expect(grip).toBeInViewport();
  const target = slot(page, aaron.id, day, "10:00");
  await expect(target).toBeInViewport();
  const scrolledBefore = await page.evaluate(() => window.scrollY);
  const from = (await grip.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y - 10, { steps: 5 });
  // Held still for a moment near where it was picked up: nothing scrolls under it.
  await page.waitForTimeout(600);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolledBefore);
  await expect(target).toBeInViewport();
  const to = (await target.boundingBox())!;
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();

  await expect(target.locator(`article[data-visit="${last.id}"]`)).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolledBefore);
  await expect
    .poll(async () => (await db.booking.findUniqueOrThrow({ where: { id: last.id } })).technicianId)
    .toBe(aaron.id);
  await expectNoAxeViolations(page);
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

test("a card dragged by keyboard alone: picked up, moved with the arrow keys, dropped on a lane's window, each step spoken", async ({
  page,
  db,
}) => {
  const day = boardDay();
  const sam = await technician(db, "Sam");
  const request = await visit(db, { start: at(day, 9), needsPlacing: true, summary: `Keyboard ${unique("d")}` });
  const admin = await createUser(db, "admin");
  await logIn(page, admin.email, { to: `/admin/dispatch?date=${day}` });
  await waitLive(page);

  // What a screen reader hears: each announcement dnd-kit's live region makes, in turn (one replaces the last).
  const spoken = page.locator('[id^="DndLiveRegion"]');
  await expect(spoken).toHaveAttribute("aria-live", "assertive");
  await spoken.evaluate((region) => {
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    new MutationObserver(() => {
      if (region.textContent) heard.push(region.textContent);
    }).observe(region, { childList: true, characterData: true, subtree: true });
  });
  const heard = () => page.evaluate(() => (window as unknown as { heard: string[] }).heard);
  const grip = card(page, request.id).getByRole("button", { name: /^Drag / });
  const target = slot(page, sam.id, day, "10:00");
  await grip.focus();
  await page.keyboard.press("Space");
  await expect.poll(heard).toContainEqual(expect.stringMatching(/^Picked up #\d+ Keyboard .*Use the arrow keys/));

  // The arrow keys go from place to place: towards Sam's 10 AM – 12 PM slot, whatever lanes other tests add.
  const over = main(page).locator("[data-drop].outline-brand-600");
  for (let step = 0; step < 30; step++) {
    await expect(over).toHaveCount(1);
    if ((await over.getAttribute("data-drop")) === `slot-${sam.id}-${day}-10:00`) break;
    // Both measured as they are now (a move may scroll the lanes).
    const [now, goal] = [(await over.boundingBox())!, (await target.boundingBox())!];
    const dx = goal.x + goal.width / 2 - (now.x + now.width / 2);
    const dy = goal.y + goal.height / 2 - (now.y + now.height / 2);
    // Up or down until the place is in the target's row (their heights overlap), then along the row.
    const sameRow = now.y < goal.y + goal.height && goal.y < now.y + now.height;
    const key = !sameRow ? (dy > 0 ? "ArrowDown" : "ArrowUp") : dx > 0 ? "ArrowRight" : "ArrowLeft";
    const before = await over.getAttribute("data-drop");
    await page.keyboard.press(key);
    await expect(over).not.toHaveAttribute("data-drop", before!);
  }
  await expect(over).toHaveAttribute("data-drop", `slot-${sam.id}-${day}-10:00`);
  await expect(spoken).toContainText(`is over ${sam.name}, 10 AM – 12 PM.`);

  await page.keyboard.press("Space");
  await expect
    .poll(heard)
    .toContainEqual(expect.stringMatching(`was dropped on ${sam.name}, 10 AM – 12 PM. Moving it.$`));
  await expect(target.locator(`article[data-visit="${request.id}"]`)).toBeVisible();
  await expect
    .poll(async () => {
      const stored = await db.booking.findUniqueOrThrow({ where: { id: request.id } });
      return { technicianId: stored.technicianId, needsPlacing: stored.needsPlacing, at: stored.scheduledDate };
    })
    .toEqual({ technicianId: sam.id, needsPlacing: false, at: at(day, 10) });
  // Its answer is said in the board's own status line.
  await expect(
    main(page)
      .getByRole("status")
      .filter({ hasText: `Booking #${request.id} moved to` }),
  ).toBeVisible();
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
