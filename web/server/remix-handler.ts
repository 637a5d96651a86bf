import {
  createRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";

export interface RemixHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}

/**
 * Hands a request to Remix and sends its answer. Unlike the Express adapter of
 * Remix, which streams the socket into the Fetch request, the body Remix gets
 * is the Buffer `bodyLimit` (web/server/security.ts) has already read and
 * bounded: no action, loader or parser can read more than the limit.
 */
export function createRemixHandler({ build, mode, getLoadContext }: RemixHandlerOptions) {
  const handleRequest = createRequestHandler(build, mode);
  const handle = async (req: ExpressRequest, res: ExpressResponse) => {
    const response = await handleRequest(fetchRequest(req, res), getLoadContext(req, res));
    await sendResponse(res, response);
  };
  // Express 4 does not await handlers: a failure goes to the error handler through next.
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    handle(req, res).catch(next);
  };
}

function fetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  // Loaders and actions stop (request.signal) when the client goes away before its answer is sent.
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    if (!Buffer.isBuffer(req.body))
      throw new Error(
        "The request body has not been read with its limit: bodyLimit (web/server/security.ts) must run before the Remix handler",
      );
    init.body = req.body as Buffer<ArrayBuffer>; // made by Buffer.concat: an ArrayBuffer, never a SharedArrayBuffer
  }
  return new Request(requestUrl(req), init);
}

/**
 * The address as the client asked for it. `req.protocol` and `req.hostname`
 * follow X-Forwarded-Proto and X-Forwarded-Host only from a trusted proxy
 * (`trust proxy`, web/server/app.ts) but drop the port: it is taken from
 * X-Forwarded-Host when that names the same host, else from Host.
 * `originalUrl` is the path and query as sent (joined as text: a path such as
 * `//x` must stay a path); it is always a path, as the server's listener makes
 * every request target one before any layer runs (web/server/request-target.ts).
 */
function requestUrl(req: ExpressRequest) {
  const hostname = req.hostname || "localhost";
  const forwarded = req.get("x-forwarded-host")?.split(",")[0]?.trim();
  const port = [forwarded, req.get("host")]
    .map((host) => (host?.startsWith(hostname) ? host.slice(hostname.length) : undefined))
    .find((rest) => rest !== undefined && /^(:\d+)?$/.test(rest));
  return `${req.protocol}://${hostname}${port ?? ""}${req.originalUrl}`;
}

async function sendResponse(res: ExpressResponse, response: Response) {
  if (response.statusText) res.statusMessage = response.statusText;
  res.status(response.status);
  // Set-Cookie is appended (a response may carry several); any other header a page sets replaces the server's
  // default (the emailed links' pages answer `Referrer-Policy: no-referrer`, web/app/features/appointments/private-link.ts).
  for (const [name, value] of response.headers) {
    if (name.toLowerCase() === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
