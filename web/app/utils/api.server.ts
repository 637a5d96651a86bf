import type { z } from "zod";
import { fieldErrors } from "@app/shared/api/errors";
import { business } from "@app/shared/business";
import { retryAfterHeaders, type Result } from "@app/shared/result";

/**
 * The JSON API conventions (docs/product.md#json-api): JSON in and out, failures as
 * `{ success: false, message, errors? }` with a 4xx status. Handlers throw
 * these responses; `apiHandler` turns anything else into a logged 500.
 */
export function jsonResponse(body: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  const text = JSON.stringify(body);
  // A known length lets small answers skip compression (see web/server/app.ts).
  headers.set("Content-Length", String(Buffer.byteLength(text)));
  return new Response(text, { ...init, headers });
}

export function apiError(
  status: number,
  message: string,
  errors?: Record<string, string>,
  headers?: HeadersInit,
  more: object = {},
) {
  return jsonResponse({ success: false, message, ...(errors ? { errors } : {}), ...more }, { status, headers });
}

/**
 * The JSON API answer for a service's Result: `{ success: true, ...value }`
 * (or what `body` makes of the value) with the result's status, or
 * `{ success: false, message, errors? }` with the failure's status and, on a
 * 429, Retry-After (on a 409 about a window, its `alternatives`; about a technician's time, the
 * technicians free then, `freeTechnicians`). `headers`
 * adds headers to a success (a cookie).
 */
export function apiResult<T>(
  result: Result<T>,
  body: (value: T) => object = (value) => value as object,
  headers?: (value: T) => HeadersInit | undefined,
): Response {
  if (!result.ok) {
    const more = {
      ...(result.alternatives ? { alternatives: result.alternatives } : {}),
      ...(result.freeTechnicians ? { freeTechnicians: result.freeTechnicians } : {}),
    };
    return apiError(result.status, result.message, result.errors, retryAfterHeaders(result), more);
  }
  return jsonResponse(
    { success: true, ...body(result.value) },
    { status: result.status, headers: headers?.(result.value) },
  );
}

/**
 * The body as text. It is bounded already: the server read it, 1 MB at most,
 * before any route ran (`bodyLimit`, web/server/security.ts), and answered
 * 413 itself past that.
 */
async function readBodyText(request: Request): Promise<string> {
  return request.text();
}

/** Parses a JSON object body; 400 for anything that is not one. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const text = await readBodyText(request);
  if (!text.trim()) throw apiError(400, "Request body must be a JSON object", { _: "Empty body" });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw apiError(400, "Malformed JSON in request body", { _: "Malformed JSON" });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw apiError(400, "Request body must be a JSON object", { _: "Expected an object" });
  }
  assertPlainText(value);
  return value as Record<string, unknown>;
}

/** How deeply a JSON body may nest objects and arrays; the deepest the API takes is 2 (a push subscription's `keys`). */
export const MAX_JSON_DEPTH = 20;

/**
 * PostgreSQL text cannot hold U+0000, and no person types it: refuse it up
 * front with a 400 rather than letting the insert fail. A body nested deeper
 * than MAX_JSON_DEPTH is refused too (400): no payload of the API nests like
 * that. The walk keeps its own stack (a deep body cannot overflow the call
 * stack) and names a field only when refusing (no path is built per value),
 * so even a 1 MB body is walked in linear time.
 */
export function assertPlainText(value: unknown): void {
  /** A container still to look into: where it is (its parent and its key there) and how deep. */
  interface Container {
    value: object;
    depth: number;
    parent: Container | null;
    key: string | number;
  }
  const path = (at: Container | null, last?: string | number) => {
    const keys: Array<string | number> = last === undefined ? [] : [last];
    for (let c = at; c?.parent; c = c.parent) keys.push(c.key);
    return keys.reverse().join(".") || "_";
  };
  const nul = (at: Container | null, key?: string | number) =>
    apiError(400, "Text contains characters that are not allowed", { [path(at, key)]: "Contains a NUL character" });
  /** Looks at one value inside `parent`: a string is checked now, a container is kept for later. */
  const visit = (child: unknown, parent: Container | null, key: string | number) => {
    if (typeof child === "string") {
      if (child.includes("\u0000")) throw nul(parent, key);
    } else if (child !== null && typeof child === "object") {
      const depth = (parent?.depth ?? 0) + 1;
      const container: Container = { value: child, depth, parent, key };
      if (depth > MAX_JSON_DEPTH)
        throw apiError(400, "Request body is nested too deeply", {
          [path(container)]: `Nested deeper than ${MAX_JSON_DEPTH} levels`,
        });
      stack.push(container);
    }
  };
  const stack: Container[] = [];
  visit(value, null, "");
  for (let container = stack.pop(); container; container = stack.pop()) {
    const current = container.value;
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) visit(current[i], container, i);
      continue;
    }
    for (const key in current) {
      if (!Object.hasOwn(current, key)) continue;
      if (key.includes("\u0000")) throw nul(container);
      visit((current as Record<string, unknown>)[key], container, key);
    }
  }
}

/** Validates with a zod schema; 400 with field errors when it does not fit. */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
  message = "Please correct the highlighted fields",
): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw apiError(400, message, fieldErrors(result.error));
  return result.data;
}

/** Wraps a resource-route handler: thrown responses pass through, anything else is a logged 500. */
export async function apiHandler(
  context: { logger?: { error: (obj: unknown, msg: string) => void } },
  fn: () => Promise<Response>,
): Promise<Response> {
  const started = performance.now();
  let response: Response;
  try {
    response = await fn();
  } catch (thrown) {
    if (thrown instanceof Response) response = thrown;
    else if (isDatabaseUnavailable(thrown)) {
      context.logger?.error({ err: (thrown as Error).message }, "database unavailable");
      response = apiError(
        503,
        `We can't take requests online for a moment. Please try again shortly or call us at ${business.phone}.`,
        undefined,
        {
          "Retry-After": "30",
        },
      );
    } else {
      context.logger?.error({ err: thrown }, "unhandled API error");
      response = apiError(500, "Something went wrong on our side. Please try again or call us.");
    }
  }
  // How long the handler took, for browsers' dev tools and `npm run bench`.
  try {
    response.headers.append("Server-Timing", `app;dur=${(performance.now() - started).toFixed(1)}`);
  } catch {
    /* immutable headers (e.g. a redirect): skip */
  }
  return response;
}

export function methodNotAllowed(allowed: string[]) {
  return apiError(405, "Method not allowed", undefined, { Allow: allowed.join(", ") });
}

/**
 * Connection-level database failures (down, restarting, pool exhausted): a 503, not a bug. A pool
 * exhausted shows as P2024 for a query and P2028 for a transaction that could not start in time
 * (a burst queued behind the pool for longer than POOL_WAIT_MS, packages/shared/src/db.server.ts).
 */
function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e && typeof e === "object" && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === "string" &&
      ["P1001", "P1002", "P1008", "P1017", "P2024", "P2028", "ECONNREFUSED", "ECONNRESET", "57P01", "57P03"].includes(
        code,
      )
    )
      return true;
    if (
      typeof message === "string" &&
      /ECONNREFUSED|Connection terminated|connect ECONN|the database system is (starting up|shutting down)|terminating connection/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}
