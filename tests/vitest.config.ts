import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "..");

export default defineConfig({
  root,
  resolve: { alias: { "~": path.join(root, "web/app") } },
  test: {
    include: [
      "packages/**/*.test.ts",
      "web/**/*.test.ts",
      "worker/**/*.test.ts",
      "tests/unit/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    exclude: ["**/node_modules/**", "**/build/**", "**/dist/**"],
    globalSetup: [path.join(root, "tests/global-setup.ts")],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ["default"],
  },
});
