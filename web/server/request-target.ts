import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";

/**
 * The request target as every layer of the server expects it: a path and query (origin-form).
 *
 * HTTP/1.1 has four forms of request target (RFC 9112 §3.2), and Node hands the app whichever the
 * client sent in `req.url`:
 *
 * - origin-form, `/about?x=1`: what browsers send; kept as it is.
 * - absolute-form, `http://host/about?x=1`: what a client sends to a proxy, and which a server must
 *   accept too (§3.2.2). It is rewritten to its path and query, exactly as the origin-form of the
 *   same request would read, before the asset and page caches, the logger, Express and Remix see it.
 *   The host it names is dropped: RFC 9112 §3.2.2 would have it replace the Host header, but this
 *   server answers one site (APP_URL) and builds the request's origin from Host (and, behind a
 *   trusted proxy, X-Forwarded-Host) only, as the proxy in front routed it; a host written into
 *   the request line never becomes the request's origin.
 *   Only `http` and `https` name a resource here; another scheme is a 400.
 * - asterisk-form, `*`: only meaningful for OPTIONS, asking what the server as a whole supports
 *   (RFC 9110 §9.3.7). `OPTIONS *` answers 204 with the methods in `Allow`; any other method with `*`
 *   names no resource: 400.
 * - authority-form, `host:port`: CONNECT only; Node answers it itself (this server has no `connect`
 *   listener, so the connection is closed), and its parser refuses it with any other method.
 *
 * Returns true when it has answered the request itself.
 */
export function originFormTarget(req: IncomingMessage, res: ServerResponse, headers: OutgoingHttpHeaders): boolean {
  const target = req.url ?? "";
  if (target.startsWith("/")) return false;
  if (target === "*" && req.method === "OPTIONS") {
    res.writeHead(204, { ...headers, Allow: SERVER_METHODS, "Content-Length": 0 });
    res.end();
    return true;
  }
  const absolute = ABSOLUTE_FORM.exec(target);
  if (!absolute) {
    refuse(
      res,
      headers,
      target === "*" ? "The request target * is only for OPTIONS" : "The request target is not an address on this site",
    );
    return true;
  }
  const rest = target.slice(absolute[0].length);
  req.url = rest.startsWith("/") ? rest : `/${rest}`;
  return false;
}

/** The methods some resource of this site takes (the pages: GET, HEAD, POST; the JSON API also PATCH and DELETE). */
const SERVER_METHODS = "GET, HEAD, POST, PATCH, DELETE, OPTIONS";

/** `http://` or `https://` and the authority, up to the path, the query or the end. */
const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*/i;

function refuse(res: ServerResponse, headers: OutgoingHttpHeaders, message: string) {
  const body = JSON.stringify({ success: false, message, errors: { target: message } });
  res.writeHead(400, {
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
  });
  res.end(body);
}
