// ESLint flat config: `npm run lint` runs it with Prettier's check and knip.
// Application code gets typescript-eslint's type-aware recommended set; tests
// and build scripts get the recommended set without type information, because
// tests read response bodies as untyped JSON on purpose and let their
// assertions check the shape. React hooks and accessibility rules apply to the
// web app.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const typeChecked = tseslint.configs.recommendedTypeCheckedOnly.at(-1);

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/",
      "web/build*/",
      "web/.cache/",
      "worker/dist*/",
      "packages/shared/src/db/generated/",
      "tests/.results/",
      "tests/.report/",
      "playwright-report/",
      "test-results/",
      ".tmp/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // The project's convention: a leading underscore marks a parameter or
      // binding that is there on purpose and not read.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // Schemas build on the project's zod (packages/shared/src/zod.ts), which keeps zod's eval probe
    // out of the browser, where the CSP would report it.
    name: "one zod",
    files: ["web/**/*.{ts,tsx}", "worker/**/*.ts", "packages/**/*.ts"],
    ignores: ["packages/shared/src/zod.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "zod",
              allowTypeImports: true,
              message: "Import z from @app/shared/zod (packages/shared/src/zod.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    name: "the staff alerts' service worker",
    files: ["web/public/sw.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter, which must be an object
    // pattern: a fixture that needs none is written `async ({}, use) => …` (Playwright's documented form).
    name: "Playwright fixtures",
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }] },
  },
  {
    name: "application code, type-aware",
    files: ["web/**/*.{ts,tsx}", "worker/**/*.ts", "packages/**/*.ts", "prisma/**/*.ts"],
    ignores: ["**/*.test.ts"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      ...typeChecked.rules,
      // Remix loaders and actions throw a Response to answer early (a redirect, a 404, an API error).
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "@remix-run/server-runtime", name: "TypedResponse" },
          ],
        },
      ],
    },
  },
  {
    // Issue 25: "no function over 120 lines in production code", every line counted (tests and generated files aside).
    name: "function size",
    files: ["web/**/*.{ts,tsx,js,mjs}", "worker/**/*.{ts,mjs}", "packages/**/*.ts", "prisma/**/*.{ts,mjs}"],
    ignores: [
      "**/*.test.ts",
      // Until the forms rewrite lands.
      "web/app/features/account/account-view.tsx",
      "web/app/features/admin/new-booking-dialog.tsx",
      "web/app/features/auth/login-card.tsx",
      "web/app/features/chat/widget/appointment-form.tsx",
      "web/app/features/contact/contact-form.tsx",
      "web/app/features/inbox/inbox-view.tsx",
    ],
    rules: {
      "max-lines-per-function": ["error", { max: 120, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    ...reactHooks.configs.flat.recommended,
    files: ["web/app/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    ...jsxA11y.flatConfigs.recommended,
    files: ["web/app/**/*.tsx"],
  },
  {
    // The admin data table turns into cards on a phone (CSS display), and browsers drop a table's
    // semantics once its display changes, so it restates every table role (the file's own comment).
    name: "the responsive data table's explicit table roles",
    files: ["web/app/features/admin/data-table.tsx"],
    rules: {
      "jsx-a11y/no-redundant-roles": ["error", { thead: ["rowgroup"], tbody: ["rowgroup"] }],
      "jsx-a11y/no-interactive-element-to-noninteractive-role": [
        "error",
        { tr: ["none", "presentation"], canvas: ["img"], td: ["cell"] },
      ],
    },
  },
);
