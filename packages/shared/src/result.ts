import type { z } from "zod";
import { fieldErrors } from "./api/errors";
import type { TechnicianChoice } from "./scheduling/technicians";
import type { WindowJson } from "./scheduling/windows";

/**
 * What every service answers (the booking and scheduling domains, ./booking and ./scheduling, and
 * web/app/features/*.server.ts): a value, or a refusal with its status, message and field errors.
 * One adapter turns it into the JSON API answer (`apiResult`, web/app/utils/api.server.ts), another
 * into a page action's answer (`answer`, web/app/utils/action.server.ts); see
 * docs/product.md#json-api for the JSON shape, `{ success: false, message, errors? }`.
 */
export type FieldErrors = Record<string, string>;

export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429 | 500 | 503;

export interface Failure {
  ok: false;
  status: FailureStatus;
  message: string;
  /** `{ field: message }`: what the form shows beside each field. */
  errors?: FieldErrors;
  /** Seconds, for a 429 (the Retry-After header). */
  retryAfter?: number;
  /** For a 409 about an arrival window: the next open windows, soonest first. */
  alternatives?: WindowJson[];
  /** For a 409 about a technician's time (staff moving a visit): the technicians free then instead. */
  freeTechnicians?: TechnicianChoice[];
}

export interface Success<T> {
  ok: true;
  value: T;
  /** The JSON answer's status when not 200 (201 created, 202 accepted). */
  status?: 200 | 201 | 202;
}

export type Result<T> = Success<T> | Failure;

export function success<T>(value: T, status?: Success<T>["status"]): Success<T> {
  return status ? { ok: true, value, status } : { ok: true, value };
}

export function failure(
  status: FailureStatus,
  message: string,
  extra: {
    errors?: FieldErrors;
    retryAfter?: number;
    alternatives?: WindowJson[];
    freeTechnicians?: TechnicianChoice[];
  } = {},
): Failure {
  return {
    ok: false,
    status,
    message,
    ...(extra.errors ? { errors: extra.errors } : {}),
    ...(extra.retryAfter ? { retryAfter: extra.retryAfter } : {}),
    ...(extra.alternatives ? { alternatives: extra.alternatives } : {}),
    ...(extra.freeTechnicians ? { freeTechnicians: extra.freeTechnicians } : {}),
  };
}

const INVALID_INPUT_MESSAGE = "Please correct the highlighted fields";

/** A 400 with the field errors of a zod error. */
export function invalid(error: z.ZodError, message = INVALID_INPUT_MESSAGE): Failure {
  return failure(400, message, { errors: fieldErrors(error) });
}

/** A 429 with the seconds to wait. */
export function throttled(retryAfter: number, message: string): Failure {
  return failure(429, message, { retryAfter });
}

/** The Retry-After header of a failure, when it has one. */
export function retryAfterHeaders(failure: Failure): Record<string, string> | undefined {
  return failure.retryAfter ? { "Retry-After": String(failure.retryAfter) } : undefined;
}
