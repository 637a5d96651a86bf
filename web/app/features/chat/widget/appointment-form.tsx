import { CalendarCheck, Loader2, X } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import {
  ADDRESS_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  PREFERRED_TIMING_MAX_LENGTH,
} from "@app/shared/api/limits";
import { APPOINTMENT_REQUIRED_MESSAGE, appointmentRequestSchema, missingAppointmentFields } from "@app/shared/api/chat";
import { windowMenu, type WindowJson } from "@app/shared/scheduling";
import { NO_WINDOW_PREFERENCE, WINDOW_HINT, WindowOptions } from "~/features/scheduling/window-options";
import { Button } from "~/components/ui/button";
import { Input, NativeSelect, Textarea } from "~/components/ui/field";
import { Field } from "~/components/ui/legacy-field";
import { parseSubmission } from "~/utils/schema-form";
import { openWindows, type BookingResult } from "./api";
import { emptyAppointment, priorities, serviceOptions, type AppointmentField, type AppointmentValues } from "./rules";

const fieldOrder: AppointmentField[] = [
  "customerName",
  "customerPhone",
  "customerEmail",
  "serviceType",
  "address",
  "windowStart",
  "preferredTiming",
  "priority",
  "description",
];

const idFor = (field: AppointmentField) => `chat-appt-${field}`;

/** How many days ahead the form offers windows. */
const WINDOW_DAYS = 14;

const CHECK_FIELDS_MESSAGE = "Please check the highlighted fields.";
const SEND_FAILED_MESSAGE = "We couldn't send your request. Please try again, or call us.";

/**
 * What the form shows for a refused request: with a required field blank, the
 * form's own summary (docs/product.md#chat-assistant) and those fields marked; otherwise each
 * field's first message beside it.
 */
function refusal(values: Record<string, unknown>, errors: Record<string, string>) {
  const missing = missingAppointmentFields(values);
  return missing.length
    ? { alert: APPOINTMENT_REQUIRED_MESSAGE, missing: new Set<AppointmentField>(missing), errors: {} }
    : { alert: CHECK_FIELDS_MESSAGE, missing: new Set<AppointmentField>(), errors };
}

/**
 * The inline appointment form (docs/product.md#chat-assistant). Checked in the
 * browser with the server's own schema (appointmentRequestSchema, through
 * Conform's parser), validated again by the server; on success the hook
 * closes it (which clears it) and the chat shows the confirmation.
 */
