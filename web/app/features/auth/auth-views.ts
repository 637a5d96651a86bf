import type { AuthIntent } from "@app/shared/api/auth-rules";

/**
 * The /login card's views (docs/product.md#sign-in-page): log in, register, and password reset in
 * two steps, request (email) and reset (token and new password). The address
 * names the view, so each is a plain link without JavaScript:
 * `/login`, `/login?view=register`, `/login?view=reset`,
 * `/login?view=reset&step=token`, and `/login?token=…` (the emailed link).
 */
export type AuthView = "login" | "register" | "reset-request" | "reset";

export function viewFromSearch(search: URLSearchParams): AuthView {
  if (search.get("token")) return "reset";
  switch (search.get("view")) {
    case "register":
      return "register";
    case "reset":
      return search.get("step") === "token" ? "reset" : "reset-request";
    default:
      return "login";
  }
}

export const viewHref: Record<AuthView, string> = {
  login: "/login",
  register: "/login?view=register",
  "reset-request": "/login?view=reset",
  reset: "/login?view=reset&step=token",
};

/** The view whose form posts an intent (where its errors are shown). */
const viewOfIntent: Record<AuthIntent, AuthView> = {
  login: "login",
  register: "register",
  "request-reset": "reset-request",
  reset: "reset",
};

/** The view a successful form leads to: a sent reset email to the token step, a reset to logging in. */
const viewAfterSuccess: Record<AuthIntent, AuthView> = {
  login: "login",
  register: "register",
  "request-reset": "reset",
  reset: "login",
};

/** The view a post's answer shows: after a success the view it leads to, after a refusal the form's own. */
export function viewOfAnswer(answer: { ok: boolean; intent: AuthIntent }): AuthView {
  return (answer.ok ? viewAfterSuccess : viewOfIntent)[answer.intent];
}

export { ENHANCED_FIELD } from "~/utils/enhanced-field";

/** After a sign-in with JavaScript the card shows its notice this long, then goes on (docs/product.md#sign-in-page). */
export const SIGNED_IN_PAUSE_MS = 1200;

/** Marks the card's Continue link after a sign-in: where the page goes by itself after the pause. */
export const CONTINUE_ATTRIBUTE = "data-continue";

/**
 * Where a user lands after signing in: admins on the dashboard's day (docs/product.md#dashboard), technicians on
 * their day (docs/product.md#technicians-day), everyone else home.
 */
export const landingPage = (role: string) => (role === "admin" ? "/dashboard" : role === "technician" ? "/jobs" : "/");

/**
 * Where a form's sign-in leads: a new account to its account page, which says the confirmation email is on its way
 * and can send it again (docs/product.md#email-confirmation); a login where `landingPage` says.
 */
export const landingAfter = (intent: "login" | "register", role: string) =>
  intent === "register" ? "/account" : landingPage(role);
