import { isRouteErrorResponse, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";

/** The first wait before trying again, doubled after each failure up to the last. */
const FIRST_WAIT_MS = 1_000;
const LONGEST_WAIT_MS = 30_000;

/**
 * Whether an error may pass by itself: the server unreachable (a failed fetch) or failing (5xx), not
 * a refusal (4xx: not found, not allowed, a form it could not read), which trying again cannot change.
 */
function mayPass(error: unknown): boolean {
  return isRouteErrorResponse(error) ? error.status >= 500 : true;
}

/**
 * For an error boundary: while its error may pass, loads the page's data again (Remix's revalidation)
 * after 1 s, then 2, 4… up to every 30 s, and the page comes back as soon as a load succeeds. A staff
 * page left open all day (the dashboard, the dispatch board) thus survives a deploy's restart or a
 * moment without network, and hears emergencies again, instead of staying on the error page until
 * someone reloads it. Answers whether it is trying.
 */
export function useRetryAfterFailure(error: unknown): boolean {
  const { revalidate } = useRevalidator();
  const [attempt, setAttempt] = useState(0);
  const trying = mayPass(error);
  useEffect(() => {
    if (!trying) return;
    const timer = setTimeout(
      () => {
        setAttempt((n) => n + 1);
        void revalidate();
      },
      Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** attempt),
    );
    return () => clearTimeout(timer);
  }, [trying, attempt, revalidate]);
  return trying;
}
