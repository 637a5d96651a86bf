// Temporary: the actions not yet converted to utils/action.server.ts use this; removed once every action is.
import { data } from "@remix-run/node";
import type { WindowJson } from "@app/shared/scheduling";
import { retryAfterHeaders, type FieldErrors, type Result } from "./result";

/**
 * A page action's data for a service's Result: `{ ok: true, ...value }` or
 * `{ ok: false, message, errors? }`, each with the page's own `extra` (the
 * intent, the values to refill a form with). `status: "failure"` answers a
 * refusal with its status (and Retry-After); `status: 200` keeps every answer
 * a 200, for pages whose forms show refusals as ordinary content.
 */
export function actionData<T extends object = never, E extends object = object>(
  result: Result<T>,
  extra: E = {} as E,
  options: { status: "failure" | 200 } = { status: "failure" },
) {
  if (result.ok) return data({ ...result.value, ...extra, ok: true as const });
  const body = {
    ...extra,
    ok: false as const,
    message: result.message,
    ...(result.errors ? { errors: result.errors } : {}),
    ...(result.alternatives ? { alternatives: result.alternatives } : {}),
  } as E & {
    ok: false;
    message: string;
    errors?: FieldErrors;
    alternatives?: WindowJson[];
  };
  return options.status === 200
    ? data(body)
    : data(body, { status: result.status, headers: retryAfterHeaders(result) });
}