export function AppointmentForm({
  focusRequest,
  initialWindow = null,
  onSubmit,
  onCancel,
}: {
  /** Changes when the visitor opens the form: it then takes focus. */
  focusRequest: number;
  /** An arrival window the visitor chose in the chat ("Friday, Dec 4, 10 AM – 12 PM"): chosen once the windows load. */
  initialWindow?: string | null;
  onSubmit: (values: AppointmentValues) => Promise<BookingResult>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<AppointmentValues>(emptyAppointment);
  const [errors, setErrors] = useState<Partial<Record<AppointmentField, string>>>({});
  const [missing, setMissing] = useState<ReadonlySet<AppointmentField>>(new Set());
  const [alert, setAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The open arrival windows (null while they load); loaded again after a refusal, when one was just taken.
  const [windows, setWindows] = useState<WindowJson[] | null>(null);
  const [windowsAsked, setWindowsAsked] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    void openWindows(WINDOW_DAYS, controller.signal).then((found) => {
      if (controller.signal.aborted) return;
      setWindows(found);
      const chosen = windowMenu(found)
        .flatMap((g) => g.options)
        .find((o) => o.label === initialWindow);
      if (chosen) setValues((v) => ({ ...v, windowStart: chosen.value }));
    });
    return () => controller.abort();
    // A window chosen in the chat while the form is open loads the windows again, and chooses it.
  }, [windowsAsked, initialWindow]);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    // Scroll only the conversation (scrollIntoView would also shift the fixed panel and the page).
    const scroller = form.closest<HTMLElement>("[data-chat-scroll]");
    if (scroller) {
      const top = scroller.scrollTop + form.getBoundingClientRect().top - scroller.getBoundingClientRect().top - 8;
      const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      scroller.scrollTo({ top, behavior: smooth ? "smooth" : "auto" });
    }
    form.querySelector<HTMLInputElement>(`#${idFor("customerName")}`)?.focus({ preventScroll: true });
  }, [focusRequest]);

  const set = (field: AppointmentField) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
    if (missing.has(field) && value.trim()) setMissing((m) => new Set([...m].filter((f) => f !== field)));
  };

  const focusFirst = (fields: Iterable<AppointmentField>) => {
    const wanted = new Set(fields);
    const first = fieldOrder.find((f) => wanted.has(f));
    if (first) formRef.current?.querySelector<HTMLElement>(`#${idFor(first)}`)?.focus();
  };

  /** Never rejects: a failure is shown in the form's alert. */
  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const check = parseSubmission(new FormData(event.currentTarget), appointmentRequestSchema);
    if (check.status !== "success") {
      const found = Object.fromEntries(
        Object.entries(check.error ?? {}).flatMap(([f, m]) => (m?.[0] ? [[f, m[0]]] : [])),
      );
      const shown = refusal(values as unknown as Record<string, unknown>, found);
      setMissing(shown.missing);
      setErrors(shown.errors);
      setAlert(shown.alert);
      focusFirst(shown.missing.size ? shown.missing : (Object.keys(found) as AppointmentField[]));
      return;
    }
    setAlert(null);
    setMissing(new Set());
    setSubmitting(true);
    try {
      const result = await onSubmit(values);
      if (result.kind === "success") {
        setValues(emptyAppointment);
        setErrors({});
        return;
      }
      if (result.kind === "refused" && result.status === 409) {
        // The window was taken meanwhile: offer what is open now.
        setValues((v) => ({ ...v, windowStart: "" }));
        setWindowsAsked((n) => n + 1);
        setErrors({ windowStart: result.message });
        setAlert(result.message);
        focusFirst(["windowStart"]);
      } else if (result.kind === "refused" && Object.keys(result.errors).length) {
        const known = Object.fromEntries(
          Object.entries(result.errors).filter(([f]) => (fieldOrder as string[]).includes(f)),
        );
        setErrors(known);
        setAlert(CHECK_FIELDS_MESSAGE);
        focusFirst(Object.keys(known) as AppointmentField[]);
      } else {
        setAlert(result.kind === "refused" ? result.message : SEND_FAILED_MESSAGE);
      }
    } catch (error) {
      console.warn("The appointment request could not be sent", error);
      setAlert(SEND_FAILED_MESSAGE);
    } finally {
      setSubmitting(false);
    }
  }

  const control = (field: AppointmentField) => ({
    name: field,
    value: values[field],
    onChange: set(field),
    ...(missing.has(field) ? { "aria-invalid": true as const } : {}),
  });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-labelledby="chat-appt-title"
      className="scroll-mt-2 rounded-xl border border-brand-100 bg-white p-4 shadow-sm"
    >
      <div className="mb-3 flex items-start justify-between gap-2">
        <h3 id="chat-appt-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <CalendarCheck aria-hidden="true" className="size-5 text-brand-700" />
          Request an appointment
        </h3>
        <Button
          variant="ghost"
          size="icon"
          className="-mr-2 -mt-2 size-9"
          onClick={onCancel}
          aria-label="Close the booking form"
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      <p className="mb-3 text-xs text-slate-600">
        Fields marked <span className="text-destructive">*</span> are required. We&apos;ll call you within 24 hours to
        confirm.
      </p>

      {alert ? (
        <div
          role="alert"
          className="mb-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-900"
        >
          {alert}
        </div>
      ) : null}

      <div className="space-y-3">
        <Field id={idFor("customerName")} label="Full Name" required error={errors.customerName}>
          {(p) => <Input {...p} {...control("customerName")} autoComplete="name" maxLength={PERSON_NAME_MAX_LENGTH} />}
        </Field>
        <Field id={idFor("customerPhone")} label="Phone" required error={errors.customerPhone}>
          {(p) => (
            <Input
              {...p}
              {...control("customerPhone")}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              maxLength={PHONE_MAX_LENGTH}
            />
          )}
        </Field>
        <Field id={idFor("customerEmail")} label="Email" required error={errors.customerEmail}>
          {(p) => (
            <Input
              {...p}
              {...control("customerEmail")}
              type="email"
              autoComplete="email"
              maxLength={EMAIL_MAX_LENGTH}
            />
          )}
        </Field>
        <Field id={idFor("serviceType")} label="Service Needed" required error={errors.serviceType}>
          {(p) => (
            <NativeSelect {...p} {...control("serviceType")}>
              <option value="">Select a service</option>
              {serviceOptions.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field id={idFor("address")} label="Address" error={errors.address}>
          {(p) => <Input {...p} {...control("address")} autoComplete="street-address" maxLength={ADDRESS_MAX_LENGTH} />}
        </Field>
        <Field id={idFor("windowStart")} label="Arrival window" hint={WINDOW_HINT} error={errors.windowStart}>
          {(p) => (
            <NativeSelect {...p} {...control("windowStart")}>
              <WindowOptions
                windows={windows ?? []}
                none={windows === null ? "Loading open times…" : NO_WINDOW_PREFERENCE}
              />
            </NativeSelect>
          )}
        </Field>
        <Field
          id={idFor("preferredTiming")}
          label="Preferred timing"
          hint="For example: weekday mornings, after 3 PM"
          error={errors.preferredTiming}
        >
          {(p) => <Input {...p} {...control("preferredTiming")} maxLength={PREFERRED_TIMING_MAX_LENGTH} />}
        </Field>
        <Field id={idFor("priority")} label="Priority" error={errors.priority}>
          {(p) => (
            <NativeSelect {...p} {...control("priority")}>
              {priorities.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field id={idFor("description")} label="Description" error={errors.description}>
          {(p) => (
            <Textarea
              {...p}
              {...control("description")}
              rows={3}
              maxLength={DESCRIPTION_MAX_LENGTH}
              className="min-h-20"
              placeholder="What's going on?"
            />
          )}
        </Field>
      </div>

      <div className="mt-4 flex gap-2">
        {/* aria-disabled rather than disabled, so focus stays on the button while the request is sent. */}
        <Button type="submit" className="flex-1 aria-disabled:opacity-70" aria-disabled={submitting || undefined}>
          {submitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          {submitting ? "Submitting…" : "Submit Request"}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
