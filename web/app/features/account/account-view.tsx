import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import {
  BellOff,
  BellRing,
  CalendarClock,
  CalendarPlus,
  CheckCircle2,
  MailCheck,
  TriangleAlert,
  XCircle,
} from "lucide-react";
import { APPOINTMENT_REQUEST_NOTE, appointmentPriorities, appointmentRequestSchema } from "@app/shared/api/chat";
import type { WindowChoices } from "@app/shared/scheduling/window-days";
import { WINDOW_HINT, WindowPicker } from "~/features/scheduling/window-picker";
import { business, chatServiceOptions } from "@app/shared/business";
import { cn } from "~/utils/cn";
import { Outcome } from "~/components/ui/outcome";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { SelectField, TextareaField, TextField } from "~/components/ui/field";
import { EmailField, FullNameField, PhoneField, TextConsentField } from "~/components/ui/person-fields";
import { useSchemaForm } from "~/utils/schema-form";
import type { ManagedVisit } from "~/features/appointments/public.server";

const statusVariant = {
  pending: "accent",
  in_progress: "default",
  completed: "secondary",
  cancelled: "outline",
} as const;

/** Where one of the customer's visits is managed: its page in the account, as its emailed link shows it. */
const accountVisitHref = (id: number) => `/account/visits/${id}`;

/**
 * The customer's visits, each as its manage page shows it (the same words: service, arrival window,
 * technician, status, visit number), with Reschedule and Cancel leading to that page while it may change.
 */
