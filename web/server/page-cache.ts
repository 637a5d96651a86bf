import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";

/**
 * Rendered public pages, kept for anonymous visitors.
 *
 * The marketing pages read no data and look the same to everyone who is not
 * signed in, yet rendering one costs milliseconds of CPU (React, the router, a
 * large tree of icons). A route opts in with `handle = { pageCache: true }`
 * (never one that shows the time, the visitor's data or a form's answer);
 * its page is then rendered once per `ttlSeconds` and reused for requests that
 * carry no session cookie, no Authorization header and no query string.
 *
 * The page holds the CSP nonce of the request that rendered it; each reuse puts
 * the new request's own nonce in its place (the CSP header is set per request
 * by securityHeaders), so every response still has a fresh, unguessable nonce.
 * See docs/decisions/006-rendering-public-pages.md.
 */

/** What the document renderer gets for a request whose page may be kept. */
export interface PageCacheSlot {
  store(status: number, headers: Headers, html: Buffer): void;
}

interface Entry {
  /** The page split at every occurrence of the rendering request's nonce. */
  parts: string[];
  headers: Array<[string, string]>;
  expires: number;
}

/** Response headers that belong to one response only. */
const NOT_KEPT = new Set(["content-length", "set-cookie", "date", "x-request-id", "x-page-cache"]);

/** Only opted-in routes without parameters are kept, so this bounds nothing in practice; it is a guard. */
const MAX_ENTRIES = 64;

export interface PageCacheOptions {
  ttlSeconds: number;
  sessionCookieName: string;
}

function hasCookie(header: string | undefined, name: string) {
  if (!header) return false;
  return header.split(";").some((part) => part.trimStart().startsWith(`${name}=`));
}

const BROTLI = zlib.constants;

/**
 * Compresses a kept page in one call, as the client accepts (brotli, else gzip).
 * The bytes differ per request (the nonce), so they cannot be kept compressed;
 * one synchronous call costs about half of what the streaming middleware does.
 */
function encode(req: Request, res: Response, body: Buffer): Buffer {
  res.vary("Accept-Encoding");
  if (req.acceptsEncodings("br") === "br") {
    res.setHeader("Content-Encoding", "br");
    return zlib.brotliCompressSync(body, {
      params: {
        [BROTLI.BROTLI_PARAM_QUALITY]: 4,
        [BROTLI.BROTLI_PARAM_LGWIN]: 18,
        [BROTLI.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  }
  if (req.acceptsEncodings("gzip") === "gzip") {
    res.setHeader("Content-Encoding", "gzip");
    return zlib.gzipSync(body, { level: 6 });
  }
  return body;
}

export function createPageCache({ ttlSeconds, sessionCookieName }: PageCacheOptions) {
  const entries = new Map<string, Entry>();

  /** Answers from the cache, or offers the renderer a slot to fill. Runs after securityHeaders (it needs the nonce). */
  function middleware(req: Request, res: Response, next: NextFunction) {
    if (ttlSeconds <= 0) return next();
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.originalUrl.includes("?") || req.headers.authorization || hasCookie(req.headers.cookie, sessionCookieName))
      return next();
    const nonce = String(res.locals.cspNonce ?? "");
    if (!nonce) return next();

    const key = req.path;
    const entry = entries.get(key);
    if (entry && entry.expires > Date.now()) {
      for (const [name, value] of entry.headers) res.setHeader(name, value);
      const body = encode(req, res, Buffer.from(entry.parts.join(nonce), "utf8"));
      res.setHeader("Content-Length", body.byteLength);
      res.setHeader("X-Page-Cache", "hit");
      res.status(200).end(req.method === "HEAD" ? undefined : body);
      return;
    }
    if (entry) entries.delete(key);
    if (req.method === "GET") {
      const slot: PageCacheSlot = {
        store(status, headers, html) {
          if (status !== 200 || headers.has("set-cookie")) return;
          if (!entries.has(key) && entries.size >= MAX_ENTRIES) return;
          entries.set(key, {
            parts: html.toString("utf8").split(nonce),
            headers: [...headers.entries()].filter(([name]) => !NOT_KEPT.has(name.toLowerCase())),
            expires: Date.now() + ttlSeconds * 1000,
          });
          headers.set("X-Page-Cache", "miss");
        },
      };
      res.locals.pageCache = slot;
    }
    next();
  }

  return { middleware };
}
