/** The chat widget as a visitor finds it, for the specs that talk to it (chat.spec.ts, chat-continuity.spec.ts). */
import type { Page } from "@playwright/test";
import { business } from "@app/shared/business";
import { expect } from "./fixtures";

export const CHAT_TITLE = `${business.name} Chat`;

export const launcher = (page: Page) => page.getByRole("button", { name: "Open chat", exact: true });
export const panel = (page: Page) => page.getByRole("dialog", { name: CHAT_TITLE, exact: true });
export const log = (page: Page) => panel(page).getByRole("log", { name: "Conversation" });
export const input = (page: Page) => panel(page).getByRole("textbox", { name: "Type your message", exact: true });
export const chips = (page: Page) => panel(page).getByRole("group", { name: "Suggested replies" }).getByRole("button");

/** The conversation this tab keeps (the widget's storage), or null. */
export const sessionIdIn = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem("bce-chat:conversation") ?? "null") as { sessionId?: string } | null)
        ?.sessionId ?? null,
  );

export async function openChat(page: Page) {
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(launcher(page)).toHaveAttribute("aria-expanded", "true");
  await expect(log(page)).toContainText("Welcome to");
}

/** Sends a message and waits until its reply (any assistant text after it) is shown and the input is usable again. */
export async function ask(page: Page, text: string) {
  const before = await log(page).locator('[data-sender="assistant"]').count();
  await input(page).fill(text);
  await input(page).press("Enter");
  await expect(log(page).locator('[data-sender="user"]').last()).toContainText(text);
  // The reply (a follow-up booking offer may come a second later).
  await expect.poll(() => log(page).locator('[data-sender="assistant"]').count()).toBeGreaterThan(before);
  await expect(input(page)).toBeEnabled();
}
