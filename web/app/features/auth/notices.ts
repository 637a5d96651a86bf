import type { AuthIntent } from "@app/shared/api/auth-rules";
import { business } from "@app/shared/business";

/** What the /login card says after each form succeeds (docs/product.md#notices-and-toasts). */
export const successNotices: Record<AuthIntent, { title: string; description: string }> = {
  login: { title: "Welcome back!", description: "You have been successfully logged in." },
  register: { title: "Account created!", description: `Welcome to ${business.name}! You are now logged in.` },
  "request-reset": { title: "Reset email sent", description: "Check your email for password reset instructions." },
  reset: { title: "Password reset successful", description: "You can now log in with your new password." },
};

/** What the card says when a form fails and the server gave no message (docs/product.md#sign-in-page). */
export const failureFallbacks: Record<AuthIntent, string> = {
  login: "Login failed",
  register: "Registration failed",
  "request-reset": "Failed to send reset email",
  reset: "Password reset failed",
};

/** The admin pages' guard screen (docs/product.md#staff-pages); requireAdmin sends the same words as its 401 / 403 data. */
export const ACCESS_DENIED_TITLE = "Access Denied";
export const ADMIN_REQUIRED_MESSAGE = "You need admin access to view this page.";

/** The email verification page (/verify-email) and API. */
export const VERIFY_TOKEN_INVALID_MESSAGE =
  "This confirmation link is invalid or has expired. Sign in and ask for a new one from your account page.";
export const VERIFIED_MESSAGE = "Your email is confirmed. Your account now shows your appointments.";
