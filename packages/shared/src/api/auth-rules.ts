/**
 * The account forms' limits, messages and intents (docs/product.md#sign-in-page), zod-free so
 * pages can import them cheaply. The zod schemas in ./auth.ts are built from
 * them, and are what the server and (through Conform) the browser check.
 */

import { EMAIL_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from "./limits";

export { EMAIL_MAX_LENGTH, PERSON_NAME_MAX_LENGTH };

export const PASSWORD_MIN_LENGTH = 8;
/** Generous, but bounded: argon2 is given nothing unreasonable to hash. */
export const PASSWORD_MAX_LENGTH = 256;
export const TOKEN_MAX_LENGTH = 200;

export const authMessages = {
  emailRequired: "Email is required",
  emailInvalid: "Enter a valid email address",
  emailTooLong: "Email is too long",
  passwordRequired: "Password is required",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `Password is too long (${PASSWORD_MAX_LENGTH} characters at most)`,
  confirmRequired: "Please confirm your password",
  passwordsDoNotMatch: "Passwords do not match",
  tokenRequired: "Reset token is required",
  tokenTooLong: "Reset token is too long",
} as const;

/** The `intent` a /login form posts (docs/product.md#sign-in-page). */
export const authIntents = ["login", "register", "request-reset", "reset"] as const;
export type AuthIntent = (typeof authIntents)[number];

export function isAuthIntent(value: unknown): value is AuthIntent {
  return typeof value === "string" && (authIntents as readonly string[]).includes(value);
}
