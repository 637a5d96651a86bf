import { TextField, type FieldMeta } from "./field";

/**
 * The fields several forms ask of a person, written once: their look, type and autocomplete
 * here, their rules and limits in the form's shared schema (packages/shared/src/api/fields.ts).
 */

/** First and last name (contact, register): two cells of the form's grid. */
export function NameFields({ first, last }: { first: FieldMeta; last: FieldMeta }) {
  return (
    <>
      <TextField field={first} label="First name" autoComplete="given-name" />
      <TextField field={last} label="Last name" autoComplete="family-name" />
    </>
  );
}

/** A person's full name in one field (the appointment requests). */
export function FullNameField({ field, label = "Full name" }: { field: FieldMeta; label?: string }) {
  return <TextField field={field} label={label} autoComplete="name" />;
}

export function EmailField({
  field,
  label = "Email",
  autoComplete = "email",
  hint,
  readOnly,
}: {
  field: FieldMeta;
  label?: string;
  autoComplete?: string;
  hint?: string;
  readOnly?: boolean;
}) {
  return (
    <TextField field={field} type="email" label={label} autoComplete={autoComplete} hint={hint} readOnly={readOnly} />
  );
}

export function PhoneField({
  field,
  label = "Phone",
  autoComplete = "tel",
}: {
  field: FieldMeta;
  label?: string;
  autoComplete?: string;
}) {
  return <TextField field={field} type="tel" inputMode="tel" label={label} autoComplete={autoComplete} />;
}

/** A password: never sent back to the page (the actions hide it from their replies). */
export function PasswordField({
  field,
  label,
  autoComplete,
  hint,
}: {
  field: FieldMeta;
  label: string;
  autoComplete: "current-password" | "new-password";
  hint?: string;
}) {
  return <TextField field={field} type="password" label={label} autoComplete={autoComplete} hint={hint} />;
}
