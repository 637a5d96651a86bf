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
export const viewOfIntent: Record<AuthIntent, AuthView> = {
  login: "login",
  register: "register",
  "request-reset": "reset-request",
  reset: "reset",
};

/** The view a successful form leads to: a sent reset email to the token step, a reset to logging in. */
export const viewAfterSuccess: Record<AuthIntent, AuthView> = {
  login: "login",
  register: "register",
  "request-reset": "reset",
  reset: "login",
};

/** What /login's action answers when it does not redirect. Passwords are never echoed back. */
export type AuthActionData =
  | {
      ok: true;
      intent: AuthIntent;
      view: AuthView;
      /** Where a sign-in leads: a technician's day, else home. */
      home?: string;
    }
  | {
      ok: false;
      intent: AuthIntent;
      view: AuthView;
      /** Absent when the server had nothing to say (an unexpected error): the card shows the fallback of docs/product.md#sign-in-page. */
      message?: string;
      errors?: Record<string, string>;
      values: Record<string, string>;
    };

/** Set to "1" by the page once JavaScript runs: the action may then answer with data instead of redirecting. */
export const ENHANCED_FIELD = "js";

/** Where a user lands after signing in: technicians on their day (docs/product.md#technicians-day), everyone else home. */
export const landingPage = (role: string) => (role === "technician" ? "/jobs" : "/");
