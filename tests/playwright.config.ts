import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

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
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: /\.alone\.spec\.ts$/,
    },
    // Tests that change what every other test shares (which technicians work), run after the rest, one at a time.
    {
      name: "alone",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testMatch: /\.alone\.spec\.ts$/,
      dependencies: ["desktop"],
      fullyParallel: false,
      // One file at a time too: each decides which technicians work.
      workers: 1,
    },
  ],
});
