import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { Duplex } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import type { Env } from "@app/shared/env.server";
import { formShapeMessage, formShapeProblem } from "@app/shared/api/form-names";
import { PHOTO_MAX_BYTES } from "@app/shared/api/job-record";
import { photoBucketOrigin } from "@app/shared/job-record/photo-store.server";

/**
 * The enforced Content-Security-Policy, with the sources that allow the page's scripts: a per-response
 * nonce on every page, or the hashes of a kept public page's inline scripts (web/server/page-cache.ts).
 * Either way 'strict-dynamic' lets those scripts load the app's modules, and nothing else runs.
 */
export function contentSecurityPolicy(env: Env, scriptSources: readonly string[]) {
  const dev = !env.isProduction;
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")} 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    // Job photos from the S3 bucket, when they are kept in one (presigned addresses, docs/security.md#job-photos).
    `img-src 'self' data:${env.S3 ? ` ${photoBucketOrigin(env.S3)}` : ""}`,
    "font-src 'self'",
    // Vite's HMR socket in development; socket.io on the same origin always.
    `connect-src 'self'${dev ? " ws://localhost:* ws://127.0.0.1:*" : ""}`,
    // The staff push alerts' service worker (/sw.js): without this, 'strict-dynamic' in script-src refuses it.
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // "Pay online" posts to our server, which redirects the browser to Stripe's Checkout page: a form's
    // redirect is held to form-action too (docs/decisions/020-money-and-payments.md).
    `form-action 'self'${env.STRIPE ? ` ${checkoutOrigin(env.STRIPE)}` : ""}`,
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    ...(env.isProduction && env.APP_URL.startsWith("https:") ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** Where Stripe's Checkout pages are: Stripe's own, or the stand-in's (STRIPE_API_URL, tests). */
function checkoutOrigin(stripe: NonNullable<Env["STRIPE"]>): string {
  return stripe.api ? `${stripe.api.protocol}://${stripe.api.host}:${stripe.api.port}` : "https://checkout.stripe.com";
}

/** The security headers every response carries besides its CSP. */
export function fixedSecurityHeaders(env: Env): Array<[string, string]> {
  return [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    // Turns off the legacy XSS auditor of old browsers, which itself could be abused; the CSP protects instead.
    ["X-XSS-Protection", "0"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"],
    ...(env.APP_URL.startsWith("https:")
      ? [["Strict-Transport-Security", "max-age=63072000; includeSubDomains"] as [string, string]]
      : []),
  ];
}

/** Per-request CSP nonce and the usual security headers; the CSP is enforced. */
export function securityHeaders(env: Env) {
  const fixed = fixedSecurityHeaders(env);
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(env, [`'nonce-${nonce}'`]));
    for (const [name, value] of fixed) res.setHeader(name, value);
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The pages of the customer's emailed links (/appointments/<token>, /unsubscribe/<token>, /estimates/<token>,
 * /invoices/<token>, /membership/<token>, and their "Pay online" posts to …/pay and …/deposit). They answer
 * `Referrer-Policy: no-referrer`, so a browser without JavaScript posts their forms with `Origin: null`:
 * an origin withheld, which says nothing. There, and only there, it counts as no Origin at all (and is
 * removed, so Remix's own check of the Origin against the host does not refuse it either): the secret
 * token in the address is what a cross-site page cannot forge.
 */
const EMAILED_LINK_PAGE = /^\/(appointments|unsubscribe|estimates|invoices|membership)\/[^/]+(\/(pay|deposit))?\/?$/;

/** Refuses state-changing requests sent from another site's pages. */
export function sameOriginWrites(env: Env) {
  const allowed = new Set([new URL(env.APP_URL).origin]);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    if (!origin) return next(); // Not a browser cross-site request (curl, server-to-server, API clients).
    if (origin === "null" && EMAILED_LINK_PAGE.test(req.path)) {
      delete req.headers.origin;
      return next();
    }
    const own = `${req.protocol}://${req.get("host")}`;
    if (allowed.has(origin) || origin === own) return next();
    res.status(403).json({ success: false, message: "Cross-site request refused" });
  };
}

const MAX_BODY_BYTES = 1024 * 1024;
/**
 * A photo upload (docs/product.md#job-record): one photo of 15 MB and its form through the API, a
 * few at once from /jobs without JavaScript. The route checks each photo; this bounds the body.
 * Only a technician's or an admin's session may send one (docs/security.md#uploads-for-staff-only).
 */
const PHOTO_API = /^\/api\/jobs\/[^/]+\/photos\/?$/;
const PHOTO_API_BYTES = PHOTO_MAX_BYTES + 64 * 1024;
const JOBS_PAGE_BYTES = 4 * PHOTO_MAX_BYTES;
const BODYLESS_METHODS = new Set(["GET", "HEAD"]);
const UPLOADERS = new Set(["technician", "admin"]);
const DEFAULT_LIMIT = { bytes: MAX_BODY_BYTES, message: "Request body is larger than 1 MB" };
/** Past its limit, how much more of a body is read and dropped, so that a client still sending gets the 413 rather than a reset. */
const DRAIN_BYTES = 8 * MAX_BODY_BYTES;

interface Limit {
  bytes: number;
  message: string;
}

/** The larger limit of an upload's address, or null for any other request (1 MB). */
function uploadLimitOf(req: Request): Limit | null {
  if (req.method !== "POST") return null;
  if (PHOTO_API.test(req.path)) return { bytes: PHOTO_API_BYTES, message: "A photo is at most 15 MB" };
  if (/^\/jobs\/?$/.test(req.path) && /^multipart\/form-data/i.test(req.get("content-type") ?? ""))
    return { bytes: JOBS_PAGE_BYTES, message: "Send at most 60 MB of photos at once (15 MB each)" };
  return null;
}

function refuseLargeBody(res: Response, message: string) {
  res
    .status(413)
    .set("Connection", "close")
    .json({ success: false, message, errors: { _: message } });
}

/**
 * What a body streamed to the page's reader says when it grows past its limit: the reader
 * (web/app/utils/form.server.ts) knows it by this name and answers 413.
 */
const BODY_TOO_LARGE = "BodyTooLargeError";

/**
 * The one place request bodies are read and bounded, before any parser. Every body may be 1 MB; an
 * upload's address (`uploadLimitOf`) takes more only from a live technician's or admin's session,
 * checked (`uploaderRole`) before a byte of the body is read, so the larger limit is nobody else's:
 * anyone else's upload over 1 MB is refused at once.
 *
 * - A body of 1 MB at most is counted as it arrives and kept, whole, as a Buffer in `req.body`: a
 *   declared Content-Length over the limit (and the drain) is refused at once; past the limit, 413
 *   with the error shape and `Connection: close`; past the limit and 8 MB more still sending, the
 *   client is cut off.
 * - A staff upload is not held: `req.body` is a stream of its bytes, counted as they go
 *   (`boundedStream`), which the page's reader writes part by part to files on disk.
 *
 * The Remix handler (web/server/remix-handler.ts) builds each request from that body, so an
 * action only ever sees a bounded body. socket.io, attached to the HTTP server itself, bounds its
 * own messages.
 */
export function bodyLimit(uploaderRole: (req: Request) => Promise<string | null>) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (BODYLESS_METHODS.has(req.method)) return next();
    const upload = uploadLimitOf(req);
    if (!upload) return bufferBody(req, res, next, DEFAULT_LIMIT, DEFAULT_LIMIT.bytes + DRAIN_BYTES);
    uploaderRole(req).then((role) => {
      if (!role || !UPLOADERS.has(role))
        return bufferBody(
          req,
          res,
          next,
          { bytes: MAX_BODY_BYTES, message: `${DEFAULT_LIMIT.message}: only signed-in staff upload photos` },
          MAX_BODY_BYTES,
        );
      if (Number(req.get("content-length") ?? 0) > upload.bytes + DRAIN_BYTES)
        return refuseLargeBody(res, upload.message);
      req.body = boundedStream(req, res, upload);
      next();
    }, next);
  };
}

