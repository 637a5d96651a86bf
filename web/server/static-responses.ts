import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import fresh from "fresh";
import Negotiator from "negotiator";
import { assignRequestId } from "./request-id";

/**
 * Answers kept in memory with every header computed once: the marketing pages
 * (page-cache.ts) and the client build's assets (static-assets.ts). Each is held
 * in the encodings a browser may ask for, compressed ahead of time, and sent
 * before Express, the request logger or any middleware runs.
 */

export type Encoding = "br" | "gzip" | "identity";

interface Representation {
  body: Buffer;
  etag: string;
  headers: OutgoingHttpHeaders;
  /** What a 304 repeats of the 200's headers. */
  notModified: OutgoingHttpHeaders;
}

export type Representations = Record<Encoding, Representation>;

/**
 * The three encodings of one response, each with its strong ETag (one per encoding, from the
 * uncompressed bytes) and all its headers. An encoding that comes out no smaller than the
 * uncompressed bytes is not used: its requests get the uncompressed bytes.
 */
export function representations(
  identity: Buffer,
  compressed: { br: Buffer; gzip: Buffer },
  headers: OutgoingHttpHeaders,
  extra: { hit?: OutgoingHttpHeaders } = {},
): Representations {
  const tag = createHash("sha256").update(identity).digest("base64url").slice(0, 27);
  const one = (encoding: Encoding, body: Buffer): Representation => {
    const etag = `"${tag}${encoding === "identity" ? "" : `-${encoding}`}"`;
    const shared: OutgoingHttpHeaders = { ...headers, ETag: etag, Vary: headers.Vary ?? "Accept-Encoding" };
    return {
      body,
      etag,
      headers: {
        ...shared,
        ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
        "Content-Length": body.byteLength,
        ...extra.hit,
      },
      notModified: shared,
    };
  };
  const plain = one("identity", identity);
  const smaller = (encoding: "br" | "gzip") =>
    compressed[encoding].byteLength < identity.byteLength ? one(encoding, compressed[encoding]) : plain;
  return { br: smaller("br"), gzip: smaller("gzip"), identity: plain };
}

/**
 * Sends the representation the request's `Accept-Encoding` allows, or 304 when its `If-None-Match`
 * names the representation's ETag (compared by the `fresh` package). Only that header is given to
 * `fresh`: a request's `Cache-Control: no-cache` speaks to caches on the way (RFC 9111), and
 * `fetch()` adds it to every request that carries a validator of its own; this server is the origin
 * and answers the validator. There is no `Last-Modified`, so `If-Modified-Since` never matches.
 */
export function sendKept(req: IncomingMessage, res: ServerResponse, kept: Representations) {
  const representation = kept[chooseEncoding(req)];
  assignRequestId(req, res);
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch && fresh({ "if-none-match": ifNoneMatch }, { etag: representation.etag })) {
    res.writeHead(304, representation.notModified);
    res.end();
    return;
  }
  res.writeHead(200, representation.headers);
  res.end(req.method === "HEAD" ? undefined : representation.body);
}

/** What we hold, in the order we prefer when the client weighs them the same: the smallest first. */
const ENCODINGS: Encoding[] = ["br", "gzip", "identity"];
const encodingChoices = new Map<string, Encoding>();

/**
 * The encoding the request's `Accept-Encoding` allows, chosen by `negotiator` (the client's weights
 * first, then ours: brotli, else gzip, else none), remembered by header.
 */
function chooseEncoding(req: IncomingMessage): Encoding {
  const header = req.headers["accept-encoding"];
  if (header === undefined || header === "") return "identity";
  const known = encodingChoices.get(header);
  if (known) return known;
  const choice = (new Negotiator(req).encoding(ENCODINGS, ENCODINGS) as Encoding | undefined) ?? "identity";
  if (encodingChoices.size < 256) encodingChoices.set(header, choice);
  return choice;
}
