/**
 * The chat from the walk's findings (docs/product.md#chat-assistant): a named service is answered
 * about that service and pre-fills the booking form; the conversation continues in a new tab of the
 * same browser, and two tabs open at once show the same conversation.
 */
import { ask, chips, launcher, log, openChat, panel, sessionIdIn } from "./chat-page";
import { expect, test } from "./fixtures";

const SERVICE_PAGE = "/services/panel-upgrades";

test.describe("chat: a named service", () => {
  test("a Federal Pacific panel is answered about panel upgrades, and the booking form opens with Panel Upgrade chosen", async ({
    page,
  }) => {
    await page.goto(SERVICE_PAGE);
    await openChat(page);
    await ask(page, "I need a panel upgrade, I have a Federal Pacific panel");
    // (The log, not its last bubble: the booking offer follows the reply a second later.)
    await expect(log(page)).toContainText("Federal Pacific panels are a known fire hazard");
    await expect(log(page)).toContainText("Shall I open the booking form with Panel Upgrade chosen?");
    await chips(page).filter({ hasText: "Open booking form" }).first().click();
    const form = panel(page).getByRole("form", { name: "Request an appointment" });
    await expect(form).toBeVisible();
    await expect(panel(page).getByLabel(/^Service Needed( \*)?$/)).toHaveValue("Panel Upgrade");
  });

  test("a yes to the offer opens the form with the service named before", async ({ page }) => {
    await page.goto(SERVICE_PAGE);
    await openChat(page);
    await ask(page, "Do you install standby generators?");
    await expect(log(page)).toContainText("with Generator Installation chosen?");
    await ask(page, "yes please");
    const form = panel(page).getByRole("form", { name: "Request an appointment" });
    await expect(form).toBeVisible();
    await expect(panel(page).getByLabel(/^Service Needed( \*)?$/)).toHaveValue("Generator Installation");
  });
});

test.describe("chat: the browser's tabs", () => {
  test("a new tab continues the conversation, and two tabs open at once show the same one", async ({ page }) => {
    await page.goto(SERVICE_PAGE);
    await openChat(page);
    await ask(page, "What are your hours?");
    const sessionId = await sessionIdIn(page);
    expect(sessionId).toMatch(/^chat_/);

    // A new tab of the same browser: the same conversation, no second greeting.
    const second = await page.context().newPage();
    await second.goto("/about");
    await launcher(second).click();
    await expect(panel(second)).toBeVisible();
    await expect(log(second)).toContainText("What are your hours?");
    await expect(log(second).getByText(/Welcome to/)).toHaveCount(1);
    expect(await sessionIdIn(second)).toBe(sessionId);

    // Asked in the new tab, answered in the same conversation, and the first tab shows both.
    await ask(second, "Do you serve Walker?");
    await expect(log(second)).toContainText("Yes, we serve Walker");
    await expect(log(page)).toContainText("Do you serve Walker?");
    await expect(log(page)).toContainText("Yes, we serve Walker");
    await expect(log(page).locator('[data-sender="user"]')).toHaveCount(2);

    // And back: the first tab asks, the second shows it.
    await ask(page, "Is the estimate free?");
    await expect(log(second)).toContainText("Is the estimate free?");
    await expect(log(second).locator('[data-sender="user"]')).toHaveCount(3);
    await second.close();
  });
});