/** The body kept whole in `req.body` (a Buffer) when it is at most `limit.bytes`; past `drained`, cut off. */
function bufferBody(req: Request, res: Response, next: NextFunction, limit: Limit, drained: number) {
  if (Number(req.get("content-length") ?? 0) > drained) return refuseLargeBody(res, limit.message);
  const chunks: Buffer[] = [];
  let received = 0;
  const stop = () => {
    req.off("data", onData).off("end", onEnd).off("error", onGone).off("close", onClose);
  };
  const onData = (chunk: Buffer) => {
    received += chunk.byteLength;
    if (received <= limit.bytes) {
      chunks.push(chunk);
      return;
    }
    chunks.length = 0;
    if (received > drained) {
      stop();
      refuseLargeBody(res, limit.message);
    }
  };
  const onEnd = () => {
    stop();
    if (received > limit.bytes) return refuseLargeBody(res, limit.message);
    req.body = Buffer.concat(chunks, received);
    next();
  };
  // The client went away before the end of its body: nobody is left to answer.
  const onGone = () => stop();
  const onClose = () => {
    if (!req.complete) stop();
  };
  req.on("data", onData).on("end", onEnd).on("error", onGone).on("close", onClose);
}

/**
 * The body as a stream that ends in an error named BODY_TOO_LARGE once it passes its limit (what
 * arrives after that is read and dropped, then, past the drain, the client is cut off). It reads
 * only as fast as the reader takes it. An answer sent before the reader took it all (a refusal: the
 * wrong type, no such visit) drops the rest the same way, so the client's kept connection serves its
 * next request instead of stalling behind a body nobody reads.
 */
