import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/** What an incoming `X-Request-Id` may be to be kept (a load balancer's or a caller's id); anything else is replaced. */
const REQUEST_ID = /^[\w.:-]{1,100}$/;

/**
 * The request's id: the incoming `X-Request-Id` when it is well formed, else a
 * new UUID. Sent back as `X-Request-Id`, and used by the request log
 * (app.ts) and by the answers kept in memory (static-responses.ts) alike.
 */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers["x-request-id"];
  const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader("X-Request-Id", id);
  return id;
}
