import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { z } from "zod";
import { apiError } from "./api.server";
import { readForm } from "./form.server";
import { retryAfterHeaders, type Failure, type FieldErrors, type Result } from "@app/shared/result";
import { FORM_LIMITS, rootFieldName } from "@app/shared/api/form-names";
import {
  fieldMessages,
  parseSubmission,
  refusalReply,
  schemaFieldNames,
  type ActionFailure,
  type ActionSuccess,
} from "./schema-form";

/** What a post with no intent, or one this page does not know, is told (400). */
export const UNKNOWN_ACTION = "Unknown action. Please reload the page and try again.";

/** The posted `intent`, as an answer names it (null when there is none). */
export function intentOf(form: FormData): string | null {
  const intent = form.get("intent");
  return typeof intent === "string" ? intent : null;
}

/**
 * The one way a page action reads and answers a form (utils/schema-form.ts has the page's
 * side): `readForm` (utils/form.server.ts: 415 / 400 for what no browser sends) →
 * `parseSubmission` with the form's shared schema, as the browser parsed it → the service
 * (features/*.server.ts, the same work as the JSON API) → an `ActionResult` with Conform's
 * `submission.reply()`:
 *
 * - `refused(submission)`: the schema refused the form (400), its field errors and values back;
 * - `answer(submission, result)`: a service's Result: `{ ok: true, message, ...data }` (the form
 *   starts afresh, or with `keepValues` keeps what was sent until the visitor is done with it), or
 *   its refusal with its status (and Retry-After, and a taken window's alternatives), the message
 *   as the form's error and its field errors beside the fields.
 *
 * `status: 200` keeps every answer a 200, for pages that show refusals as ordinary content.
 */

interface AnswerOptions {
  /** Which of the page's forms was posted (null: the page's only form, or an intent it does not know). */
  intent?: string | null;
  /** "failure" answers a refusal with its status; 200 answers every refusal with 200. */
  status?: "failure" | 200;
  /** Fields never sent back to refill the form (passwords). */
  hideFields?: string[];
}

/** A post the schema read: `readSubmission` or `submissionOf`. */
type Posted = Pick<Submission<unknown>, "reply">;

const INVALID_FORM_MESSAGE = "Please correct the highlighted fields";

/** The form post, and its submission parsed with `schema`. */
export async function readSubmission<Schema extends z.ZodType>(request: Request, schema: Schema) {
  const form = await readForm(request);
  return { form, submission: submissionOf(form, schema) };
}

/**
 * A form already read, parsed with `schema` (a page whose forms each have their own schema reads
 * the post once, then parses it with the schema of its `intent`). Conform's own fields
 * (`__intent__`, `__state__`) hold JSON; sent by hand and unreadable, the post answers 400 as one
 * that does not parse does (utils/form.server.ts).
 *
 * A path under a name the schema does not have (`zz[3]`, `zz.a`), which no form of the site posts,
 * is refused with 400 before it is parsed or echoed (docs/security.md#forms-of-a-bounded-shape). A
 * plain name the schema lacks is the form's own (its `intent`, a hidden `bookingId` the page reads
 * back from the echo, the fields a preprocess reads), within the bounds every form has.
 */
export function submissionOf<Schema extends z.ZodType>(form: FormData, schema: Schema) {
  const own = schemaFieldNames(schema);
  for (const name of own ? form.keys() : []) {
    const root = rootFieldName(name);
    if (root !== name && !own!.has(root))
      throw apiError(
        400,
        "This form could not be read: it holds a field no form of this page has. Nothing was saved.",
        {
          _: `Unknown field ${JSON.stringify(name.slice(0, FORM_LIMITS.nameLength))}`,
        },
      );
  }
  try {
    return parseSubmission(form, schema);
  } catch {
    throw apiError(400, "The form could not be read: it did not arrive complete. Nothing was saved.", {
      _: "Malformed form data",
    });
  }
}

/** A reply when no form was parsed (an intent the page does not know): the message as the form's error. */
function bareReply(failure: Failure | null): SubmissionResult<string[]> {
  return failure ? refusalReply(failure.message, failure.errors) : {};
}

function failed(submission: Posted | null, refusal: Failure, { intent = null, status, hideFields }: AnswerOptions) {
  const body: ActionFailure = {
    ok: false,
    intent,
    message: refusal.message,
    result: submission
      ? submission.reply({ formErrors: [refusal.message], fieldErrors: fieldMessages(refusal.errors), hideFields })
      : bareReply(refusal),
    at: Date.now(),
    ...(refusal.alternatives ? { alternatives: refusal.alternatives } : {}),
    ...(refusal.freeTechnicians ? { freeTechnicians: refusal.freeTechnicians } : {}),
  };
  return status === 200 ? data(body) : data(body, { status: refusal.status, headers: retryAfterHeaders(refusal) });
}

type Refusal = { error?: Record<string, string[] | null> | null };

/** Each refused field's first message, `{ field: message }`. */
export function errorMessages(submission: Refusal): FieldErrors {
  return Object.fromEntries(
    Object.entries(submission.error ?? {}).flatMap(([name, messages]) => (messages?.[0] ? [[name, messages[0]]] : [])),
  );
}

/** The first message of a refused post: what a form of buttons and hidden fields says of itself. */
export function firstError(submission: Refusal): string | undefined {
  return Object.values(errorMessages(submission))[0];
}

/** The schema refused the post: 400 with its field errors, and the values sent (all but `hideFields`). */
export function refused(submission: Posted, options: AnswerOptions & { message?: string } = {}) {
  return failed(submission, { ok: false, status: 400, message: options.message ?? INVALID_FORM_MESSAGE }, options);
}

/**
 * A service's Result as the page's answer. A success says `message` (or the value's own
 * `message`) and carries `data(value)`, and the form starts afresh (with `keepValues`, it keeps
 * the values sent); a refusal has its status (unless `status: 200`), its message as the form's
 * error and its field errors.
 */
export function answer<T, Data extends object = object>(
  submission: Posted | null,
  result: Result<T>,
  options: AnswerOptions & {
    message?: string | ((value: T) => string);
    data?: (value: T) => Data;
    headers?: HeadersInit;
    /** After a success the form keeps what was sent (the contact form, until "Send another message"). */
    keepValues?: boolean;
  } = {},
) {
  if (!result.ok) return failed(submission, result, options);
  const { value } = result;
  const own = value && typeof value === "object" && "message" in value ? value.message : undefined;
  const message =
    typeof options.message === "function"
      ? options.message(value)
      : (options.message ?? (typeof own === "string" ? own : ""));
  const body: ActionSuccess<Data> = {
    ok: true,
    intent: options.intent ?? null,
    message,
    result: submission ? submission.reply({ resetForm: !options.keepValues }) : { status: "success" },
    at: Date.now(),
    ...((options.data?.(value) ?? {}) as Data),
  };
  return data(body, { headers: options.headers });
}
