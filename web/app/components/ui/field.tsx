import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import {
  forwardRef,
  type InputHTMLAttributes,
  type LabelHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { cn } from "~/utils/cn";

const control =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive sm:text-sm";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  ({ className, ...props }, ref) => <input ref={ref} className={cn(control, "h-11", className)} {...props} />,
);
Input.displayName = "Input";

const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  ({ className, ...props }, ref) => <textarea ref={ref} className={cn(control, "min-h-24", className)} {...props} />,
);
Textarea.displayName = "Textarea";

export const NativeSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  ({ className, ...props }, ref) => <select ref={ref} className={cn(control, "h-11", className)} {...props} />,
);
NativeSelect.displayName = "NativeSelect";

/** A label names its control by id (htmlFor), so the pair stays linked wherever the control is rendered. */
export function Label({ className, htmlFor, ...props }: LabelHTMLAttributes<HTMLLabelElement> & { htmlFor: string }) {
  return <label htmlFor={htmlFor} className={cn("block text-sm font-medium text-slate-800", className)} {...props} />;
}

/** What a control of a Field carries: the ids of its error and hint, and whether it is invalid. */
interface ControlAria {
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** A form field's metadata (Conform's `fields.x`, utils/schema-form.ts). */
export type FieldMeta = FieldMetadata<unknown>;

/**
 * A labelled control with its hint and its first error beside it, wired with aria-describedby /
 * aria-invalid under Conform's ids (`field.errorId`, `field.descriptionId`). `required` (the
 * asterisk) comes from the schema; `error` shows another field's error here (a control whose
 * value the schema reads under another name).
 */
function Field({
  field,
  label,
  error = field.errors?.[0],
  hint,
  required = field.required,
  children,
}: {
  field: FieldMeta;
  label: string;
  error?: string;
  hint?: string;
  /** Whether it is marked required: the schema's say, unless the schema reads this control's value under another name. */
  required?: boolean;
  children: (aria: ControlAria) => ReactNode;
}) {
  const describedBy =
    [error ? field.errorId : null, hint ? field.descriptionId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={field.id}>
        {label}
        {required ? (
          <span aria-hidden="true" className="text-destructive">
            {" "}
            *
          </span>
        ) : null}
      </Label>
      {children({ "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={field.descriptionId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={field.errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface FieldProps {
  field: FieldMeta;
  label: string;
  hint?: string;
  error?: string;
}

type TextType = "text" | "email" | "tel" | "password" | "date" | "time" | "search";

/**
 * A text input for a form field: its name, id, constraints (required, minLength, maxLength) and
 * starting value from Conform (`getInputProps`), everything else as given.
 */
export const TextField = forwardRef<
  HTMLInputElement,
  FieldProps & { type?: TextType } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id">
>(({ field, label, hint, error, type = "text", ...input }, ref) => (
  <Field field={field} label={label} hint={hint} error={error} required={input.required}>
    {(aria) => <Input ref={ref} {...getInputProps(field, { type, ariaAttributes: false })} {...aria} {...input} />}
  </Field>
));
TextField.displayName = "TextField";

/** A textarea for a form field (`getTextareaProps`). */
export function TextareaField({
  field,
  label,
  hint,
  error,
  ...textarea
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id">) {
  return (
    <Field field={field} label={label} hint={hint} error={error}>
      {(aria) => <Textarea {...getTextareaProps(field, { ariaAttributes: false })} {...aria} {...textarea} />}
    </Field>
  );
}

/** A menu for a form field (`getSelectProps`); its options are the children. */
export function SelectField({
  field,
  label,
  hint,
  error,
  ...select
}: FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id">) {
  return (
    <Field field={field} label={label} hint={hint} error={error} required={select.required}>
      {(aria) => <NativeSelect {...getSelectProps(field, { ariaAttributes: false })} {...aria} {...select} />}
    </Field>
  );
}
