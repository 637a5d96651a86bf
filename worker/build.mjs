// Bundles the worker and the shared workspace package into dist/index.js.
import { build } from "esbuild";
import path from "node:path";
import { nodeBundle } from "../web/server/build.mjs";

await build({
  entryPoints: [path.resolve(import.meta.dirname, "src/index.ts")],
  outfile: path.resolve(import.meta.dirname, process.env.WORKER_DIST_DIR ?? "dist", "index.js"),
  ...nodeBundle,
});
