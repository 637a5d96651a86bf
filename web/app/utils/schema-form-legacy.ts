// Temporary: the pages not yet converted to utils/schema-form.ts use this; removed once every form is.
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo, type FormEvent } from "react";
import type { z } from "zod";

/**
 * A form checked in the browser by the same zod schema the server applies
 * (packages/shared/src/api/*), through Conform: on submit, the fields' first
 * messages appear beside them and the first invalid field takes focus; a
 * valid form submits as it would without JavaScript (or `onValid` takes
 * over). Until the page is hydrated the browser's own checks apply
 * (`required`, `type="email"`, `minLength`), so a form works without
 * JavaScript and the server's errors come back in `serverErrors`.
 */
export interface SchemaFormOptions {
  /** The form's id (also Conform's): unique on the page. */
  id: string;
  /** `{ field: message }` the server answered (after a post without JavaScript, or an API call). */
  serverErrors?: Record<string, string> | null;
  /** When to check a field again once it has been checked: on every keystroke or on the next submit (the default). */
  revalidate?: "onInput" | "onBlur" | "onSubmit";
  /** Called for a valid form; call `event.preventDefault()` to send it yourself. */
  onValid?: (event: FormEvent<HTMLFormElement>, formData: FormData) => void;
}

/**
 * Parses a form as the server's action does: every value as the string it
 * posts (no coercion of empty strings to "missing"), so the browser finds
 * exactly the errors the server would.
 */
function parseForm(formData: FormData, schema: z.ZodType<Record<string, unknown>>) {
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}

/** Field errors in Conform's shape (`{ field: [message] }`), marked as checked so they show. */
function toSubmissionResult(errors: Record<string, string>): SubmissionResult<string[]> {
  return {
    status: "error",
    error: Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, [message]])),
    state: { validated: Object.fromEntries(Object.keys(errors).map((name) => [name, true])) },
  };
}

export function useSchemaForm(
  schema: z.ZodType<Record<string, unknown>>,
  { id, serverErrors, revalidate = "onSubmit", onValid }: SchemaFormOptions,
) {
  const lastResult = useMemo(() => (serverErrors ? toSubmissionResult(serverErrors) : undefined), [serverErrors]);
  const [form, fields] = useForm<Record<string, unknown>>({
    id,
    lastResult,
    // Until hydration the browser's own checks apply; Conform turns them off once it runs.
    defaultNoValidate: false,
    shouldValidate: "onSubmit",
    shouldRevalidate: revalidate,
    onValidate: ({ formData }) => parseForm(formData, schema),
    onSubmit: onValid ? (event, { formData }) => onValid(event, formData) : undefined,
  });
  /** The first message for a field, if any. */
  const error = (name: string): string | undefined => fields[name]?.errors?.[0];
  return { form, error, formProps: { id: form.id, onSubmit: form.onSubmit, noValidate: form.noValidate } };
}
