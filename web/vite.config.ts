import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import serverPackages from "../server-packages.json";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    remix({
      // A separate build directory lets parallel checkouts build without clobbering each other.
      buildDirectory: process.env.WEB_BUILD_DIR ?? "build",
      // An API route's contract sits beside it (api.<route>.contract.ts, docs/decisions/023-api-described-beside-its-handler.md):
      // not a route; web/app/utils/api-catalogue.server.ts gathers them.
      ignoredRouteFiles: ["**/*.contract.ts"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        // Every route is known to the browser from the first page (the build's fingerprinted route
        // manifest, about 5 KB compressed and cached for a year), not discovered one request to
        // /__manifest at a time: with lazy discovery, a link, form or fetcher to any address with a
        // parameter (/estimates/<token>, /admin/customers/<id>...) or to a page not yet seen asked
        // /__manifest first, and when that request failed the visitor got the error page instead of
        // what they asked for (a declined estimate, a sent message; tests/e2e/route-discovery.spec.ts).
        // React Router 7 calls this `routeDiscovery: { mode: "initial" }`.
        v3_lazyRouteDiscovery: false,
        // Development: Vite finds the browser's dependencies by reading the routes when it starts,
        // rather than one page at a time, each new one reloading the page the visitor is on.
        unstable_optimizeDeps: true,
      },
    }),
    tsconfigPaths({ root: ".." }),
  ],
  build: { target: "es2022" },
  // The client dependency optimizer never touches server code (docs/decisions/017-walls-between-layers.md):
  // it skips the server-only packages (server-packages.json), which it would otherwise meet through
  // the server's module graph, and does not read *.server modules, which never reach the browser.
  optimizeDeps: {
    exclude: serverPackages.packages,
    esbuildOptions: {
      plugins: [
        {
          name: "skip-server-modules",
          setup(build) {
            build.onResolve({ filter: /\.server(\.[cm]?[jt]sx?)?$|\/\.server\// }, ({ path }) => ({
              path,
              external: true,
            }));
          },
        },
      ],
    },
  },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
});
