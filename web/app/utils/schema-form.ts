import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useMemo, type FormEvent } from "react";
import type { z as zod } from "zod";
import type { TechnicianChoice } from "@app/shared/scheduling/technicians";
import type { WindowJson } from "@app/shared/scheduling/windows";
import { z } from "@app/shared/zod";

/**
 * One form, one way (docs/product.md#site-wide, "Forms"): a shared zod schema
 * (packages/shared/src/api/*) is the form's rules everywhere.
 *
 * - On the page, `useSchemaForm` gives Conform's form and fields: `getFormProps(form)` on the
 *   `<Form>`, `getInputProps(fields.x, …)` on each control (components/ui/field.tsx), so the
 *   browser's own checks (required, maxLength, minLength, the choices of a menu) come from the
 *   schema. Until the page is hydrated those checks apply, and the form posts without
 *   JavaScript; once it is, the schema checks the form on submit, shows each field's first
 *   message beside it and focuses the first invalid field; from then on each field is checked
 *   again as it is typed in, so its message goes as soon as it is right.
 * - In the action, `parseSubmission` parses the same post with the same options
 *   (utils/action.server.ts), and the answer is an `ActionResult` carrying Conform's
 *   `submission.reply()`, which the page gives back to `useSchemaForm` as `lastResult`: the
 *   server's field errors show beside the fields, with the values sent, with or without
 *   JavaScript.
 */

export { ENHANCED_FIELD } from "./enhanced-field";

/**
 * Parses a form post as both the browser and the page's action do: every value as the string it
 * posts (no coercion of empty strings to "missing"), so the browser finds exactly the errors the
 * server would.
 */
export function parseSubmission<Schema extends zod.ZodType>(formData: FormData | URLSearchParams, schema: Schema) {
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}

type Constraint = NonNullable<ReturnType<typeof getZodConstraint>[string]>;
type Lengths = Pick<Constraint, "minLength" | "maxLength">;

/**
 * The browser's checks of a schema's fields: Conform's `getZodConstraint` (required, the choices
 * of an enum), with each text field's `minLength` and `maxLength` read from zod's own
 * `minLength` / `maxLength` of its string schema, which this zod no longer leaves where
 * `getZodConstraint` looks for them. The limits are the schema's, never copied by hand.
 */
export function formConstraint(schema: zod.ZodType): Record<string, Constraint> {
  const constraint: Record<string, Constraint> = { ...getZodConstraint(schema) };
  for (const [name, field] of Object.entries(objectShape(schema))) {
    const lengths = stringLengths(field);
    if (lengths.minLength !== undefined || lengths.maxLength !== undefined)
      constraint[name] = { ...constraint[name], ...lengths };
  }
  return constraint;
}

/**
 * The names of a form schema's fields (`options` for `options[0].name`), or null when the schema
 * takes fields it does not name (a loose object) or is no object: what a post may hold beyond them
 * is not the schema's (utils/action.server.ts refuses a path under another name before parsing).
 */
export function schemaFieldNames(schema: zod.ZodType): Set<string> | null {
  const names = Object.keys(objectShape(schema));
  return names.length > 0 && !takesOtherKeys(schema) ? new Set(names) : null;
}

/** Whether an object schema (or a branch of one) keeps keys it does not name (`z.looseObject`, a catchall). */
function takesOtherKeys(schema: zod.ZodType): boolean {
  if (schema instanceof z.ZodObject) {
    const catchall = schema.def.catchall as zod.ZodType | undefined;
    return catchall !== undefined && !(catchall instanceof z.ZodNever);
  }
  if (schema instanceof z.ZodPipe)
    return takesOtherKeys(schema.in as zod.ZodType) || takesOtherKeys(schema.out as zod.ZodType);
  if (schema instanceof z.ZodUnion) return (schema.options as zod.ZodType[]).some((option) => takesOtherKeys(option));
  return false;
}

/** The fields of an object schema, also behind a preprocess or a pipe, or of each branch of a union. */
function objectShape(schema: zod.ZodType): Record<string, zod.ZodType> {
  if (schema instanceof z.ZodObject) return schema.shape;
  if (schema instanceof z.ZodPipe)
    return { ...objectShape(schema.in as zod.ZodType), ...objectShape(schema.out as zod.ZodType) };
  if (schema instanceof z.ZodUnion)
    return Object.assign({}, ...(schema.options as zod.ZodType[]).map((option) => objectShape(option))) as Record<
      string,
      zod.ZodType
    >;
  return {};
}

