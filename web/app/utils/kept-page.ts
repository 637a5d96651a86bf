import type { HeadersFunction } from "@remix-run/node";
import type { Viewer } from "~/context";

/**
 * What a rendered page tells the document renderer (entry.server.tsx) about itself, through the
 * response headers its routes set with Remix's `headers` exports: who it was rendered for, and
 * whether its route lets the page cache keep it (web/server/page-cache.ts). The renderer reads
 * both and removes them, so they never leave the server.
 *
 * - The root loader names the viewer (`viewerHeaders`), and the root route's `headers` passes it on
 *   to every route that does not answer its own headers.
 * - A route whose page is the same for everyone of a role (no time of day, no user's data, no
 *   form's answer) opts in with `export const headers = keptPageHeaders`.
 */

const VIEWER_HEADER = "X-Rendered-For";
const KEEP_HEADER = "X-Page-Cache-Keep";
const VIEWERS = new Set<string>(["visitor", "customer", "technician", "admin"] satisfies Viewer[]);

/** The root loader's response headers: who the page is rendered for (a visitor, or the signed-in user's role). */
export function viewerHeaders(role: Exclude<Viewer, "visitor"> | null | undefined): HeadersInit {
  return { [VIEWER_HEADER]: role ?? "visitor" };
}

/** The root route's `headers`: the viewer its loader named, for the renderer. */
export const rootHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  const viewer = loaderHeaders.get(VIEWER_HEADER);
  if (viewer) headers.set(VIEWER_HEADER, viewer);
  return headers;
};

/** A kept route's `headers`: its parents' (the viewer), and the mark that lets the page cache keep it. */
export const keptPageHeaders: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set(KEEP_HEADER, "1");
  return headers;
};

/**
 * Reads and removes the marks from a response's headers. `viewer` is null when no route said
 * (the root loader failed, or a route answered its own headers): the renderer then treats the page
 * as a signed-in user's, and the cache does not keep it.
 */
export function takePageMarks(headers: Headers): { viewer: Viewer | null; keep: boolean } {
  const named = headers.get(VIEWER_HEADER);
  const keep = headers.get(KEEP_HEADER) === "1";
  headers.delete(VIEWER_HEADER);
  headers.delete(KEEP_HEADER);
  return { viewer: named !== null && VIEWERS.has(named) ? (named as Viewer) : null, keep };
}