function boundedStream(req: Request, res: Response, limit: Limit): ReadableStream<Uint8Array> {
  let received = 0;
  let over = false;
  res.on("finish", () => {
    if (req.complete || over) return;
    over = true;
    req.resume();
  });
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on("data", (chunk: Buffer) => {
        received += chunk.byteLength;
        if (over) {
          if (received > limit.bytes + DRAIN_BYTES) req.destroy();
          return;
        }
        if (received > limit.bytes) {
          over = true;
          controller.error(Object.assign(new Error(limit.message), { name: BODY_TOO_LARGE, status: 413 }));
          req.resume();
          return;
        }
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.on("end", () => {
        if (!over) controller.close();
      });
      req.on("error", (error) => {
        if (!over) controller.error(error);
      });
    },
    pull() {
      if (!over) req.resume();
    },
    cancel() {
      over = true;
      req.resume();
    },
  });
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * Page actions take only form posts (urlencoded or multipart), as browsers send
 * them; any other body (JSON, text/plain, XML…) to a page answers 415 instead of
 * failing inside the action. The JSON API under /api has its own checks.
 */
export function formPostsOnly(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method) || req.path === "/api" || req.path.startsWith("/api/")) return next();
  const hasBody = Number(req.get("content-length") ?? 0) > 0 || req.get("transfer-encoding") !== undefined;
  if (!hasBody || FORM_TYPES.test(req.get("content-type") ?? "")) return next();
  res
    .status(415)
    .json({ success: false, message: "Send this form as application/x-www-form-urlencoded or multipart/form-data" });
}

/**
 * A form post of a shape no form of the site has (docs/security.md#forms-of-a-bounded-shape): an
 * index past the largest list (`zz[10000000]`), a name nested too deep or too long, more fields
 * than any form: a small 400 with the error shape before any page parses its names or echoes them
 * (packages/shared/src/api/form-names.ts has the bounds). The bodies the server holds (1 MB at most)
 * are checked here; a staff upload, streamed, by the page's reader as its parts arrive.
 */
export function boundedForms(req: Request, res: Response, next: NextFunction) {
  if (!Buffer.isBuffer(req.body) || req.body.byteLength === 0) return next();
  const type = req.get("content-type") ?? "";
  const names = formNames(req.body, type);
  if (!names) return next();
  names
    .then((list) => {
      const problem = list && formShapeProblem(list);
      if (!problem) return next();
      res.status(400).json({
        success: false,
        message: formShapeMessage(problem),
        errors: { _: problem },
      });
    })
    .catch(next);
}

/** The names of a form body, repeats included (null: not a form; a body that does not parse is left to the page's reader). */
function formNames(body: Buffer, type: string): Promise<string[] | null> | null {
  if (/^\s*application\/x-www-form-urlencoded/i.test(type))
    return Promise.resolve([...new URLSearchParams(body.toString("utf8")).keys()]);
  if (/^\s*multipart\/form-data/i.test(type))
    return new Response(body as Buffer<ArrayBuffer>, { headers: { "content-type": type } })
      .formData()
      .then((form) => [...form.keys()])
      .catch(() => null);
  return null;
}

/**
 * An address whose path is not valid percent-encoded UTF-8 (`%FF`, `%ED%A0%80`,
 * a stray `%`) names no page and no resource, and a NUL character (`%00`) in
 * the path or the query string is never typed by a person and cannot be
 * stored or searched in PostgreSQL text: 400 with the error shape, before any
 * router or loader sees it.
 */
export function wellFormedAddresses(req: Request, res: Response, next: NextFunction) {
  const url = req.originalUrl;
  if (!url.includes("%") && !url.includes("\u0000")) return next();
  const refuse = (field: string, problem: string) =>
    res
      .status(400)
      .json({ success: false, message: `The address is not valid: ${problem}`, errors: { [field]: problem } });
  try {
    if (decodeURIComponent(req.path).includes("\u0000")) return refuse("path", "it contains a NUL character");
  } catch {
    return refuse("path", "its percent-encoding is not UTF-8");
  }
  const query = url.indexOf("?");
  const search = query >= 0 ? url.slice(query) : "";
  if (search.includes("%00") || search.includes("\u0000")) return refuse("query", "it contains a NUL character");
  next();
}

/**
 * Last resort for errors thrown by middleware (Remix answers its own): a 4xx
 * the error carries keeps its status; anything else is a 500, logged, and
 * told without details. Always the API's error shape.
 */
export function jsonErrors(error: unknown, req: Request, res: Response, next: NextFunction) {
  if (res.headersSent) return next(error);
  const status = (error as { status?: unknown }).status;
  if (typeof status === "number" && status >= 400 && status < 500) {
    res.status(status).json({ success: false, message: (error as Error).message || "Bad request" });
    return;
  }
  req.log?.error({ err: error }, "unhandled error in a middleware");
  res.status(500).json({ success: false, message: "Something went wrong on our side. Please try again." });
}

/**
 * Requests Node refuses before the app sees them (an address or header block
 * over 16 KB, a malformed request line, a request too slow to arrive) still get
 * the API's error shape, `{ success: false, message }`, instead of an empty body.
 */
export function answerClientErrors(server: Server) {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, message] =
      error.code === "HPE_HEADER_OVERFLOW"
        ? [431, "Request Header Fields Too Large", "The request's address or headers are too large"]
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? [408, "Request Timeout", "The request took too long to arrive"]
          : [400, "Bad Request", "Malformed HTTP request"];
    const body = JSON.stringify({ success: false, message });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
