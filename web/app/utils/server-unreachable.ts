/**
 * For a route's `shouldRevalidate`: whether the post just made never reached the server (the
 * route's clientAction answered `{ unreachable: true }`, an `ActionFailure` of utils/schema-form.ts).
 * Reloading the page's data would then fail the same way and replace the page, and what the
 * visitor typed, with the error page, so the page keeps its data instead. A module of its own: the
 * root imports it, and every page loads the root's code.
 */
export function serverUnreachable(actionResult: unknown): boolean {
  return typeof actionResult === "object" && actionResult !== null && "unreachable" in actionResult;
}
