import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { Env } from "@app/shared/env.server";
import { fixedSecurityHeaders } from "./security";
import { representations, sendKept, type Representations } from "./static-responses";

/**
 * The client build's fingerprinted assets (`/assets/…`), held in memory with the brotli and gzip
 * forms the build made of each (web/server/build.mjs), and answered before Express runs: a
 * browser gets the smallest form it accepts, compressed once at build time at the best quality,
 * instead of compressing each response anew. Their names change with their contents, so they are
 * cached for a year and never revalidated. An address not in the build goes on to the app.
 */
export function loadStaticAssets(assetsDir: string, env: Env) {
  const assets = new Map<string, Representations>();
  const fixed = Object.fromEntries(fixedSecurityHeaders(env));
  for (const name of existsSync(assetsDir) ? readdirSync(assetsDir) : []) {
    const type = CONTENT_TYPES[path.extname(name)];
    if (!type) continue;
    const file = path.join(assetsDir, name);
    const identity = readFileSync(file);
    const sibling = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : identity);
    assets.set(
      `/assets/${name}`,
      representations(
        identity,
        { br: sibling(".br"), gzip: sibling(".gz") },
        { ...fixed, "Content-Type": type, "Cache-Control": "public, max-age=31536000, immutable" },
      ),
    );
  }

  /** Answers an asset of the build and returns true, or returns false for the app to answer. */
  function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const asset = assets.get(req.url ?? "");
    if (!asset) return false;
    sendKept(req, res, asset);
    return true;
  }

  return { handle, size: assets.size };
}

/** What the client build holds (web/server/build.mjs compresses the same kinds). */
const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};
