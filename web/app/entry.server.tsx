import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { modulesAfterFirstPaint } from "../server/modules-after-paint";
import type { Viewer } from "../server/page-cache";
import { NonceProvider } from "./utils/nonce";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

/**
 * Renders the whole document, then sends it in one piece with its length.
 * No page defers data, so streaming the shell would send the same bytes in
 * dozens of small writes, each compressed on its own: one buffer is several
 * times cheaper and compresses smaller. The page cache (web/server/page-cache.ts)
 * keeps the marketing pages, one document per kind of viewer.
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
        let html = scriptsAfterFirstPaint(Buffer.concat(chunks));
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        responseHeaders.set("Content-Length", String(html.byteLength));
        const viewer = viewerOf(remixContext);
        // A page rendered for a signed-in user is theirs alone: never stored by the browser or a proxy,
        // so after signing out the back button cannot bring it back.
        if (viewer !== "visitor") responseHeaders.set("Cache-Control", "private, no-store");
        if (loadContext.pageCache && opted(remixContext))
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
 * In the built app the modules are fetched once the page has painted (web/server/modules-after-paint.ts),
 * whatever NODE_ENV says (the tests run the build). The development server serves modules from Vite
 * and keeps Remix's markup as it is (React would report the changed attributes when it hydrates).
 */
function scriptsAfterFirstPaint(html: Buffer): Buffer<ArrayBuffer> {
  if (import.meta.env.DEV) return html as Buffer<ArrayBuffer>;
  return Buffer.from(modulesAfterFirstPaint(html.toString("utf8")), "utf8");
}

/** Who the page was rendered for: a visitor, or the signed-in user's role (the root loader's `user`). */
function viewerOf(remixContext: EntryContext): Viewer {
  const root = remixContext.staticHandlerContext.loaderData.root as
    { user?: { role: Viewer } | null } | null | undefined;
  return root?.user?.role ?? "visitor";
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

/** Whether the page's own route says it may be kept (`handle = { pageCache: true }`, web/server/page-cache.ts). */
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
