import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Env } from "@app/shared/env.server";
import { businessParts, requireBusinessInstant } from "@app/shared/time";
import type { PageCacheSlot, Viewer } from "../app/context";
import { contentSecurityPolicy, fixedSecurityHeaders } from "./security";
import { representations, sendKept, type Representations } from "./static-responses";

/**
 * The marketing pages, served like static files.
 *
 * A route opts in with `export const headers = keptPageHeaders` (web/app/utils/kept-page.ts; never one
 * that shows the time of day, the visitor's data or a form's answer): a response header the document
 * renderer reads and removes, as it does the viewer the root loader names the same way. Nothing is
 * read from Remix's internals: what is kept is the rendered document itself, with the headers its
 * routes set. Its page is the same document for every visitor of the same
 * kind: the root loader gives the page only the viewer's role, which picks the header's account
 * links. So each opted-in page is rendered once per role (visitor, customer, technician, admin) on
 * its first request, compressed once with brotli at its best quality and with gzip, and from then
 * on answered from memory before the rest of the server runs: no logging, no routing, no render,
 * no compression. The process keeps the pages until it stops (a deploy, or new business facts,
 * which are read at start) or the business's year turns (the footer's year).
 *
 * Such a page carries no nonce: its inline scripts are ours and fixed, so its CSP allows exactly
 * those scripts by their SHA-256 instead, with the same 'strict-dynamic' as every other page.
 * Every other page keeps a per-response nonce (web/server/security.ts).
 *
 * Responses carry a strong ETag per encoding (a matching `If-None-Match` answers 304) and
 * `Vary: Accept-Encoding, Cookie`. A visitor's page says `Cache-Control: no-cache`; a signed-in
 * viewer's page stays `private, no-store`, as every signed-in page (entry.server.tsx).
 * Requests with a query string or an `Authorization` header, and anything but GET and HEAD, go
 * to the app as before. See docs/decisions/012-public-pages-as-static-files.md.
 */

/** A page's kept documents by viewer; a document being compressed is a promise meanwhile. */
type PageVariants = Partial<Record<Viewer, Representations | Promise<Representations>>>;

export interface PageCacheOptions {
  env: Env;
  sessionCookieName: string;
  /** The role of the session a Cookie header presents, or null: the same lookup pages make. */
  sessionRole: (cookieHeader: string | undefined) => Promise<Viewer | null>;
  onError?: (error: unknown) => void;
}

/** Opted-in routes have no parameters, so this bounds only addresses that reach the same page. */
const MAX_PAGES = 32;
/** Headers of the rendered response that belong to that response only, or that the cache sets itself. */
const NOT_KEPT = new Set([
  "content-length",
  "content-encoding",
  "content-security-policy",
  "set-cookie",
  "date",
  "etag",
  "vary",
  "x-request-id",
  "x-page-cache",
]);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export function createPageCache({ env, sessionCookieName, sessionRole, onError }: PageCacheOptions) {
  const pages = new Map<string, PageVariants>();
  const offered = new WeakMap<IncomingMessage, string>();
  const fixedHeaders = fixedSecurityHeaders(env);
  let validUntil = nextBusinessYear();

  /**
   * Answers a kept page, or hands the request to `next` (the app), offering its renderer a slot
   * when the page could be kept. Runs first, on the bare Node request.
   */
  function handle(req: IncomingMessage, res: ServerResponse, next: () => void) {
    const url = req.url ?? "";
    if ((req.method !== "GET" && req.method !== "HEAD") || url.includes("?") || req.headers.authorization !== undefined)
      return next();
    if (Date.now() >= validUntil) {
      pages.clear();
      validUntil = nextBusinessYear();
    }
    const variants = pages.get(url);
    if (!variants) return offer(req, url, next);
    const cookie = req.headers.cookie;
    if (!hasCookie(cookie, sessionCookieName)) return answer(req, res, variants.visitor, url, next);
    sessionRole(cookie).then(
      (role) => answer(req, res, variants[role ?? "visitor"], url, next),
      (error: unknown) => {
        // The app looks the session up again and answers as it would without a cache.
        onError?.(error);
        next();
      },
    );
  }

  function offer(req: IncomingMessage, url: string, next: () => void) {
    if (req.method === "GET") offered.set(req, url);
    next();
  }

  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    kept: Representations | Promise<Representations> | undefined,
    url: string,
    next: () => void,
  ) {
    if (!kept) return offer(req, url, next);
    if (kept instanceof Promise) {
      kept.then(
        (ready) => sendKept(req, res, ready),
        () => offer(req, url, next),
      );
      return;
    }
    sendKept(req, res, kept);
  }

  /** The slot of a request `handle` offered to the app, for the renderer; the page's scripts carry `nonce`. */
  function slot(req: IncomingMessage, nonce: string): PageCacheSlot | undefined {
    const url = offered.get(req);
    if (url === undefined || !nonce) return undefined;
    return {
      keep(status, headers, html, viewer) {
        if (status !== 200 || headers.has("set-cookie")) return null;
        if (!pages.has(url) && pages.size >= MAX_PAGES) return null;
        const document = Buffer.from(html.toString("utf8").replaceAll(` nonce="${nonce}"`, ""), "utf8");
        const csp = contentSecurityPolicy(env, inlineScriptHashes(document));
        if (viewer === "visitor" && !headers.has("cache-control")) headers.set("Cache-Control", "no-cache");
        const kept = [...headers.entries()].filter(([name]) => !NOT_KEPT.has(name.toLowerCase()));
        const pending = represent(document, csp, kept);
        const variants = pages.get(url) ?? {};
        variants[viewer] = pending;
        pages.set(url, variants);
        pending.then(
          (ready) => {
            if (variants[viewer] === pending) variants[viewer] = ready;
          },
          (error: unknown) => {
            if (variants[viewer] === pending) delete variants[viewer];
            onError?.(error);
          },
        );
        headers.set("Content-Security-Policy", csp);
        headers.set("Content-Length", String(document.byteLength));
        headers.set("Vary", "Accept-Encoding, Cookie");
        headers.set("X-Page-Cache", "miss");
        return document;
      },
    };
  }

  /** The page's three encodings, each with all its headers, compressed once (off the main thread). */
  async function represent(document: Buffer, csp: string, kept: Array<[string, string]>): Promise<Representations> {
    const [br, gz] = await Promise.all([
      brotli(document, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: document.byteLength,
        },
      }),
      gzip(document, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    return representations(
      document,
      { br, gzip: gz },
      {
        ...Object.fromEntries(kept),
        ...Object.fromEntries(fixedHeaders),
        "Content-Security-Policy": csp,
        Vary: "Accept-Encoding, Cookie",
      },
      { hit: { "X-Page-Cache": "hit" } },
    );
  }

  return { handle, slot };
}

function hasCookie(header: string | undefined, name: string) {
  if (!header) return false;
  return header.split(";").some((part) => part.trimStart().startsWith(`${name}=`));
}

/**
 * The SHA-256 sources of a page's inline scripts, for its CSP. Data blocks (JSON-LD) are not run,
 * so they need none. Our renderer escapes `</script` inside scripts, so the first closing tag ends one.
 */
function inlineScriptHashes(document: Buffer): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of document
    .toString("utf8")
    .matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=/.test(attributes) || /\btype="application\/(ld\+)?json"/.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The first instant of next year on the business's clock: the footer's year and "years serving" change then. */
function nextBusinessYear() {
  return requireBusinessInstant(`${businessParts().year + 1}-01-01`).getTime();
}
