/**
 * The account form rules (docs/product.md#sign-in-page), kept zod-free so the login page can check
 * them in the browser without shipping zod (like ./honeypot.ts). The zod
 * schemas in ./auth.ts, which the server applies to the page and the API,
 * are built from the same limits and messages.
 */

import { EMAIL_MAX_LENGTH, EMAIL_SHAPE, NAME_MAX_LENGTH } from "./limits";

export { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH };

export const PASSWORD_MIN_LENGTH = 8;
/** Generous, but bounded: argon2 is given nothing unreasonable to hash. */
export const PASSWORD_MAX_LENGTH = 256;
export const TOKEN_MAX_LENGTH = 200;

export const authMessages = {
  firstNameRequired: "First name is required",
  firstNameTooLong: "First name is too long",
  lastNameRequired: "Last name is required",
  lastNameTooLong: "Last name is too long",
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

type Values = Record<string, string | undefined>;
type Errors = Record<string, string>;

function checkName(errors: Errors, values: Values, field: "firstName" | "lastName") {
  const value = (values[field] ?? "").trim();
  if (!value) errors[field] = authMessages[`${field}Required`];
  else if (value.length > NAME_MAX_LENGTH) errors[field] = authMessages[`${field}TooLong`];
}

function checkEmail(errors: Errors, values: Values) {
  const value = (values.email ?? "").trim();
  if (!value) errors.email = authMessages.emailRequired;
  else if (value.length > EMAIL_MAX_LENGTH) errors.email = authMessages.emailTooLong;
  else if (!EMAIL_SHAPE.test(value)) errors.email = authMessages.emailInvalid;
}

function checkPassword(errors: Errors, values: Values) {
  const value = values.password ?? "";
  if (!value) errors.password = authMessages.passwordRequired;
  else if (value.length < PASSWORD_MIN_LENGTH) errors.password = authMessages.passwordTooShort;
  else if (value.length > PASSWORD_MAX_LENGTH) errors.password = authMessages.passwordTooLong;
}

function checkConfirmation(errors: Errors, values: Values) {
  const value = values.confirmPassword ?? "";
  if (!value) errors.confirmPassword = authMessages.confirmRequired;
  else if (value !== (values.password ?? "")) errors.confirmPassword = authMessages.passwordsDoNotMatch;
}

/**
 * Field errors (`{ field: message }`, empty when valid) for the values of one
 * /login form, by the same rules the server applies.
 */
export function checkAuthForm(intent: AuthIntent, values: Values): Errors {
  const errors: Errors = {};
  switch (intent) {
    case "login":
      checkEmail(errors, values);
      checkPassword(errors, values);
      break;
    case "register":
      checkName(errors, values, "firstName");
      checkName(errors, values, "lastName");
      checkEmail(errors, values);
      checkPassword(errors, values);
      checkConfirmation(errors, values);
      break;
    case "request-reset":
      checkEmail(errors, values);
      break;
    case "reset": {
      const token = (values.token ?? "").trim();
      if (!token) errors.token = authMessages.tokenRequired;
      else if (token.length > TOKEN_MAX_LENGTH) errors.token = authMessages.tokenTooLong;
      checkPassword(errors, values);
      checkConfirmation(errors, values);
      break;
    }
  }
  return errors;
}
