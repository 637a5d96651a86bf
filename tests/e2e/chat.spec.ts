import AxeBuilder from "@axe-core/playwright";
import { Emitter } from "@socket.io/redis-emitter";
import { Redis } from "ioredis";
import type { Page } from "@playwright/test";
import { business, chatServiceOptions } from "@app/shared/business";
import { APPOINTMENT_REQUEST_NOTE } from "@app/shared/api/chat";
import {
  addLocalDays,
  businessDate,
  formatShortWeekdayDate,
  localWeekday,
  requireBusinessInstant,
  WEEKDAYS,
} from "@app/shared/time";
import { isHoliday } from "../support/holidays";
import { chatRoom, realtimeKey } from "@app/shared/realtime";
import { ask, CHAT_TITLE, chips, input, launcher, log, openChat, panel, sessionIdIn } from "./chat-page";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { adminPage, createUser } from "./staff";
import { chooseWindow, openDay, pickerDay, pickerWindow } from "./window-picker";

/** A service page (the widget is on every page: docs/product.md#site-wide). */
const SERVICE_PAGE = "/services/panel-upgrades";
const REQUIRED = "Please fill in all required fields (Name, Phone, Email, Service Type)";

const sendButton = (page: Page) => panel(page).getByRole("button", { name: "Send message", exact: true });
/** The appointment form's day-then-window picker. */
const picker = (page: Page) => panel(page).getByRole("group", { name: /^Arrival window/ });
/** A form control by its label ("Full Name", or "Full Name *" where the star is hidden from assistive technology). */
const field = (page: Page, name: string) => panel(page).getByLabel(new RegExp(`^${name}( \\*)?$`));

