/**
 * The responses a page's loader or action answers with, for route modules: `data` (a body with
 * a status or headers), `redirect`, and `pageData` (a service's Result as a page's loader data).
 * Route modules are browser code too, so they take these from here, a server module, and never
 * import the Node runtime package themselves; Remix keeps loaders, actions and `*.server` modules
 * out of the browser's build, and Vite's dependency optimizer never meets the package in
 * development (docs/decisions/017-walls-between-layers.md).
 */
import { data } from "@remix-run/node";
import { retryAfterHeaders, type Result } from "@app/shared/result";

export { data, redirect, redirectDocument } from "@remix-run/node";

type NoExtra = Record<never, never>;

/**
 * A page's loader data from its service's Result: `{ ok: true, ...value, ...extra }`, or a refusal
 * the page's problem view shows, `{ ok: false, message, ...extra }` answered with the refusal's
 * status (and its Retry-After, when throttled). `extra` is what the page needs either way (the
 * step it was asked for).
 */
export function pageData<T extends object, E extends object = NoExtra>(result: Result<T>, extra?: E) {
  if (!result.ok)
    return data(
      { ok: false as const, message: result.message, ...(extra as E) },
      { status: result.status, headers: retryAfterHeaders(result) },
    );
  return { ok: true as const, ...result.value, ...(extra as E) };
}
