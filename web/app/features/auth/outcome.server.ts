import { apiResult } from "~/utils/api.server";
import type { Failure, Result } from "@app/shared/result";
import type { SignedIn } from "./login.server";

/**
 * How the account operations (login, register, request-reset, reset) answer:
 * a Result (packages/shared/src/result.ts), which the API routes turn into the JSON answer
 * (docs/product.md#json-api) and the /login action into the form's state.
 */

/**
 * The JSON API answer for a sign-in (login, register): `{ success, token,
 * expiresAt, user, message }`, with the browser's device cookie when login issued one.
 */
export function signedInResponse(result: Result<SignedIn>, message: string): Response {
  return apiResult(
    result,
    (signedIn) => ({
      token: signedIn.token,
      expiresAt: signedIn.expiresAt.toISOString(),
      user: signedIn.user,
      message,
    }),
    (signedIn) => (signedIn.deviceCookie ? { "Set-Cookie": signedIn.deviceCookie } : undefined),
  );
}

/**
 * Thrown from a remix-auth strategy's verify callback, so `authenticate()`
 * rejects with the failure the page then shows.
 */
export class AuthFailureError extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
    this.name = "AuthFailureError";
  }
}
