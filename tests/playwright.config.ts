import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/** What every browser of the suite is started with. */
const args = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
/**
 * Chromium's headless shell (package chromium-headless-shell: its engine without the browser
 * around it, what Playwright itself runs headless) takes about a third less CPU than the whole
 * browser run headless; it has no notifications or push, so push.spec.ts runs in the whole browser.
 */
const headlessShell = {
  launchOptions: { executablePath: process.env.CHROMIUM_SHELL_PATH ?? "/usr/bin/chromium-headless-shell", args },
};
const wholeBrowser = {
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless=new", ...args],
  },
};
const desktop = { ...devices["Desktop Chrome"], channel: undefined };

/**
 * End-to-end tests in Debian's Chromium against the production build, with a
 * real worker, PostgreSQL, Redis and the email stand-in (tests/e2e/global-setup.ts).
 */
export default defineConfig({
  testDir: path.join(import.meta.dirname, "e2e"),
  outputDir: path.join(import.meta.dirname, ".results/playwright"),
  globalSetup: path.join(import.meta.dirname, "e2e/global-setup.ts"),
  fullyParallel: true,
  workers: 2,
  // No retries, in CI or here: a test that passes only on a second try is a finding to fix.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "desktop",
      use: { ...desktop, ...headlessShell },
      testIgnore: [/\.alone\.spec\.ts$/, /push\.spec\.ts$/],
    },
    { name: "whole-browser", use: { ...desktop, ...wholeBrowser }, testMatch: /push\.spec\.ts$/ },
    // Tests that change what every other test shares (which technicians work), run after the rest, one at a time.
    {
      name: "alone",
      use: { ...desktop, ...headlessShell },
      testMatch: /\.alone\.spec\.ts$/,
      dependencies: ["desktop", "whole-browser"],
      fullyParallel: false,
      // One file at a time too: each decides which technicians work.
      workers: 1,
    },
  ],
});
