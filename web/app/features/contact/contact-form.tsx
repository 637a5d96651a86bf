import { getFormProps } from "@conform-to/react";
import { Link, useFetcher } from "@remix-run/react";
import { CheckCircle2, Loader2, Phone, Send, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import {
  CONTACT_EMERGENCY_AFTER,
  CONTACT_EMERGENCY_CALL,
  CONTACT_SUCCESS_MESSAGE,
  contactMessageSchema,
} from "@app/shared/api/contact";
import { HONEYPOT_FIELD } from "@app/shared/api/honeypot";
import { contactServiceOptions } from "@app/shared/business";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { SelectField, TextareaField } from "~/components/ui/field";
import { EmailField, NameFields, PhoneField, TextConsentField } from "~/components/ui/person-fields";
import { useBusinessFacts } from "~/utils/business-facts";
import { revealResult } from "~/utils/reveal";
import { ENHANCED_FIELD, hasFieldErrors, useSchemaForm, type ActionResult } from "~/utils/schema-form";
import { useHydrated } from "~/utils/use-hydrated";
import { CONTACT_FORM_ID, SENT_ANCHOR, UNREACHABLE_ANCHOR } from "./sent";

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
 * the page is hydrated and as a plain form without JavaScript (`posted`: that post's answer, a
 * refusal; a sent message redirects to the page with `sent`, the loader's word that it was sent).
 *
 * After a success the notice takes focus and comes into view, and the form keeps what was typed
 * until the visitor chooses "Send another message"; a refusal shows the server's field errors
 * beside the fields, or its message; a post that could not be sent (no answer, or the action
 * could not store it) shows the apology with the phone number. An emergency (the service, or
 * words that read as one) is told to call the emergency line now, never "within 24 hours".
 */
export function ContactForm({
  posted,
  sent,
  texting = false,
}: {
  posted?: ContactAnswer;
  sent?: { emergency: boolean } | null;
  /** Texts are set up: the form offers "Text me about my visits". */
  texting?: boolean;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<ContactAnswer>({ key: "contact" });
  const outcome = fetcher.data ?? posted;
  const pending = fetcher.state !== "idle";
  const [form, fields] = useSchemaForm(contactMessageSchema, { id: CONTACT_FORM_ID, lastResult: outcome?.result });
  // The answer the visitor has done with ("Send another message"): its notice goes, and the form starts afresh.
  const [acknowledged, setAcknowledged] = useState<number | null>(null);
  const done = outcome?.ok && !pending && outcome.at !== acknowledged ? outcome : null;
  const notice = useRef<HTMLDivElement>(null);
  const shown = done ? done.at : sent ? "sent" : null;
  useEffect(() => {
    if (shown !== null) revealResult(notice.current);
  }, [shown]);

  const failure = outcome && !outcome.ok && !pending ? outcome : null;
  // A refusal of the whole form (too many messages): its own words; field errors show beside the fields.
  const apology = failure?.message === CONTACT_FAILED_MESSAGE;
  const refusal = failure && !apology && !hasFieldErrors(failure) ? failure.message : null;

  // Sent without JavaScript (or before it ran): the page says so; what was typed went with the post.
  if (sent && !outcome)
    return (
      <div role="status">
        <SentNotice emergency={sent.emergency} noticeRef={notice}>
          <Link to={`/contact#${CONTACT_FORM_ID}`} className={buttonVariants({ variant: "outline" })}>
            Send another message
          </Link>
        </SentNotice>
      </div>
    );

  const sendAnother = () => {
    if (done) setAcknowledged(done.at);
    form.reset();
    document.getElementById(fields.firstName.id)?.focus();
  };
  return (
    <fetcher.Form
      method="post"
      action="/contact"
      {...getFormProps(form)}
      className="space-y-5"
      aria-describedby="contact-required-note"
    >
      <input type="hidden" name={ENHANCED_FIELD} value={hydrated ? "1" : ""} />
      <div aria-live="polite" role="status" className="empty:hidden">
        {done ? (
          <SentNotice emergency={done.emergency === true} noticeRef={notice}>
            <Button variant="outline" onClick={sendAnother}>
              Send another message
            </Button>
          </SentNotice>
        ) : null}
        {apology ? <Apology /> : null}
      </div>
      {/* A page without the app's scripts and no answer on it: its script shows this when the last post got none (./contact-draft.ts). */}
      {!hydrated && !outcome ? (
        <div id={UNREACHABLE_ANCHOR} role="alert" hidden tabIndex={-1} className="scroll-mt-24 focus:outline-none">
          <Apology />
        </div>
      ) : null}
      {refusal ? <Alert tone="destructive">{refusal}</Alert> : null}
      <ContactFields fields={fields} texting={texting} />
      <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
        {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
        {pending ? "Sending..." : "Send Message"}
      </Button>
    </fetcher.Form>
  );
}

/**
 * The answer to a sent message, focused and brought into view when it appears: the thank-you, or
 * for an emergency the words to call now with the number as a link; and the way to send another.
 */
function SentNotice({
  emergency,
  noticeRef,
  children,
}: {
  emergency: boolean;
  noticeRef: RefObject<HTMLDivElement>;
  children: ReactNode;
}) {
  const business = useBusinessFacts();
  return (
    <div ref={noticeRef} id={SENT_ANCHOR} tabIndex={-1} className="scroll-mt-24 focus:outline-none">
      <Alert tone={emergency ? "destructive" : "success"} className="flex items-start gap-3">
        {emergency ? (
          <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        ) : (
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        )}
        <div className="space-y-3">
          {emergency ? (
            <p>
              <strong>
                {CONTACT_EMERGENCY_CALL}{" "}
                <a className="underline" href={business.phoneHref}>
                  {business.phone}
                </a>
                .
              </strong>{" "}
              {CONTACT_EMERGENCY_AFTER}
            </p>
          ) : (
            <p>{CONTACT_SUCCESS_MESSAGE}</p>
          )}
          {children}
        </div>
      </Alert>
    </div>
  );
}

/** A message that could not be sent: the apology, with the number to call as a link. */
function Apology() {
  const business = useBusinessFacts();
  return (
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
  );
}

type ContactFieldsMeta = ReturnType<typeof useSchemaForm<typeof contactMessageSchema>>[1];

/** The form's fields, the honeypot among them. */
function ContactFields({ fields, texting }: { fields: ContactFieldsMeta; texting: boolean }) {
  return (
    <>
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
      {texting ? <TextConsentField field={fields.textConsent} /> : null}
      {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
    </>
  );
}