test.describe("chat widget", () => {
  test("streams the hours, offers booking, and a booking from the chat is stored as pending", async ({
    page,
    db,
    browser,
  }) => {
    // A technician who works, so the booking form has arrival windows to offer.
    await createUser(db, "technician", "Windows");
    // The reply's socket.io frames pass through here (recorded) so the test sees it stream in whatever the
    // machine's speed: its first delta goes to the page at once, the rest of the reply (later deltas, the final
    // message) and the send's HTTP answer wait until the page has shown that first part.
    type Payload = { messageId?: string; message?: { id: string; message: string } };
    const frames: Array<{ event: string; payload: Payload }> = [];
    let gate: "first delta" | "holding" | "open" = "first delta";
    const heldFrames: Array<() => void> = [];
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      const server = ws.connectToServer();
      server.onMessage((message) => {
        const forward = () => ws.send(message);
        const m = /^42(\[.*\])$/s.exec(String(message));
        if (!m) return forward();
        const [event, data] = JSON.parse(m[1]!) as [string, Payload];
        frames.push({ event, payload: data });
        if (gate === "open" || (event !== "chat:delta" && event !== "chat:message")) return forward();
        if (gate === "first delta" && event === "chat:delta") {
          gate = "holding";
          return forward();
        }
        heldFrames.push(forward);
      });
    });
    // Hold the first message on its way to the server until the pending state has been checked, and its answer
    // until the page has shown the reply streaming.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let releaseAnswer!: () => void;
    const answerHeld = new Promise<void>((resolve) => (releaseAnswer = resolve));
    let first = true;
    await page.route("**/api/chat/*/message", async (route) => {
      if (!first) return route.continue();
      first = false;
      await held;
      const response = await route.fetch();
      await answerHeld;
      await route.fulfill({ response });
    });

    await page.goto(SERVICE_PAGE);
    await openChat(page);
    await expect(input(page)).toBeFocused();
    await expect(panel(page).getByRole("heading", { name: CHAT_TITLE, exact: true })).toBeVisible();
    await expect(panel(page).getByText("How can we help you today?", { exact: true })).toBeVisible();

    await input(page).fill("What are your hours?");
    await input(page).press("Enter");
    await expect(input(page)).toHaveValue("");
    // While the reply is on its way: typing indicator, input and send button disabled, nothing more is sent.
    await expect(panel(page).getByTestId("chat-typing")).toBeVisible();
    await expect(input(page)).toBeDisabled();
    await expect(sendButton(page)).toBeDisabled();
    // Enter again while pending sends nothing.
    await input(page).press("Enter");
    await expect(log(page).locator('[data-sender="user"]')).toHaveCount(1);
    release();

    // The bubble shows the reply's first part while the rest is on its way; then the rest comes.
    const streaming = panel(page).getByTestId("chat-streaming-text");
    await expect(streaming).not.toBeEmpty();
    const partial = (await streaming.textContent()) ?? "";
    gate = "open";
    for (const forward of heldFrames.splice(0)) forward();
    releaseAnswer();

    const reply = log(page).locator('[data-sender="assistant"]').last();
    await expect(reply).toContainText("7:00 AM - 6:00 PM");
    await expect(input(page)).toBeEnabled();
    await expect(panel(page).getByTestId("chat-typing")).toHaveCount(0);

    // It streamed: deltas for the reply arrived before its final message, and the bubble grew before it was complete.
    const final = frames.find((f) => f.event === "chat:message");
    expect(final, "chat:message frame").toBeTruthy();
    const finalText = final!.payload.message!.message;
    const deltas = frames.filter((f) => f.event === "chat:delta" && f.payload.messageId === final!.payload.message!.id);
    expect(deltas.length).toBeGreaterThan(1);
    expect(frames.indexOf(deltas[0]!)).toBeLessThan(frames.indexOf(final!));
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(finalText.length);
    expect(finalText.startsWith(partial)).toBe(true);
    await expect(reply).toContainText(finalText.split("\n")[0]!);

    // Up to three suggested actions under the last assistant message.
    expect(await chips(page).count()).toBeLessThanOrEqual(3);

    // Ask to book: the reply suggests booking, and a second later the follow-up offer appears.
    await ask(page, "I'd like to book an appointment");
    await expect(log(page)).toContainText("Would you like to schedule an appointment?");
    await chips(page).filter({ hasText: "Open booking form" }).click();

    const form = panel(page).getByRole("form", { name: "Request an appointment" });
    await expect(form).toBeVisible();
    await expect(field(page, "Full Name")).toBeFocused();
    // What follows, said once and true (the confirmation below bears it out), as the portal's form says it.
    await expect(form).toContainText(APPOINTMENT_REQUEST_NOTE);
    const description = `Breakers trip when the dryer runs (${Date.now()})`;
    await field(page, "Full Name").fill("Clarice Fontenot");
    await field(page, "Phone").fill("(225) 555-0190");
    await field(page, "Email").fill(`clarice.${Date.now()}@example.com`);
    await field(page, "Service Needed").selectOption("Panel Upgrade");
    await field(page, "Address").fill("1200 Florida Blvd, Walker");
    // The open arrival windows are offered (a technician works, so there are some): a day, then its 10-to-12 window.
    const windowStart = await chooseWindow(picker(page), openDay(2), 10);
    await field(page, "Preferred timing").fill("weekday mornings");
    await field(page, "Priority").selectOption("urgent");
    await field(page, "Description").fill(description);
    await form.getByRole("button", { name: "Submit Request", exact: true }).click();

    await expect(log(page)).toContainText("Your appointment request has been submitted!");
    await expect(log(page)).toContainText("between 10 AM and 12 PM");
    await expect(form).toHaveCount(0);

    const booking = await db.booking.findFirst({
      where: { details: { contains: description } },
      include: { customer: true },
    });
    expect(booking).toMatchObject({ status: "pending", summary: "Panel Upgrade", priority: "high" });
    expect(booking!.customer).toMatchObject({ name: "Clarice Fontenot", phone: "(225) 555-0190" });
    expect(booking!.details).toContain("weekday mornings");
    expect(booking!.scheduledDate.toISOString()).toBe(windowStart);
    expect(
      booking!.scheduledDate.toLocaleString("en-US", { timeZone: business.timeZone, hour: "numeric", hour12: false }),
    ).toBe("10");

    // The office sees it in /admin/bookings, as pending.
    const staff = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      extraHTTPHeaders: { "X-Forwarded-For": "10.200.1.7" },
    });
    const office = await staff.newPage();
    await adminPage(office, db, "/admin/bookings");
    const row = office.getByRole("row").filter({ hasText: new RegExp(`#${booking!.id}(?!\\d)`) });
    await expect(row).toContainText("Panel Upgrade");
    await expect(row).toContainText(/pending/i);
    await staff.close();

    // Opened again, the form is empty.
    await input(page).fill("Can I schedule another visit?");
    await input(page).press("Enter");
    await chips(page)
      .filter({ hasText: /booking form|schedule/i })
      .first()
      .click();
    await expect(field(page, "Full Name")).toHaveValue("");
  });

  test("composer: Enter sends, Shift+Enter is a new line, blank cannot be sent; the form's required fields", async ({
    page,
  }) => {
    await page.goto(SERVICE_PAGE);
    await openChat(page);

    await expect(sendButton(page)).toBeDisabled();
    await input(page).fill("   ");
    await expect(sendButton(page)).toBeDisabled();
    await input(page).press("Enter");
    await expect(log(page).locator('[data-sender="user"]')).toHaveCount(0);

    await input(page).fill("");
    await input(page).pressSequentially("First line");
    await input(page).press("Shift+Enter");
    await input(page).pressSequentially("second line");
    await expect(input(page)).toHaveValue("First line\nsecond line");
    await expect(log(page).locator('[data-sender="user"]')).toHaveCount(0);
    await expect(sendButton(page)).toBeEnabled();

    // A chip that is not about booking fills the input with its text.
    await input(page).fill("");
    await chips(page).filter({ hasText: "What are your hours?" }).click();
    await expect(input(page)).toHaveValue("What are your hours?");
    await expect(input(page)).toBeFocused();
    await input(page).fill("");

    // A booking chip opens the form.
    await chips(page).filter({ hasText: "Schedule an appointment" }).click();
    const form = panel(page).getByRole("form", { name: "Request an appointment" });
    await expect(form).toBeVisible();
    await expect(field(page, "Service Needed").locator("option")).toHaveText([
      "Select a service",
      ...chatServiceOptions,
    ]);
    // The arrival window is a day, then one of its windows, or no preference.
    await expect(
      picker(page).getByText("Choose a day to see its open times, or choose none and we call you to arrange one."),
    ).toBeVisible();
    await expect(field(page, "Priority")).toHaveValue("normal");
    await expect(field(page, "Priority").locator("option")).toHaveText(["Normal", "Urgent", "Emergency"]);

    const submit = form.getByRole("button", { name: "Submit Request", exact: true });
    await submit.click();
    await expect(form.getByRole("alert")).toHaveText(REQUIRED);
    await expect(field(page, "Full Name")).toBeFocused();
    await field(page, "Full Name").fill("Remy Hebert");
    await field(page, "Phone").fill("225-555-0133");
    await field(page, "Email").fill("remy@example.com");
    await submit.click();
    await expect(form.getByRole("alert")).toHaveText(REQUIRED);
    await expect(field(page, "Service Needed")).toBeFocused();
    await expect(field(page, "Service Needed")).toHaveAttribute("aria-invalid", "true");

    // Cancel closes it; focus goes back to the message box.
    await form.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(form).toHaveCount(0);
    await expect(input(page)).toBeFocused();
  });

  test("a visitor who has not chatted loads none of the chat's code until they reach for the button", async ({
    page,
  }) => {
    const chatCode: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/chat-panel-[\w-]+\.js$/.test(request.url())) chatCode.push(request.url());
    });
    await page.goto(SERVICE_PAGE, { waitUntil: "networkidle" });
    // Past the page's idle time, when the chat used to load for everyone.
    await page.evaluate(
      () => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 0), { timeout: 5000 })),
    );
    await page.waitForLoadState("networkidle");
    expect(chatCode).toEqual([]);

    await launcher(page).hover();
    await expect.poll(() => chatCode.length).toBe(1);
    await openChat(page);
  });

  test("the conversation survives navigation and a reload", async ({ page }) => {
    await page.goto(SERVICE_PAGE);
    await openChat(page);
    await ask(page, "What are your hours?");
    const sessionId = await sessionIdIn(page);
    expect(sessionId).toMatch(/^chat_[0-9a-f]{32}$/);

    // Client-side navigation: the widget lives in the root layout and stays open.
    await page.getByRole("banner").getByRole("link", { name: "Contact", exact: true }).first().click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(panel(page)).toBeVisible();
    await expect(log(page)).toContainText("What are your hours?");

    // Full reload: the open state (this tab's) and the messages (the browser's) come back from storage.
    await page.reload();
    await expect(panel(page)).toBeVisible();
    await expect(log(page)).toContainText("What are your hours?");
    await expect(log(page).locator('[data-sender="assistant"]')).toHaveCount(2);
    expect(await sessionIdIn(page)).toBe(sessionId);

    // The same session keeps working after the reload (it rejoined its room).
    await ask(page, "What areas do you serve?");
    await expect(log(page).locator('[data-sender="assistant"]').last()).toContainText("Denham Springs");

    // Closed, it stays closed after a reload, and reopening shows the same conversation (no second greeting).
    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();
    await page.goto("/about");
    await expect(panel(page)).toBeHidden();
    await launcher(page).click();
    await expect(log(page)).toContainText("What areas do you serve?");
    await expect(log(page).getByText(/Welcome to/)).toHaveCount(1);
  });

  test("staff messages arrive in the open conversation, marked as from staff", async ({ page }) => {
    await page.goto(SERVICE_PAGE);
    await openChat(page);
    await ask(page, "hello");
    const sessionId = (await sessionIdIn(page))!;
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    try {
      const emitter = new Emitter(redis, { key: realtimeKey(process.env.E2E_REDIS_PREFIX!) });
      emitter.to(chatRoom(sessionId)).emit("chat:message", {
        sessionId,
        message: {
          id: `staff-${Date.now()}`,
          sender: "staff",
          message: "Hi, this is Danielle from the office.",
          timestamp: new Date().toISOString(),
          metadata: {},
        },
      });
      const staff = log(page).locator('[data-sender="staff"]');
      await expect(staff).toContainText("Hi, this is Danielle from the office.");
      await expect(staff).toContainText("Staff");
    } finally {
      redis.disconnect();
    }
  });

  test("a staff message sent while the visitor was away shows when they come back", async ({ page, db }) => {
    await page.goto(SERVICE_PAGE);
    await openChat(page);
    await ask(page, "is anyone in the office today?");
    const sessionId = (await sessionIdIn(page))!;

    // The visitor leaves (the conversation stays in the browser's storage); staff answer meanwhile.
    await page.goto("about:blank");
    await db.chatMessage.create({
      data: { sessionId, sender: "staff", message: "Hi, this is Danielle. I can call you at 2 today." },
    });
    await page.goBack();

    await expect(panel(page)).toBeVisible();
    const staff = log(page).locator('[data-sender="staff"]');
    await expect(staff).toContainText("Hi, this is Danielle. I can call you at 2 today.");
    // Shown once, after what was already there.
    await expect(staff).toHaveCount(1);
    await expect(log(page).locator("[data-sender]").last()).toContainText("Danielle");
  });

  test("failures: a send that fails, a booking refused and a booking that errors", async ({ page }) => {
    await page.goto(SERVICE_PAGE);
    await openChat(page);

    await chips(page).filter({ hasText: "Schedule an appointment" }).click();
    const form = panel(page).getByRole("form", { name: "Request an appointment" });
    await field(page, "Full Name").fill("Remy Hebert");
    await field(page, "Phone").fill("225-555-0133");
    await field(page, "Email").fill("remy@example.com");
    await field(page, "Service Needed").selectOption("Electrical Repair");

    // A send that fails: the assistant says it is having trouble connecting and gives the phone number.
    await page.route("**/api/chat/*/message", (route) => route.fulfill({ status: 503, body: "down" }));
    await input(page).fill("Anyone there?");
    await input(page).press("Enter");
    await expect(log(page).locator('[data-sender="assistant"]').last()).toContainText("having trouble connecting");
    await expect(log(page).locator('[data-sender="assistant"]').last()).toContainText(business.phone);
    await expect(input(page)).toBeEnabled();
    await page.unroute("**/api/chat/*/message");

    // The server refuses (success: false): its message follows the apology.
    await page.route("**/api/chat/*/book-appointment", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ success: false, message: "Too many requests." }),
      }),
    );
    await form.getByRole("button", { name: "Submit Request", exact: true }).click();
    await expect(log(page)).toContainText("Sorry, there was an issue with your booking: Too many requests.");
    await page.unroute("**/api/chat/*/book-appointment");

    // A server error: the error-processing message with the phone number; the answers are kept for another try.
    await page.route("**/api/chat/*/book-appointment", (route) => route.fulfill({ status: 500, body: "oops" }));
    await form.getByRole("button", { name: "Submit Request", exact: true }).click();
    await expect(log(page).locator('[data-sender="assistant"]').last()).toContainText(
      "error processing your appointment request",
    );
    await expect(log(page).locator('[data-sender="assistant"]').last()).toContainText(business.phone);
    await expect(field(page, "Full Name")).toHaveValue("Remy Hebert");
  });

  test("'can someone come <day>?' is answered with that day's windows; choosing one opens the form with it", async ({
    page,
    db,
  }) => {
    await createUser(db, "technician", "Thibodeaux");
    // Two days on (later when that is a Sunday or a holiday, which have no windows).
    let date = addLocalDays(businessDate(), 2);
    while (localWeekday(date) === 0 || isHoliday(date)) date = addLocalDays(date, 1);
    const day = formatShortWeekdayDate(requireBusinessInstant(date, 12 * 60));
    await page.goto(SERVICE_PAGE);
    await openChat(page);
    await ask(page, `Can someone come ${WEEKDAYS[localWeekday(date)]}?`);
    await expect(log(page).locator('[data-sender="assistant"]').last()).toContainText(`On ${day} we can come`);
    const choice = chips(page).filter({ hasText: `${day}, 10 AM – 12 PM` });
    await expect(choice).toBeVisible();
    await choice.click();
    const form = panel(page).getByRole("form", { name: "Request an appointment" });
    await expect(form).toBeVisible();
    // Its day is shown, with the window chosen.
    await expect(pickerDay(picker(page), date)).toHaveAttribute("aria-pressed", "true");
    await expect(pickerWindow(picker(page), date, 10)).toBeChecked();
    await expect(pickerWindow(picker(page), date, 10)).toHaveValue(requireBusinessInstant(date, 10 * 60).toISOString());
  });

  test("passes axe with the panel open, and with the booking form open", async ({ page }) => {
    /** The widget on its own first (so a problem elsewhere on the page cannot hide one here), then the whole page. */
    const checkWidget = async () => {
      const results = await new AxeBuilder({ page })
        .include("#chat-widget-slot")
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(", ")}`)).toEqual([]);
    };
    await page.goto(SERVICE_PAGE);
    await openChat(page);
    await ask(page, "What are your hours?");
    await checkWidget();
    await expectNoAxeViolations(page);
    await ask(page, "I'd like to book an appointment");
    await chips(page).filter({ hasText: "Open booking form" }).first().click();
    const form = panel(page).getByRole("form", { name: "Request an appointment" });
    await expect(form).toBeVisible();
    await form.getByRole("button", { name: "Submit Request", exact: true }).click();
    await expect(form.getByRole("alert")).toBeVisible();
    await checkWidget();
    await expectNoAxeViolations(page);
  });

  test("works by keyboard alone: Tab to the button, Enter opens, Escape closes and focus returns", async ({ page }) => {
    await page.goto(SERVICE_PAGE);
    // Tab through the page until the chat button has focus.
    let reached = false;
    for (let i = 0; i < 120 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await launcher(page).evaluate((el) => el === document.activeElement);
    }
    expect(reached, "the chat button is reachable with Tab").toBe(true);
    await expect(launcher(page)).toHaveAttribute("aria-expanded", "false");

    await page.keyboard.press("Enter");
    await expect(panel(page)).toBeVisible();
    await expect(input(page)).toBeFocused();
    await expect(launcher(page)).toHaveAttribute("aria-expanded", "true");

    await page.keyboard.type("What are your hours?");
    await page.keyboard.press("Enter");
    await expect(log(page).locator('[data-sender="assistant"]').last()).toContainText("7:00 AM - 6:00 PM");

    // Into the suggestions and back out with Escape from anywhere inside the panel.
    await expect(input(page)).toBeEnabled();
    await page.keyboard.press("Shift+Tab");
    await expect(panel(page).locator(":focus")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();
    await expect(launcher(page)).toHaveAttribute("aria-expanded", "false");

    // Space/Enter reopens with focus inside again; Escape closes again.
    await page.keyboard.press("Enter");
    await expect(input(page)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(launcher(page)).toBeFocused();
  });
});
