import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { takePageMarks } from "./utils/kept-page";
import { NonceProvider } from "./utils/nonce";

/**
 * No page defers data, so nothing should ever be left pending: this timer is a net for a render that
 * would never finish, not a budget. A page slowed by a busy CPU (a technician's visit of 900 lines
 * while the machine is loaded) must still be sent whole; aborting it after the work is mostly done
 * would answer a 500 for a page that was about to render.
 */
const ABORT_DELAY = 30_000;
export const streamTimeout = ABORT_DELAY;

/**
 * Renders the whole document, then sends it in one piece with its length.
 * No page defers data, so streaming the shell would send the same bytes in
 * dozens of small writes, each compressed on its own: one buffer is several
 * times cheaper and compresses smaller. The page cache (web/server/page-cache.ts)
 * keeps the marketing pages, one document per kind of viewer: the routes' own
 * `headers` say who the page was rendered for and whether it may be kept
 * (web/app/utils/kept-page.ts); those marks are read here and removed.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        let html = Buffer.concat(chunks);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        responseHeaders.set("Content-Length", String(html.byteLength));
        const { viewer, keep } = takePageMarks(responseHeaders);
        // A page rendered for a signed-in user (or for a viewer no route named) is theirs alone: never
        // stored by the browser or a proxy, so after signing out the back button cannot bring it back.
        if (viewer !== "visitor") responseHeaders.set("Cache-Control", "private, no-store");
        if (loadContext.pageCache && keep && viewer)
          html = loadContext.pageCache.keep(responseStatusCode, responseHeaders, html, viewer) ?? html;
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error("the page shell failed to render", { cause: error }));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell, the error reaches Remix (and handleError) through onShellError.
          if (shellRendered) loadContext.logger?.error({ err: error }, "render error");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY).unref();
  });
}

/**
 * Loader and action data fetched by the browser (client-side navigation) is
 * the signed-in user's own, like the page: never stored.
 */
export function handleDataRequest(response: Response) {
  try {
    // The routes' marks for the renderer (web/app/utils/kept-page.ts) are not the browser's.
    takePageMarks(response.headers);
    if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-store");
  } catch {
    // Immutable headers (a redirect): nothing is stored for those anyway.
  }
  return response;
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // Remix's own 4xx answers (a POST to a page without an action, an OPTIONS request) are not errors.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
}
