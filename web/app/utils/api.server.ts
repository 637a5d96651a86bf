import type { z } from "zod";
import { fieldErrors } from "@app/shared/api/errors";
import { business } from "@app/shared/business";
import { retryAfterHeaders, type Result } from "./result";

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
 * 429, Retry-After (on a 409 about a window, its `alternatives`). `headers`
 * adds headers to a success (a cookie).
 */
export function apiResult<T>(
  result: Result<T>,
  body: (value: T) => object = (value) => value as object,
  headers?: (value: T) => HeadersInit | undefined,
): Response {
  if (!result.ok) {
    const more = result.alternatives ? { alternatives: result.alternatives } : {};
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
  assertNoNulCharacters(value);
  return value as Record<string, unknown>;
}

/** A form post (bounded like every body) as a plain object of strings (files become empty strings), with the same checks. */
export async function readFormObject(request: Request): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw apiError(400, "Malformed form data");
  }
  const value = Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  assertNoNulCharacters(value);
  return value;
}

/**
 * PostgreSQL text cannot hold U+0000, and no person types it: refuse it up
 * front with a 400 rather than letting the insert fail.
 */
function assertNoNulCharacters(value: unknown, path = ""): void {
  if (typeof value === "string") {
    if (value.includes("\u0000"))
      throw apiError(400, "Text contains characters that are not allowed", {
        [path || "_"]: "Contains a NUL character",
      });
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => assertNoNulCharacters(v, path ? `${path}.${i}` : String(i)));
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      assertNoNulCharacters(k, path);
      assertNoNulCharacters(v, path ? `${path}.${k}` : k);
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

/** Connection-level database failures (down, restarting, pool exhausted): a 503, not a bug. */
function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e: unknown = error; e && typeof e === "object" && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === "string" &&
      ["P1001", "P1002", "P1008", "P1017", "P2024", "ECONNREFUSED", "ECONNRESET", "57P01", "57P03"].includes(code)
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
