import { useRevalidator } from "@remix-run/react";
import { useCallback } from "react";

/**
 * `fetch` for a page's calls to /api/*: JSON, with the session cookie. A 401
 * means the session has ended (expired, revoked, or a password reset
 * elsewhere), so the page data is reloaded and the visitor is shown signed
 * out at once, while the caller still gets the response to handle.
 */
export function useApiFetch() {
  const { revalidate } = useRevalidator();
  return useCallback(
    async (input: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      if (!headers.has("Accept")) headers.set("Accept", "application/json");
      if (init.body !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
      const response = await fetch(input, { credentials: "same-origin", ...init, headers });
      if (response.status === 401) revalidate();
      return response;
    },
    [revalidate],
  );
}