export function BookingList({ bookings }: { bookings: ManagedVisit[] }) {
  if (bookings.length === 0) {
    return (
      <Card>
        <CardContent className="pt-6">
          <p className="text-slate-700">You have no bookings with us yet.</p>
          <p className="mt-2">
            <a href="#request-heading" className="font-semibold text-brand-700 underline">
              Request an appointment
            </a>
            . {APPOINTMENT_REQUEST_NOTE}
          </p>
        </CardContent>
      </Card>
    );
  }
  return (
    <ul className="space-y-3" aria-label="Your bookings">
      {bookings.map((b) => (
        <li key={b.id}>
          <Card data-booking-id={b.id}>
            <CardContent className="flex flex-col gap-3 pt-6 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <h3 className="font-semibold text-slate-900">
                  {b.service} <span className="font-normal text-slate-600">{`Visit #${b.id}`}</span>
                </h3>
                <dl className="mt-1 grid gap-x-3 gap-y-0.5 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
                  <dt className="font-medium">{b.isWindow ? "Arrival window" : "Time"}</dt>
                  <dd>
                    <time dateTime={b.scheduledAt}>{b.time}</time>
                  </dd>
                  {b.technicianFirstName || b.changeable ? (
                    <>
                      <dt className="font-medium">Technician</dt>
                      <dd>{b.technicianFirstName ?? "We'll assign your technician before the visit"}</dd>
                    </>
                  ) : null}
                </dl>
                <p className="mt-2 text-sm">
                  <span className="sr-only">Status: </span>
                  <Badge variant={statusVariant[b.status]} data-testid="booking-status">
                    {b.statusLabel}
                  </Badge>
                </p>
              </div>
              {b.changeable ? (
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={accountVisitHref(b.id)}
                    className={cn(buttonVariants({ variant: "outline" }), "min-h-11")}
                    aria-label={`Reschedule visit #${b.id}`}
                  >
                    <CalendarClock aria-hidden="true" />
                    Reschedule
                  </Link>
                  <Link
                    to={`${accountVisitHref(b.id)}?step=cancel`}
                    className={cn(buttonVariants({ variant: "outline" }), "min-h-11")}
                    aria-label={`Cancel visit #${b.id}`}
                  >
                    <XCircle aria-hidden="true" />
                    Cancel
                  </Link>
                </div>
              ) : null}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/**
 * What a form post did, where the eye is: the shared `Outcome` (components/ui/outcome.tsx), which
 * takes focus and comes into view, with or without JavaScript; nothing until there is something to say.
 */
export function ActionOutcome({
  result,
  className,
}: {
  result?: { ok: boolean; message: string } | null;
  className?: string;
}) {
  if (!result) return null;
  return (
    <Outcome
      tone={result.ok ? "success" : "destructive"}
      revealKey={result}
      className={cn("flex items-start gap-3", className)}
    >
      {result.ok ? (
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      ) : (
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      )}
      <span>{result.message}</span>
    </Outcome>
  );
}

/**
 * The portal's appointment request: the chat's rules (appointmentRequestSchema), checked in the
 * browser through Conform and again by the page's action. It starts from the account's own
 * details (`prefill`), and again after each request that went through.
 */
export function RequestAppointmentForm({
  prefill,
  windows,
  texting = false,
  result,
}: {
  prefill: Partial<Record<string, string>>;
  /** The coming days and their open arrival windows. */
  windows: WindowChoices;
  /** Texts are set up: the form offers "Text me about my visits". */
  texting?: boolean;
  /** The action's reply to the last request. */
  result?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "request";
  const [form, fields] = useSchemaForm(appointmentRequestSchema, {
    id: "portal-request",
    lastResult: result,
    defaultValue: { priority: "normal", ...prefill },
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      // Its fields at least 44 px tall for a thumb on a phone.
      className="space-y-5 [&_input:not([type])]:h-11 [&_input[type=email]]:h-11 [&_input[type=tel]]:h-11 [&_input[type=text]]:h-11 [&_select]:h-11"
      aria-describedby="request-required-note"
      preventScrollReset
    >
      <input type="hidden" name="intent" value="request" />
      <p id="request-required-note" className="text-sm text-slate-600">
        {APPOINTMENT_REQUEST_NOTE} Fields marked <span className="text-destructive">*</span> are required. For an
        emergency call {business.phone} now.
      </p>
      {/* First, so that choosing a day without JavaScript (a link that reloads the page) loses nothing typed. */}
      <WindowPicker
        key={fields.windowStart.key}
        field={fields.windowStart}
        choices={windows}
        label="Arrival window"
        hint={WINDOW_HINT}
        noPreference
        dayLinks
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <FullNameField field={fields.customerName} />
        <PhoneField field={fields.customerPhone} />
        <EmailField field={fields.customerEmail} hint="Your account's confirmed address." readOnly />
        <SelectField field={fields.serviceType} label="Service type">
          <option value="">Select a service</option>
          {chatServiceOptions.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </SelectField>
        <SelectField field={fields.priority} label="Priority">
          {appointmentPriorities.map((o) => (
            <option key={o} value={o}>
              {o[0]!.toUpperCase() + o.slice(1)}
            </option>
          ))}
        </SelectField>
        <TextField field={fields.address} label="Service address" autoComplete="street-address" />
      </div>
      <TextField field={fields.preferredTiming} label="Preferred timing" hint="For example: weekday mornings." />
      <TextareaField field={fields.description} label="Describe the problem or project" rows={4} />
      {texting ? <TextConsentField field={fields.textConsent} /> : null}
      <Button type="submit" size="lg" disabled={pending}>
        <CalendarPlus aria-hidden="true" />
        {pending ? "Sending request..." : "Request appointment"}
      </Button>
    </Form>
  );
}

/**
 * An account whose email is not confirmed yet sees this instead of bookings
 * and the request form, with a button that sends the link again. A new
 * account lands here straight after registering (docs/product.md#email-confirmation).
 */
export function VerifyEmailNotice({
  email,
  result,
}: {
  email: string;
  result: { ok: boolean; message: string } | null;
}) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "resend-verification";
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-2xl font-bold">
          <MailCheck aria-hidden="true" className="size-6 text-brand-700" />
          Confirm your email address
        </h2>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-slate-700 wrap-anywhere">
          A confirmation email is on its way to <strong>{email}</strong>. Open its link to confirm that this address is
          yours. Until then this page cannot show or change appointments, because anyone can type an email address when
          they create an account.
        </p>
        <p className="text-sm text-slate-600">Nothing after a few minutes? Check your spam folder, or send it again.</p>
        <p className="text-slate-700">
          Need help now? Call{" "}
          <a className="font-semibold text-brand-700 underline" href={business.phoneHref}>
            {business.phone}
          </a>
          .
        </p>
        <ActionOutcome result={result} />
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="resend-verification" />
          <Button type="submit" variant="outline" disabled={sending}>
            {sending ? "Sending..." : "Send it again"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/**
 * Reminders and review requests to the account's own address: on unless
 * turned off here or with the unsubscribe link in one of those emails.
 * Confirmations and changes to a visit always go.
 */
export function EmailPreference({
  email,
  reminders,
  result,
}: {
  email: string;
  reminders: boolean;
  result: { ok: boolean; message: string } | null;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "email-preference";
  return (
    <section aria-labelledby="email-preference-heading" className="space-y-3">
      <h2 id="email-preference-heading" className="text-2xl font-bold">
        Email preferences
      </h2>
      <Card>
        <CardContent className="space-y-4 pt-6">
          <p className="text-slate-900">
            Reminders and review requests: <strong data-testid="reminders-state">{reminders ? "on" : "off"}</strong>
          </p>
          <p className="text-sm text-slate-700 wrap-anywhere">
            Sent to {email}: a reminder the day before each visit, and afterwards a request for a review. Confirmations
            and changes to your visits always come.
          </p>
          <ActionOutcome result={result} />
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="email-preference" />
            <input type="hidden" name="reminders" value={reminders ? "off" : "on"} />
            <Button type="submit" variant="outline" size="lg" disabled={saving}>
              {reminders ? <BellOff aria-hidden="true" /> : <BellRing aria-hidden="true" />}
              {saving ? "Saving..." : reminders ? "Turn them off" : "Turn them on"}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </section>
  );
}

export function AccountLinks() {
  return (
    <p className="text-sm text-slate-700">
      Questions about a visit? Call{" "}
      <a className="font-semibold text-brand-700 underline" href={business.phoneHref}>
        {business.phone}
      </a>{" "}
      or{" "}
      <Link className="font-semibold text-brand-700 underline" to="/contact">
        send us a message
      </Link>
      .
    </p>
  );
}
