import { getFormProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { CheckCircle2, Loader2, Phone, Send, TriangleAlert } from "lucide-react";
import {
  CONTACT_EMERGENCY_AFTER,
  CONTACT_EMERGENCY_CALL,
  CONTACT_SUCCESS_MESSAGE,
  contactMessageSchema,
} from "@app/shared/api/contact";
import { HONEYPOT_FIELD } from "@app/shared/api/honeypot";
import { contactServiceOptions } from "@app/shared/business";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { SelectField, TextareaField } from "~/components/ui/field";
import { EmailField, NameFields, PhoneField } from "~/components/ui/person-fields";
import { useBusinessFacts } from "~/utils/business-facts";
import { hasFieldErrors, useSchemaForm, type ActionResult } from "~/utils/schema-form";

/** The page action's answer: an emergency's says to call now. */
type ContactAnswer = ActionResult<{ emergency?: boolean }>;

/** The apology when a message could not be sent, before the phone number (which the form adds as a link). */
export const CONTACT_FAILED_MESSAGE = "Sorry, there was an error submitting your message. Please call us directly at";

/** A post that got no answer from the action (the route's clientAction): the form stays as typed and the apology shows. */
export function unreachable(): ActionResult {
  const message = CONTACT_FAILED_MESSAGE;
  return {
    ok: false,
    intent: null,
    message,
    result: { status: "error", error: { "": [message] } },
    at: Date.now(),
    unreachable: true,
  };
}

/**
 * The contact form (docs/product.md#contact-page), checked by contactMessageSchema in the
 * browser (once hydrated) and by the page's action. It posts to /contact, through a fetcher once
 * the page is hydrated and as a plain form without JavaScript (`posted`: that post's answer).
 * After a success it shows the thank-you and starts afresh; a refusal shows the server's field
 * errors beside the fields, or its message; a post that could not be sent (no answer, or the
 * action could not store it) shows the apology with the phone number. An emergency (the service,
 * or words that read as one) is told to call the emergency line now, never "within 24 hours".
 */
export function ContactForm({ posted }: { posted?: ContactAnswer }) {
  const business = useBusinessFacts();
  const fetcher = useFetcher<ContactAnswer>({ key: "contact" });
  const outcome = fetcher.data ?? posted;
  const pending = fetcher.state !== "idle";
  const [form, fields] = useSchemaForm(contactMessageSchema, { id: "contact-form", lastResult: outcome?.result });
  const failure = outcome && !outcome.ok && !pending ? outcome : null;
  // A refusal of the whole form (too many messages): its own words; field errors show beside the fields.
  const apology = failure?.message === CONTACT_FAILED_MESSAGE;
  const refusal = failure && !apology && !hasFieldErrors(failure) ? failure.message : null;

  return (
    <fetcher.Form
      method="post"
      action="/contact"
      {...getFormProps(form)}
      className="space-y-5"
      aria-describedby="contact-required-note"
    >
      <div aria-live="polite" role="status" className="empty:hidden">
        {outcome?.ok && !pending && outcome.emergency ? (
          <Alert tone="destructive" className="flex items-start gap-3" data-contact-emergency>
            <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>
              <strong>
                {CONTACT_EMERGENCY_CALL}{" "}
                <a className="underline" href={business.phoneHref}>
                  {business.phone}
                </a>
                .
              </strong>{" "}
              {CONTACT_EMERGENCY_AFTER}
            </span>
          </Alert>
        ) : null}
        {outcome?.ok && !pending && !outcome.emergency ? (
          <Alert tone="success" className="flex items-start gap-3">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>{CONTACT_SUCCESS_MESSAGE}</span>
          </Alert>
        ) : null}
        {apology ? (
          <Alert tone="destructive" className="flex items-start gap-3">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>
              {CONTACT_FAILED_MESSAGE}{" "}
              <a className="font-semibold underline" href={business.phoneHref}>
                {business.phone}
              </a>
              .
            </span>
          </Alert>
        ) : null}
      </div>
      {refusal ? <Alert tone="destructive">{refusal}</Alert> : null}
      <p id="contact-required-note" className="text-sm text-slate-600">
        Fields marked <span className="text-destructive">*</span> are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <NameFields first={fields.firstName} last={fields.lastName} />
        <EmailField field={fields.email} />
        <PhoneField field={fields.phone} />
      </div>
      <SelectField field={fields.service} label="Service needed">
        <option value="">Select a service (optional)</option>
        {contactServiceOptions.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectField>
      <TextareaField
        field={fields.message}
        label="Message"
        rows={6}
        hint="Tell us what's going on, where, and the best time to reach you."
      />
      {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
        {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
        {pending ? "Sending..." : "Send Message"}
      </Button>
    </fetcher.Form>
  );
}
