import { createHash } from "node:crypto";

/**
 * Keeps secrets that travel in addresses out of the logs (docs/security.md).
 * A reset or verification link, a calendar feed address and a chat session id
 * each let whoever reads them in. Request logs show where a request went with
 * those parts replaced by `[redacted]`.
 */

export const REDACTED = "[redacted]";

/** Query parameters whose value is a credential: reset/verify links, socket.io's session id, OAuth-style callbacks. */
const SECRET_PARAMS = new Set([
  "token",
  "sid",
  "access_token",
  "code",
  "key",
  "sig",
  "signature",
  "secret",
  "password",
]);

const decode = (part: string) => {
  try {
    return decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    return part;
  }
};
/** How the router reads a segment (decoded, case-insensitive), so `/%63alendar/…` and `/Calendar/…` are caught too. */
const segmentName = (segment: string | undefined) =>
  segment === undefined ? undefined : decode(segment).toLowerCase();

function redactPath(path: string): string {
  const segments = path.split("/");
  const first = segments.findIndex((s) => s !== "");
  if (first < 0) return path;
  const name = segmentName(segments[first]);
  // /calendar/<feedId>.<signature>.ics: the whole rest of the address is the key.
  if (name === "calendar" && segments.length > first + 1) return [...segments.slice(0, first + 1), REDACTED].join("/");
  // /appointments/<token>[/…]: a customer's link to their appointment; /unsubscribe/<token>: their address's choice;
  // /estimates/<token>[/deposit]: the estimate they approve; /invoices/<token>[/pay]: the invoice they pay;
  // /membership/<token>: a plan's member's page.
  if (
    (name === "appointments" ||
      name === "unsubscribe" ||
      name === "estimates" ||
      name === "invoices" ||
      name === "membership") &&
    segments[first + 1]
  )
    segments[first + 1] = REDACTED;
  // /api/chat/<sessionId>/…: the session id reads the transcript (POST /api/chat/session names no session).
  if (name === "api" && segmentName(segments[first + 1]) === "chat") {
    const id = segments[first + 2];
    const isCreate = segmentName(id) === "session" && segments.length === first + 3;
    if (id && !isCreate) segments[first + 2] = REDACTED;
  }
  return segments.join("/");
}

function redactQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const key = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_PARAMS.has(decode(key).trim().toLowerCase()) ? `${key}=${REDACTED}` : pair;
    })
    .join("&");
}

/**
 * A request address fit for a log line: secret query values (`token`, `sid`, …)
 * and the secret path segments of `/calendar/…`, `/api/chat/<id>/…`,
 * `/appointments/<token>`, `/unsubscribe/<token>`, `/estimates/<token>`, `/invoices/<token>` and `/membership/<token>`
 * become `[redacted]`. Never throws.
 */
export function redactUrl(url: string): string {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? "";
  const rest = url.slice(origin.length);
  const hashAt = rest.indexOf("#");
  const withoutHash = hashAt < 0 ? rest : rest.slice(0, hashAt);
  const queryAt = withoutHash.indexOf("?");
  const path = queryAt < 0 ? withoutHash : withoutHash.slice(0, queryAt);
  const query = queryAt < 0 ? undefined : withoutHash.slice(queryAt + 1);
  return origin + redactPath(path) + (query === undefined ? "" : `?${redactQuery(query)}`);
}

/**
 * A stable, non-reversible reference to a secret (the first 12 hex characters
 * of its SHA-256), so log lines about one chat can be told apart and matched
 * without the log ever holding the session id itself.
 */
export function secretRef(secret: string): string {
  return createHash("sha256").update(secret).digest("hex").slice(0, 12);
}