/** A text field's length bounds: its string schema's, through optional, default and pipes (a trimmed text piped into an email check). */
function stringLengths(schema: zod.ZodType): Lengths {
  if (schema instanceof z.ZodString) {
    const { minLength, maxLength } = schema;
    return {
      ...(minLength !== null ? { minLength } : {}),
      ...(maxLength !== null ? { maxLength } : {}),
    };
  }
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return stringLengths(schema.unwrap() as zod.ZodType);
  if (schema instanceof z.ZodPipe) {
    const [input, output] = [stringLengths(schema.in as zod.ZodType), stringLengths(schema.out as zod.ZodType)];
    return { ...output, ...input };
  }
  return {};
}

/**
 * What every page action answers (utils/action.server.ts), for the page and for its form: one
 * shape for the one-form pages and the many-form ones (`intent` says which form was posted).
 */
interface ActionAnswer {
  /** The posted form's `intent` (pages with several forms); null for a page's only form, or an intent the page does not know. */
  intent: string | null;
  /** What the page says: the notice after a success, the reason of a refusal. */
  message: string;
  /**
   * Conform's reply to the form (`submission.reply()`), for `useSchemaForm`'s `lastResult`: the
   * field errors and the form's error (the refusal), with the values sent to show again; after a
   * success, none (the form starts afresh), or the values sent when the action keeps them.
   */
  result: SubmissionResult<string[]>;
  /** When it was answered (ms): two equal answers are still two. */
  at: number;
}

export type ActionSuccess<Data extends object = object> = ActionAnswer & { ok: true } & Data;

export interface ActionFailure extends ActionAnswer {
  ok: false;
  /** Set by a route's clientAction when the post got no answer from the server (utils/server-unreachable.ts). */
  unreachable?: true;
  /** For a window taken meanwhile (409): the next open windows, soonest first. */
  alternatives?: WindowJson[];
  /** For a technician who has another visit then (a move, 409): the technicians free then instead. */
  freeTechnicians?: TechnicianChoice[];
}

export type ActionResult<Data extends object = object> = ActionSuccess<Data> | ActionFailure;

/** `{ field: message }` as Conform's `{ field: [message] }`. */
export function fieldMessages(errors: Partial<Record<string, string>> = {}): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).flatMap(([name, message]) => (message === undefined ? [] : [[name, [message]]])),
  );
}

/**
 * A refusal in Conform's shape when there is no submission to reply from: the message as the form's
 * error, and each field's own, those fields marked checked, so each message goes as soon as its
 * field is put right (`useSchemaForm` checks a checked field again as it is typed in).
 */
export function refusalReply(message: string, errors?: Partial<Record<string, string>>): SubmissionResult<string[]> {
  const fieldErrors = fieldMessages(errors);
  return {
    status: "error",
    error: { "": [message], ...fieldErrors },
    state: { validated: Object.fromEntries(Object.keys(fieldErrors).map((name) => [name, true])) },
  };
}

/** Whether a refusal named fields (shown beside them), beyond the form's own error. */
export function hasFieldErrors(answer: ActionResult): boolean {
  return Object.keys(answer.result.error ?? {}).some((name) => name !== "");
}

/** A schema's form fields: its input's keys (a schema whose input is not an object gives its own shape). */
type FormShape<Schema extends zod.ZodType> =
  zod.input<Schema> extends Record<string, unknown> ? zod.input<Schema> : Record<string, unknown>;

export interface SchemaFormOptions<Shape extends Record<string, unknown>> {
  /** The form's id (also Conform's, and the prefix of its fields' ids): unique on the page. */
  id: string;
  /** The action's reply (`ActionResult.result`) to this form's last post. */
  lastResult?: SubmissionResult<string[]> | null;
  /** The values the form starts with. */
  defaultValue?: NoInfer<DefaultValue<Shape>>;
  /**
   * When to check a field again once it has been checked (after a submit, or the server's reply):
   * on every keystroke (the default, so a field's message goes as soon as the field is right), on
   * leaving it, or only on the next submit.
   */
  shouldRevalidate?: "onInput" | "onBlur" | "onSubmit";
  /** Called for a valid form; call `event.preventDefault()` to send it yourself. */
  onValid?: (event: FormEvent<HTMLFormElement>, formData: FormData) => void;
}

/** Conform's `useForm` for a form whose rules are `schema`: `[form, fields]`. */
export function useSchemaForm<Schema extends zod.ZodType, Shape extends Record<string, unknown> = FormShape<Schema>>(
  schema: Schema,
  { id, lastResult, defaultValue, shouldRevalidate = "onInput", onValid }: SchemaFormOptions<Shape>,
) {
  const constraint = useMemo(() => formConstraint(schema), [schema]);
  return useForm<Shape, zod.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    constraint,
    // Until hydration the browser's own checks apply; Conform turns them off once it runs.
    defaultNoValidate: false,
    shouldValidate: "onSubmit",
    shouldRevalidate,
    onValidate: ({ formData }) => parseSubmission(formData, schema),
    onSubmit: onValid ? (event, { formData }) => onValid(event, formData) : undefined,
  });
}
