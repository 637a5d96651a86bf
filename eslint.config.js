// ESLint flat config: `npm run lint` runs it with Prettier's check and knip.
// Application code gets typescript-eslint's type-aware recommended set; tests
// and build scripts get the recommended set without type information, because
// tests read response bodies as untyped JSON on purpose and let their
// assertions check the shape. React hooks and accessibility rules apply to the
// web app.
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const typeChecked = tseslint.configs.recommendedTypeCheckedOnly.at(-1);

// Walls between layers (docs/decisions/017-walls-between-layers.md). A later block's
// `no-restricted-imports` replaces an earlier one's for the same file, so each block below
// names every restriction that applies to its files; `restrict` always adds the one zod.
/** The packages that run on the server only: one list, also read by web/vite.config.ts. */
const { packages: serverPackages } = JSON.parse(
  readFileSync(new URL("./server-packages.json", import.meta.url), "utf8"),
);
const anyOf = (names) => names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
const restrict = (...patterns) => [
  "error",
  {
    paths: [
      {
        name: "zod",
        allowTypeImports: true,
        message: "Import z from @app/shared/zod (packages/shared/src/zod.ts).",
      },
    ],
    patterns,
  },
];
// Browser code may import a server module's types (they are erased), never its values.
const sharedServerModules = {
  regex: "^@app/shared/(.+\\.server$|(.+/)?\\.server/)",
  allowTypeImports: true,
  message: "A server module of @app/shared (*.server.ts): browser code may import its types only.",
};
const relativeServerModules = {
  regex: "^\\.\\.?/(.+\\.server$|(.+/)?\\.server/)",
  allowTypeImports: true,
  message: "A server module (*.server.ts): a browser-safe module may import its types only.",
};
const serverOnlyPackages = {
  regex: `^(${anyOf(serverPackages)})(/.*)?$`,
  allowTypeImports: true,
  message: "A server-only package (server-packages.json): browser code may import its types only.",
};
const nodeModules = {
  regex: `^(node:.*|(${anyOf(builtinModules)})(/.*)?)$`,
  allowTypeImports: true,
  message: "Node's own modules exist on the server only: browser code may import their types only.",
};
const appToServer = {
  regex: "^(\\.\\./)+server(/.*)?$",
  message:
    "web/app does not import web/server: what the app needs of the server reaches it through the load context (web/app/context.ts).",
};
/** What browser code must not import (web/app adds `appToServer`). */
const serverCode = [sharedServerModules, serverOnlyPackages, nodeModules];

/**
 * A feature's server code is its own: another feature reaches it only through the feature's public
 * module, `public.server.ts` (what it offers the others, re-exported), so what a feature shares is
 * listed in one place and the rest can change freely. Values and types alike.
 */
const features = readdirSync(new URL("./web/app/features/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureWall = (feature) => ({
  regex: `^(~/features/|(\\.\\./)+)(?!${anyOf([feature])}/)[^/.][^/]*/(.+/)?(?!public\\.server$)[^/]+\\.server$`,
  message: "Another feature's server module: import it through that feature's public.server.ts.",
});
/** Per feature, its browser code's walls and its server code's, each with the feature wall. */
const featureWalls = features.flatMap((feature) => {
  const root = `web/app/features/${feature}`;
  const server = [`${root}/**/*.server.{ts,tsx}`, `${root}/**/*.test.ts`];
  return [
    {
      name: `walls: features/${feature}'s browser code`,
      files: [`${root}/**/*.{ts,tsx}`],
      ignores: server,
      rules: { "no-restricted-imports": restrict(...serverCode, appToServer, featureWall(feature)) },
    },
    {
      name: `walls: features/${feature}'s server code`,
      files: server,
      rules: { "no-restricted-imports": restrict(appToServer, featureWall(feature)) },
    },
  ];
});

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/",
      "web/build*/",
      "web/.cache/",
      "worker/dist*/",
      "packages/shared/src/.server/prisma/",
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
    rules: { "no-restricted-imports": restrict() },
  },
  {
    // What reaches the browser: no server module of @app/shared, no server package, no Node module.
    // Page routes reach server code through web/app's own *.server.ts modules, which Remix keeps
    // out of the browser's build. The JSON API's routes (routes/api.*.ts) are resource routes, a
    // loader and an action only, which never reach the browser: they are server code.
    name: "walls: web/app's browser code",
    files: ["web/app/**/*.{ts,tsx}"],
    ignores: [
      "web/app/**/*.server.{ts,tsx}",
      "web/app/**/.server/**",
      "web/app/**/*.test.ts",
      "web/app/routes/api.*.ts",
    ],
    rules: { "no-restricted-imports": restrict(...serverCode, appToServer) },
  },
  {
    // The shared components know no feature and no page: features use components, not the reverse.
    name: "walls: web/app's components",
    files: ["web/app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrict(...serverCode, appToServer, {
        regex: "^(~/|(\\.\\./)+)(features|routes)/",
        message: "A component imports no feature or route: move it into the feature that needs it.",
      }),
    },
  },
  {
    // web/app's server code (*.server.ts, the API's routes, tests) may use server modules, and still not web/server.
    name: "walls: web/app's server code",
    files: [
      "web/app/**/*.server.{ts,tsx}",
      "web/app/**/.server/**/*.{ts,tsx}",
      "web/app/**/*.test.ts",
      "web/app/routes/api.*.ts",
    ],
    rules: { "no-restricted-imports": restrict(appToServer) },
  },
  ...featureWalls,
  {
    // @app/shared's modules not named .server are browser-safe: they import no server module.
    name: "walls: @app/shared's browser-safe modules",
    files: ["packages/shared/src/**/*.ts"],
    ignores: ["packages/shared/src/**/*.server.ts", "packages/shared/src/**/*.test.ts", "packages/shared/src/zod.ts"],
    rules: { "no-restricted-imports": restrict(relativeServerModules, ...serverCode) },
  },
  {
    // The web server loads the Remix build and imports nothing else of web/app but the load
    // context's types (web/app/context.ts), which the app declares and the server provides.
    name: "walls: web/server",
    files: ["web/server/**/*.{ts,mjs}"],
    rules: {
      "no-restricted-imports": restrict(
        {
          regex: "^(~/|(\\.\\./)+app/)(?!context$)",
          message: "web/server does not import web/app source: it loads the Remix build (web/server/index.ts).",
        },
        {
          regex: "^(~/|(\\.\\./)+app/)context$",
          allowTypeImports: true,
          message: "web/server imports only the types of the load context (web/app/context.ts).",
        },
      ),
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
    // No function over 120 lines in production code, every line counted (tests and generated files aside):
    // a longer one is split into named parts, and a component's state into a tested reducer.
    name: "function size",
    files: ["web/**/*.{ts,tsx,js,mjs}", "worker/**/*.{ts,mjs}", "packages/**/*.ts", "prisma/**/*.{ts,mjs}"],
    ignores: ["**/*.test.ts"],
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
    files: ["web/app/components/staff/data-table.tsx"],
    rules: {
      "jsx-a11y/no-redundant-roles": ["error", { thead: ["rowgroup"], tbody: ["rowgroup"] }],
      "jsx-a11y/no-interactive-element-to-noninteractive-role": [
        "error",
        { tr: ["none", "presentation"], canvas: ["img"], td: ["cell"] },
      ],
    },
  },
);
