// Bundles the Express server and the shared workspace package (TypeScript
// source) into build/server.js; everything in node_modules stays external.
import { build } from "esbuild";
import path from "node:path";

const sharedSrc = path.resolve(import.meta.dirname, "../../packages/shared/src");

/** @type {import("esbuild").Plugin} */
export const bundleSharedPackage = {
  name: "bundle-shared-package",
  setup(b) {
    b.onResolve({ filter: /^@app\/shared(\/.*)?$/ }, (args) => {
      const sub = args.path.slice("@app/shared".length).replace(/^\//, "") || "index";
      return { path: path.join(sharedSrc, `${sub}.ts`) };
    });
  },
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await build({
    entryPoints: [path.resolve(import.meta.dirname, "index.ts")],
    outfile: path.resolve(import.meta.dirname, "..", process.env.WEB_BUILD_DIR ?? "build", "server.js"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    plugins: [bundleSharedPackage],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    sourcemap: true,
    logLevel: "warning",
  });
}
