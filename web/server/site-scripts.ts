import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { SiteScripts } from "../app/context";

const ENTRY = "app/entry.site.ts";

/**
 * The built site script's address (web/vite.site.config.ts writes it in its manifest), for the public
 * pages without the app's scripts (docs/decisions/025-public-pages-without-app-scripts.md). None in
 * development or in a build without it: those pages then carry the app's scripts as every page.
 */
export function readSiteScripts(clientDir: string | undefined): SiteScripts | undefined {
  if (!clientDir) return undefined;
  const manifestPath = path.join(clientDir, ".vite/site-manifest.json");
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, { file?: string }>;
  const file = manifest[ENTRY]?.file;
  return file ? { site: `/${file}` } : undefined;
}
