import { request as httpsRequest } from "node:https";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { createDb, type Db } from "@app/shared/db.server";
import type { ReceivedPush, SubscriptionJson } from "../support/push-standin";
import type { CapturedEmail } from "../support/resend-standin";
import { randomIp } from "../support/stack";

export { expect };

const baseURL = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL is not set: run through tests/playwright.config.ts");
  return url;
};

/** Reads what the app has sent to the email stand-in. */
export const mailbox = {
  async list(to?: string): Promise<CapturedEmail[]> {
    const url = new URL("/__emails", process.env.E2E_MAIL_URL);
    if (to) url.searchParams.set("to", to);
    return (await fetch(url)).json() as Promise<CapturedEmail[]>;
  },
  async waitFor(predicate: (e: CapturedEmail) => boolean, timeoutMs = 15_000): Promise<CapturedEmail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await mailbox.list()).find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error("Timed out waiting for an email");
      await new Promise((r) => setTimeout(r, 100));
    }
  },
};

/** A call to the push stand-in's test hooks (HTTPS, its own certificate: tests/support/push-standin.ts). */
function pushHook<T>(method: "GET" | "POST", path: string): Promise<T> {
  const origin = process.env.E2E_PUSH_ORIGIN;
  if (!origin) throw new Error("E2E_PUSH_ORIGIN is not set: run through tests/playwright.config.ts");
  return new Promise((resolve, reject) => {
    const req = httpsRequest(new URL(path, origin), { method, ca: process.env.E2E_PUSH_CA }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")) as T));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The stand-in push service the worker posts staff alerts to: a device's subscription, and what reached it. */
export const pushService = {
  subscribe: () => pushHook<SubscriptionJson>("POST", "/__subscriptions"),
  received: (endpoint: string) => pushHook<ReceivedPush[]>("GET", `/__received?${new URLSearchParams({ endpoint })}`),
};

/**
 * Fails a page check when axe finds any WCAG 2.1 A/AA violation. Axe runs in the page itself
 * (AxeBuilder's legacy mode: `axe.run`), not in each frame and then again in a blank page of its own
 * (its default, which exists for cross-origin frames; the app's pages have none): on the same page at
 * the same moment, that took about half the time (README.md, "Test time").
 */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode()
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

/**
 * A long test's time budget, from how long it took when measured rather than from a guess about the
 * machine: `measuredSeconds` is its length measured on two cores shared with other suites' runs
 * (README.md, "Test time", gives the runs and their load), and the budget is twice that, never less
 * than the suite's 60 s. Call it first in the test (`test.setTimeout(budget(40))`), with the measured
 * length, and measure again when the test grows.
 */
export function budget(measuredSeconds: number) {
  return Math.max(60, Math.ceil((2 * measuredSeconds) / 10) * 10) * 1000;
}

let sharedDb: Db | undefined;

/**
 * Keeps, in the page, the text of every toast it shows (`window.__shownToasts`), for `expectToast`
 * (tests/e2e/staff.ts): a toast is on screen for 5 seconds, and a browser slowed by a busy machine
 * can show one and close it between two of Playwright's looks at the page.
 */
function recordToasts() {
  const shown: string[] = [];
  (window as unknown as { __shownToasts: string[] }).__shownToasts = shown;
  const read = () => {
    for (const item of document.querySelectorAll('[role="region"][aria-label^="Notifications"] li')) {
      const text = item.textContent ?? "";
      if (text && !shown.includes(text)) shown.push(text);
    }
  };
  new MutationObserver(read).observe(document, { childList: true, subtree: true, characterData: true });
}

export const test = base.extend<{ db: Db }>({
  baseURL: async ({}, use) => use(baseURL()),
  context: async ({ context }, use) => {
    await context.addInitScript(recordToasts);
    await use(context);
  },
  // Every test is its own visitor (own client IP), so rate limits never leak between tests.
  extraHTTPHeaders: async ({}, use) => use({ "X-Forwarded-For": randomIp() }),
  db: async ({}, use) => {
    sharedDb ??= createDb(process.env.E2E_DATABASE_URL!, { max: 2 });
    await use(sharedDb);
  },
});

/**
 * Waits until the page is whole for a person using it: a page of the app once React has hydrated it
 * (typed into or clicked before, a value or a click can be lost), a page without the app's scripts
 * (docs/decisions/025-public-pages-without-app-scripts.md) once loaded.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    if (!("__remixContext" in window)) return true;
    const main = document.getElementById("main");
    return Boolean(main && Object.keys(main).some((key) => key.startsWith("__reactProps")));
  });
}

/**
 * Opens `path` (a link of the site's header: "/contact", "/login") as a page of the app: a public
 * page opened from outside carries the site's script instead
 * (docs/decisions/025-public-pages-without-app-scripts.md), so this starts on /book, which carries
 * the app, waits for it to be hydrated, and follows the header's link (the phone's menu first, on
 * a narrow screen) through the app's router.
 */
export async function openInApp(page: Page, path: string) {
  await page.goto("/book");
  await hydrated(page);
  const banner = page.getByRole("banner");
  const link = banner.locator(`a[href="${path}"]:visible`);
  if ((await link.count()) === 0) await banner.locator("summary").filter({ hasText: "Menu" }).click();
  await link.first().click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\$&")}$`));
  // Still the same document: the app's router showed the page.
  expect(await page.evaluate(() => "__remixContext" in window)).toBe(true);
}
