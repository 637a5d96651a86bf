import { useRevalidator } from "@remix-run/react";
import { useCallback } from "react";

/**
 * The one client of the JSON API (/api/*, docs/product.md#json-api) for the browser's own
 * scripts: JSON in and out, same origin, with the session cookie. Page forms post to their page's
 * action instead (utils/action.server.ts), and a component that needs a page's or a resource
 * route's data reads it with `useFetcher().load`.
 */

export interface ApiInit {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  /** Sent as JSON (a string is taken as JSON already). */
  body?: unknown;
  signal?: AbortSignal;
}

/** `fetch` for the API: the Response, for a caller that reads it itself. */
function apiFetch(path: string, { method = "GET", body, signal }: ApiInit = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return fetch(path, {
    method,
    headers,
    credentials: "same-origin",
    signal,
    body: body === undefined || typeof body === "string" ? body : JSON.stringify(body),
  });
}

/**
 * An API answer: its JSON on success, or the documented refusal `{ success: false, message,
 * errors? }` (`message` null and `errors` empty when the answer had none: a network failure has
 * status null).
 */
export type ApiAnswer<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number | null; message: string | null; errors: Record<string, string>; body: unknown };

/** Calls the API and reads its answer; never rejects (an aborted or failed request is `{ ok: false, status: null }`). */
export async function callApi<T>(path: string, init: ApiInit = {}): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await apiFetch(path, init);
  } catch {
    return { ok: false, status: null, message: null, errors: {}, body: null };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && body !== null) return { ok: true, status: response.status, body: body as T };
  const refusal = (body ?? {}) as { message?: unknown; errors?: unknown };
  return {
    ok: false,
    status: response.status,
    message: typeof refusal.message === "string" ? refusal.message : null,
    errors:
      refusal.errors && typeof refusal.errors === "object" && !Array.isArray(refusal.errors)
        ? (refusal.errors as Record<string, string>)
        : {},
    body,
  };
}

/**
 * `apiFetch` for a page: a 401 means the session has ended (expired, revoked, or a password reset
 * elsewhere), so the page's data is reloaded and the visitor is shown signed out at once, while
 * the caller still gets the response to handle.
 */
export function useApiFetch() {
  const { revalidate } = useRevalidator();
  return useCallback(
    async (path: string, init?: ApiInit) => {
      const response = await apiFetch(path, init);
      if (response.status === 401) revalidate();
      return response;
    },
    [revalidate],
  );
}
