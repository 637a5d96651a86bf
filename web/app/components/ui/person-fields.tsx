import { getInputProps } from "@conform-to/react";
import { TEXT_CONSENT_LABEL, textConsentWording } from "@app/shared/texts/wording";
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

/**
 * "Text me about my visits" (docs/product.md#texts): unticked until the person ticks it, with the words
 * carriers require beside it (who texts, what for, how often, rates, STOP and HELP). A form shows it only
 * when texts are set up; what the person saw is what the server stores with their consent.
 */
export function TextConsentField({ field }: { field: FieldMeta }) {
  return (
    <div>
      {/* The box inside its label: the box and its words are one target, 44 px high at least. */}
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-900">
        <input
          {...getInputProps(field, { type: "checkbox", value: "on", ariaAttributes: false })}
          aria-describedby={field.descriptionId}
          className="size-5 shrink-0 accent-brand-700"
        />
        {TEXT_CONSENT_LABEL}
      </label>
      <p id={field.descriptionId} className="pl-8 text-xs break-words text-slate-600">
        {textConsentWording()}
      </p>
    </div>
  );
}

/**
 * The staff side's counterpart of "Text me about my visits" (docs/product.md#texts): staff cannot consent for a
 * customer, so the box asks the customer once, by text, whether we may (their YES is their consent).
 */
export function AskToTextField({ field }: { field: FieldMeta }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-900">
      <input
        {...getInputProps(field, { type: "checkbox", value: "on" })}
        className="size-5 shrink-0 accent-brand-700"
      />
      Ask them by text whether we may text them about their visits (once; they reply YES)
    </label>
  );
}
