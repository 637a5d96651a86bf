import { Form } from "@remix-run/react";
import { CheckCircle2, Loader2, Send, TriangleAlert } from "lucide-react";
import { useState, type FormEvent } from "react";
import { CONTACT_SUCCESS_MESSAGE, contactMessageSchema } from "@app/shared/api/contact";
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
} from "@app/shared/api/limits";
import { HONEYPOT_FIELD } from "@app/shared/api/honeypot";
import { contactServiceOptions } from "@app/shared/business";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, Input, NativeSelect, Textarea } from "~/components/ui/field";
import { useBusinessFacts } from "~/utils/business-facts";
import { useSchemaForm } from "~/utils/schema-form";

type Values = Partial<Record<"firstName" | "lastName" | "email" | "phone" | "service" | "message", string>>;

export interface ContactFormProps {
  /** What the server said after a plain (no-JavaScript) post. */
  serverResult?: { ok: true } | { ok: false; message: string; errors?: Record<string, string>; values?: Values };
}

/**
 * The contact form. Without JavaScript it posts to the /contact action. With
 * JavaScript the shared schema (contactMessageSchema) checks it first, then
 * it sends JSON to POST /api/contact, shows the success alert and resets,
 * shows the server's field errors beside the fields, or the failure alert.
 */
export function ContactForm({ serverResult }: ContactFormProps) {
  const business = useBusinessFacts();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<"success" | "failure" | null>(serverResult?.ok ? "success" : null);
  const [serverErrors, setServerErrors] = useState<Record<string, string> | null>(
    serverResult && !serverResult.ok ? (serverResult.errors ?? null) : null,
  );
  const values: Values = serverResult && !serverResult.ok ? (serverResult.values ?? {}) : {};
  const { error: err, formProps } = useSchemaForm(contactMessageSchema, {
    id: "contact-form",
    serverErrors,
    onValid: (event, formData) => void send(event, formData),
  });

  /** Never rejects: a failure shows the failure alert. */
  async function send(event: FormEvent<HTMLFormElement>, formData: FormData) {
    event.preventDefault();
    const form = event.currentTarget;
    setPending(true);
    setOutcome(null);
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        credentials: "include",
        body: JSON.stringify(Object.fromEntries(formData)),
      });
      if (response.ok) {
        form.reset();
        setServerErrors(null);
        setOutcome("success");
        return;
      }
      const data = (await response.json().catch(() => null)) as { errors?: Record<string, string> } | null;
      // A new object each time, so the same errors are shown (and focused) again.
      if (response.status === 400 && data?.errors) return setServerErrors({ ...data.errors });
      setOutcome("failure");
    } catch {
      setOutcome("failure");
    } finally {
      setPending(false);
    }
  }

  return (
    <Form method="post" {...formProps} className="space-y-5" aria-describedby="contact-required-note">
      <div aria-live="polite" role="status" className="empty:hidden">
        {outcome === "success" ? (
          <Alert tone="success" className="flex items-start gap-3">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>{CONTACT_SUCCESS_MESSAGE}</span>
          </Alert>
        ) : null}
        {outcome === "failure" ? (
          <Alert tone="destructive" className="flex items-start gap-3">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>
              Sorry, there was an error submitting your message. Please call us directly at{" "}
              <a className="font-semibold underline" href={business.phoneHref}>
                {business.phone}
              </a>
              .
            </span>
          </Alert>
        ) : null}
      </div>
      {serverResult && !serverResult.ok && !serverResult.errors ? (
        <Alert tone="destructive">{serverResult.message}</Alert>
      ) : null}
      <p id="contact-required-note" className="text-sm text-slate-600">
        Fields marked <span className="text-destructive">*</span> are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="firstName" label="First name" required error={err("firstName")}>
          {(p) => (
            <Input
              {...p}
              name="firstName"
              autoComplete="given-name"
              maxLength={PERSON_NAME_MAX_LENGTH}
              defaultValue={values.firstName}
            />
          )}
        </Field>
        <Field id="lastName" label="Last name" required error={err("lastName")}>
          {(p) => (
            <Input
              {...p}
              name="lastName"
              autoComplete="family-name"
              maxLength={PERSON_NAME_MAX_LENGTH}
              defaultValue={values.lastName}
            />
          )}
        </Field>
        <Field id="email" label="Email" required error={err("email")}>
          {(p) => (
            <Input
              {...p}
              name="email"
              type="email"
              autoComplete="email"
              maxLength={EMAIL_MAX_LENGTH}
              defaultValue={values.email}
            />
          )}
        </Field>
        <Field id="phone" label="Phone" error={err("phone")}>
          {(p) => (
            <Input
              {...p}
              name="phone"
              type="tel"
              autoComplete="tel"
              maxLength={PHONE_MAX_LENGTH}
              defaultValue={values.phone}
            />
          )}
        </Field>
      </div>
      <Field id="service" label="Service needed" error={err("service")}>
        {(p) => (
          <NativeSelect {...p} name="service" defaultValue={values.service ?? ""}>
            <option value="">Select a service (optional)</option>
            {contactServiceOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field
        id="message"
        label="Message"
        required
        error={err("message")}
        hint="Tell us what's going on, where, and the best time to reach you."
      >
        {(p) => (
          <Textarea
            {...p}
            name="message"
            rows={6}
            maxLength={CONTACT_MESSAGE_MAX_LENGTH}
            defaultValue={values.message}
          />
        )}
      </Field>
      {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
        {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
        {pending ? "Sending..." : "Send Message"}
      </Button>
    </Form>
  );
}
