import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * The site's own script (web/app/entry.site.ts) and the chat chunk it imports: what a public page
 * without the app's scripts runs (docs/decisions/025-public-pages-without-app-scripts.md). Built
 * after the app (`npm run build`) into the same client folder, fingerprinted like the app's
 * assets; the server finds the entry's address in the manifest this writes (web/server/site-scripts.ts).
 */
export default defineConfig({
  plugins: [tsconfigPaths({ root: ".." })],
  publicDir: false,
  build: {
    outDir: `${process.env.WEB_BUILD_DIR ?? "build"}/client`,
    emptyOutDir: false,
    manifest: ".vite/site-manifest.json",
    target: "es2022",
    // The site's script is imported by a module script: no preload helper for browsers without modules.
    modulePreload: { polyfill: false },
    rollupOptions: { input: "app/entry.site.ts" },
  },
});
