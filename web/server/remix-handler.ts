import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";

export interface RemixHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}

/**
 * Hands a request to Remix and sends its answer. Unlike the Express adapter of
 * Remix, which streams the socket into the Fetch request, the body Remix gets
 * is the one `bodyLimit` (web/server/security.ts) has bounded: the Buffer it read,
 * or, for a staff upload, the stream it counts: no action, loader or parser can
 * read more than the limit.
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
    const body: unknown = req.body;
    if (body instanceof ReadableStream) {
      // A staff upload, counted as it streams (bodyLimit): fetch's streamed request bodies are half duplex.
      Object.assign(init, { body, duplex: "half" });
    } else if (Buffer.isBuffer(body)) {
      init.body = body as Buffer<ArrayBuffer>; // made by Buffer.concat: an ArrayBuffer, never a SharedArrayBuffer
    } else {
      throw new Error(
        "The request body has not been read with its limit: bodyLimit (web/server/security.ts) must run before the Remix handler",
      );
    }
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
  if (response.body) await writeBody(response.body, res);
  else res.end();
}

/**
 * Sends a body as it comes, at the pace the client takes it: the next piece is read only once the
 * last one has left (a streamed CSV export reads its next batch from PostgreSQL then, so a slow
 * client never makes the process hold the file, docs/decisions/022-exports-that-finish.md). A
 * client gone stops the reading; a body that fails ends the answer broken, never as if complete.
 */
async function writeBody(body: ReadableStream<Uint8Array>, res: ExpressResponse) {
  const reader = body.getReader();
  // The compression middleware's flush: each piece goes out as it is written.
  const flushable = res as ExpressResponse & { flush?: () => void };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = res.write(value);
      flushable.flush?.();
      if (!room) await drained(res);
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
    }
    res.end();
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  }
}

/** Until the response can take more, or its client has gone. */
function drained(res: ExpressResponse) {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}
