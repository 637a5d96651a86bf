import type { z } from "zod";
import { fieldErrors } from "@app/shared/api/errors";
import { apiError, jsonResponse } from "~/utils/api.server";
import type { SignedIn } from "./login.server";

/**
 * How the account operations (login, register, request-reset, reset) answer:
 * `{ ok: true, … }` or an AuthFailure, which the API routes turn into the JSON
 * error (docs/product.md#json-api) and the /login action into the form's error state.
 */
export interface AuthFailure {
  ok: false;
  status: 400 | 401 | 403 | 409 | 429;
  message: string;
  errors?: Record<string, string>;
  /** Seconds, for 429. */
  retryAfter?: number;
}

export type Outcome<T extends object = object> = ({ ok: true } & T) | AuthFailure;

const INVALID_INPUT_MESSAGE = "Please correct the highlighted fields";

export function invalidInput(error: z.ZodError): AuthFailure {
  return { ok: false, status: 400, message: INVALID_INPUT_MESSAGE, errors: fieldErrors(error) };
}

export function throttled(retryAfter: number, message: string): AuthFailure {
  return { ok: false, status: 429, message, retryAfter };
}

export function retryAfterHeaders(failure: AuthFailure): HeadersInit | undefined {
  return failure.retryAfter ? { "Retry-After": String(failure.retryAfter) } : undefined;
}

/** The JSON API answer for a failure: `{ success: false, message, errors? }`, with Retry-After on 429. */
export function authFailureResponse(failure: AuthFailure): Response {
  return apiError(failure.status, failure.message, failure.errors, retryAfterHeaders(failure));
}

/**
 * The JSON API answer for a sign-in (login, register): `{ success, token,
 * expiresAt, user, message }`, with the browser's device cookie when login issued one.
 */
export function signedInResponse(signedIn: SignedIn, message: string, init: { status?: number } = {}): Response {
  return jsonResponse(
    { success: true, token: signedIn.token, expiresAt: signedIn.expiresAt.toISOString(), user: signedIn.user, message },
    { status: init.status, headers: signedIn.deviceCookie ? { "Set-Cookie": signedIn.deviceCookie } : undefined },
  );
}

/**
 * Thrown from a remix-auth strategy's verify callback, so `authenticate()`
 * rejects with the failure the page then shows.
 */
export class AuthFailureError extends Error {
  constructor(readonly failure: AuthFailure) {
    super(failure.message);
    this.name = "AuthFailureError";
  }
}
