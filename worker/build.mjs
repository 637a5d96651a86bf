// Bundles the worker and the shared workspace package into dist/index.js.
import { build } from "esbuild";
import path from "node:path";
import { bundleSharedPackage } from "../web/server/build.mjs";

await build({
  entryPoints: [path.resolve(import.meta.dirname, "src/index.ts")],
  outfile: path.resolve(import.meta.dirname, process.env.WORKER_DIST_DIR ?? "dist", "index.js"),
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
