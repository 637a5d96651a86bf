import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "./utils/nonce";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

/**
 * Renders the whole document, then sends it in one piece with its length.
 * No page defers data, so streaming the shell would send the same bytes in
 * dozens of small writes, each compressed on its own: one buffer is several
 * times cheaper and compresses smaller. The page cache (web/server/page-cache.ts)
 * keeps the result of public pages for anonymous visitors.
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
        const html = Buffer.concat(chunks);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        responseHeaders.set("Content-Length", String(html.byteLength));
        // A page rendered for a signed-in user is theirs alone: never stored by the browser or a proxy,
        // so after signing out the back button cannot bring it back.
        if (signedIn(remixContext)) responseHeaders.set("Cache-Control", "private, no-store");
        if (loadContext.pageCache && opted(remixContext))
          loadContext.pageCache.store(responseStatusCode, responseHeaders, html);
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

/** Whether the page was rendered for a signed-in user (the root loader found one). */
function signedIn(remixContext: EntryContext) {
  const root = remixContext.staticHandlerContext.loaderData.root as { user?: unknown } | null | undefined;
  return Boolean(root?.user);
}

/**
 * Loader and action data fetched by the browser (client-side navigation) is
 * the signed-in user's own, like the page: never stored.
 */
export function handleDataRequest(response: Response) {
  try {
    if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-store");
  } catch {
    // Immutable headers (a redirect): nothing is stored for those anyway.
  }
  return response;
}

/** Whether the page's own route says it may be kept for anonymous visitors (`handle = { pageCache: true }`). */
function opted(remixContext: EntryContext) {
  const leaf = remixContext.staticHandlerContext.matches.at(-1);
  const handle = leaf
    ? (remixContext.routeModules[leaf.route.id]?.handle as { pageCache?: unknown } | undefined)
    : undefined;
  return handle?.pageCache === true;
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // Remix's own 4xx answers (a POST to a page without an action, an OPTIONS request) are not errors.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
}
