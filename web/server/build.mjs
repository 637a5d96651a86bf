// Bundles the Express server and the shared workspace package (TypeScript
// source) into build/server.js; everything in node_modules stays external.
// Then compresses each client asset once, at the best quality, beside itself
// (name.js.br, name.js.gz): the server holds those and sends the form a browser
// accepts (web/server/static-assets.ts).
import { build } from "esbuild";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

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

/**
 * How a Node process of ours is bundled (this server, and the worker's worker/build.mjs): one ESM
 * file with the shared package's source inside and every package left external, able to `require`.
 * @type {import("esbuild").BuildOptions}
 */
export const nodeBundle = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  plugins: [bundleSharedPackage],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  sourcemap: true,
  logLevel: "warning",
};

/** Writes the brotli and gzip forms of every script and stylesheet of the client build. */
function compressAssets(assetsDir) {
  for (const name of readdirSync(assetsDir)) {
    if (!/\.(js|css)$/.test(name)) continue;
    const file = path.join(assetsDir, name);
    const body = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      }),
    );
    writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION }));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const buildDir = path.resolve(import.meta.dirname, "..", process.env.WEB_BUILD_DIR ?? "build");
  compressAssets(path.join(buildDir, "client", "assets"));
  await build({
    entryPoints: [path.resolve(import.meta.dirname, "index.ts")],
    outfile: path.join(buildDir, "server.js"),
    ...nodeBundle,
  });
}
