import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
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

/** Sends the representation the request's `Accept-Encoding` allows, or 304 to a matching `If-None-Match`. */
export function sendKept(req: IncomingMessage, res: ServerResponse, kept: Representations) {
  const representation = kept[chooseEncoding(req.headers["accept-encoding"])];
  assignRequestId(req, res);
  if (matchesEtag(req.headers["if-none-match"], representation.etag)) {
    res.writeHead(304, representation.notModified);
    res.end();
    return;
  }
  res.writeHead(200, representation.headers);
  res.end(req.method === "HEAD" ? undefined : representation.body);
}

const encodingChoices = new Map<string, Encoding>();

/** The best encoding an `Accept-Encoding` header allows: brotli, else gzip, else none (choices remembered by header). */
function chooseEncoding(header: string | string[] | undefined): Encoding {
  if (typeof header !== "string" || header === "") return "identity";
  const known = encodingChoices.get(header);
  if (known) return known;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((p) => p.trim());
    const q = params.find((p) => p.startsWith("q="));
    weights.set(name === "x-gzip" ? "gzip" : name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (name: string) => (weights.get(name) ?? weights.get("*") ?? 0) > 0;
  const choice: Encoding = allows("br") ? "br" : allows("gzip") ? "gzip" : "identity";
  if (encodingChoices.size < 256) encodingChoices.set(header, choice);
  return choice;
}

/** Whether an `If-None-Match` header names this ETag (weak comparison, as RFC 9110 says for it). */
function matchesEtag(header: string | undefined, etag: string) {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}
