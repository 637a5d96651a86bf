import { z } from "../zod";
import { personName } from "./fields";
import {
  authMessages as m,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  TOKEN_MAX_LENGTH,
} from "./auth-rules";

/**
 * Account payloads (docs/product.md#accounts-and-sessions), checked identically by the /login page
 * (in the browser through Conform, then by its action) and the /api/auth/*
 * routes. Unknown keys, such as a `role` someone adds to a registration, are dropped.
 */

const email = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(EMAIL_MAX_LENGTH, m.emailTooLong)
  .pipe(z.email(m.emailInvalid))
  // Stored and looked up lower-cased, so an address is unique whatever its case.
  .transform((value) => value.toLowerCase());

// Never trimmed: spaces are part of a password.
const password = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, m.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, m.passwordTooLong);

const token = z.string({ error: m.tokenRequired }).trim().min(1, m.tokenRequired).max(TOKEN_MAX_LENGTH, m.tokenTooLong);

/**
 * The confirmation is typed on the page but API clients need not send it:
 * the page schemas require it, the API schemas check it only when present.
 */
const confirmationRequired = z.string({ error: m.confirmRequired }).min(1, m.confirmRequired);
const confirmationOptional = z.string({ error: m.passwordsDoNotMatch }).optional();

function passwordsMatch(value: { password: string; confirmPassword?: string }, ctx: z.RefinementCtx) {
  if (value.confirmPassword && value.confirmPassword !== value.password) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: m.passwordsDoNotMatch });
  }
}

export const loginSchema = z.object({ email, password });

/**
 * Where /login sends a user back once signed in (`?redirectTo=`, posted again by its forms,
 * docs/product.md#sign-in-page): a path of this site only, "/account?tab=1", never another origin
 * ("//evil.example", "/\\evil.example", "https://…"), nothing the browser would read as a scheme
 * or a host, no control characters. Anything else is ignored (the user lands where they would have).
 */
export const redirectToSchema = z
  .string()
  .max(2_000)
  .refine(
    (path) =>
      path.startsWith("/") &&
      !path.startsWith("//") &&
      // eslint-disable-next-line no-control-regex -- control characters are what it refuses
      !/[\\\u0000-\u001f\u007f]/.test(path) &&
      new URL(path, "http://this.invalid").origin === "http://this.invalid",
    "Not a path of this site",
  );

/** A safe `redirectTo`, or null. */
export function safeRedirectTo(value: unknown): string | null {
  const parsed = redirectToSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The sign-in page that returns to `path` afterwards: "/login?redirectTo=%2Faccount". */
export const loginReturningTo = (path: string) =>
  path === "/" || !safeRedirectTo(path) ? "/login" : `/login?redirectTo=${encodeURIComponent(path)}`;

const registerFields = z.object({
  firstName: personName("First name"),
  lastName: personName("Last name"),
  email,
  password,
});
/** POST /api/auth/register: firstName, lastName, email, password (confirmPassword optional). */
export const registerSchema = registerFields
  .extend({ confirmPassword: confirmationOptional })
  .superRefine(passwordsMatch);
/** The register form on /login, which also carries confirmPassword. */
export const registerFormSchema = registerFields
  .extend({ confirmPassword: confirmationRequired })
  .superRefine(passwordsMatch);

export const requestResetSchema = z.object({ email });

const resetFields = z.object({ token, password });
/** POST /api/auth/reset-password: token, password (confirmPassword optional). */
export const resetPasswordSchema = resetFields
  .extend({ confirmPassword: confirmationOptional })
  .superRefine(passwordsMatch);
/** The reset step on /login: token, new password and its confirmation. */
export const resetPasswordFormSchema = resetFields
  .extend({ confirmPassword: confirmationRequired })
  .superRefine(passwordsMatch);

/** The /login page's forms, by the `intent` each posts (docs/product.md#sign-in-page): the browser and the page's action check each with its schema. */
export const authFormSchemas = {
  login: loginSchema,
  register: registerFormSchema,
  "request-reset": requestResetSchema,
  reset: resetPasswordFormSchema,
} as const;

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
export type RequestResetInput = z.infer<typeof requestResetSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export * from "./auth-rules";
export { HONEYPOT_FIELD } from "./honeypot";

/** POST /api/auth/verify-email: the token from the emailed link. */
export const verifyEmailSchema = z.object({ token });
