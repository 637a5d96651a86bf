import { getFormProps } from "@conform-to/react";
import { CalendarCheck, Loader2, X } from "lucide-react";
import { useEffect, useReducer, useRef } from "react";
import { APPOINTMENT_REQUEST_NOTE, appointmentRequestSchema } from "@app/shared/api/chat";
import { windowMenu } from "@app/shared/scheduling/windows";
import { pickerDays, type WindowChoices } from "@app/shared/scheduling/window-days";
import { WINDOW_HINT, WindowPicker } from "~/features/scheduling/window-picker";
import { Button } from "~/components/ui/button";
import { SelectField, TextareaField, TextField } from "~/components/ui/field";
import { EmailField, FullNameField, PhoneField, TextConsentField } from "~/components/ui/person-fields";
import { useBusinessFacts } from "~/utils/business-facts";
import { useLatest } from "~/utils/use-latest";
import { useSchemaForm } from "~/utils/schema-form";
import { openWindows, type BookingResult } from "./api";
import {
  appointmentAlert,
  appointmentFormReducer,
  initialAppointmentForm,
  windowTaken,
} from "./appointment-form-state";
import {
  emptyAppointment,
  priorities,
  serviceOptions,
  type AppointmentField,
  type AppointmentValues,
} from "./widget-rules";

/** The form's values as the hook sends them. */
function valuesOf(formData: FormData): AppointmentValues {
  const values: Record<AppointmentField, string> = { ...emptyAppointment };
  for (const name of Object.keys(values) as AppointmentField[]) {
    const value = formData.get(name);
    if (typeof value === "string") values[name] = value;
  }
  return values as AppointmentValues;
}

/**
 * The inline appointment form (docs/product.md#chat-assistant). Checked in the browser with the
 * server's own schema (appointmentRequestSchema, through Conform), sent by the hook to the JSON
 * API and validated again there; on success the hook closes it (which clears it) and the chat
 * shows the confirmation. Its windows and the server's answers are ./appointment-form-state.ts.
 */
export function AppointmentForm({
  focusRequest,
  initialWindow = null,
  initialService = null,
  onSubmit,
  onCancel,
  texting,
}: {
  /** Changes when the visitor opens the form: it then takes focus. */
  focusRequest: number;
  /** The service the visitor named in the chat ("Panel Upgrade"): chosen when the form opens. */
  initialService?: string | null;
  /** An arrival window the visitor chose in the chat ("Friday, Dec 4, 10 AM – 12 PM"): chosen once the windows load. */
  initialWindow?: string | null;
  onSubmit: (values: AppointmentValues) => Promise<BookingResult>;
  onCancel: () => void;
  /** Texts are set up: the form offers "Text me about my visits", unticked. */
  texting: boolean;
}) {
  const [state, dispatch] = useReducer(appointmentFormReducer, initialAppointmentForm);
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useSchemaForm(appointmentRequestSchema, {
    id: "chat-appt",
    defaultValue: initialService ? { ...emptyAppointment, serviceType: initialService } : emptyAppointment,
    lastResult: state.refusal,
    onValid: (event, formData) => {
      event.preventDefault();
      void send(formData);
    },
  });
  const update = useLatest(form.update);

  useEffect(() => {
    const controller = new AbortController();
    void openWindows(pickerDays(), controller.signal).then((found) => {
      if (controller.signal.aborted) return;
      dispatch({ type: "windows", windows: found });
      const chosen = windowMenu(found.windows)
        .flatMap((g) => g.options)
        .find((o) => o.label === initialWindow);
      if (chosen) update.current({ name: "windowStart", value: chosen.value });
    });
    return () => controller.abort();
    // A window chosen in the chat while the form is open loads the windows again, and chooses it.
  }, [state.windowsReading, initialWindow, update]);

  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    // Scroll only the conversation (scrollIntoView would also shift the fixed panel and the page).
    const scroller = element.closest<HTMLElement>("[data-chat-scroll]");
    if (scroller) {
      const top = scroller.scrollTop + element.getBoundingClientRect().top - scroller.getBoundingClientRect().top - 8;
      const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      scroller.scrollTo({ top, behavior: smooth ? "smooth" : "auto" });
    }
    element.querySelector<HTMLInputElement>(`#${fields.customerName.id}`)?.focus({ preventScroll: true });
  }, [focusRequest, fields.customerName.id]);

  /** Never rejects: a failure is shown in the form's alert. */
  async function send(formData: FormData) {
    if (state.submitting) return;
    dispatch({ type: "submit" });
    let result: BookingResult;
    try {
      result = await onSubmit(valuesOf(formData));
    } catch (error) {
      console.warn("The appointment request could not be sent", error);
      result = { kind: "error", status: null };
    }
    // The window was taken meanwhile: the form offers what is open now.
    if (windowTaken(result)) update.current({ name: "windowStart", value: "" });
    dispatch({ type: "answer", result });
  }

  const alert = state.submitting ? null : appointmentAlert(form);
  return (
    <form
      ref={formRef}
      {...getFormProps(form)}
      aria-labelledby="chat-appt-title"
      className="scroll-mt-2 rounded-xl border border-brand-100 bg-white p-4 shadow-sm"
    >
      <FormHeading onCancel={onCancel} emergency={fields.priority.value === "emergency"} />

      {alert ? (
        <div
          role="alert"
          className="mb-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-900"
        >
          {alert}
        </div>
      ) : null}

      <AppointmentFields fields={fields} windows={state.windows} texting={texting} />

      <div className="mt-4 flex gap-2">
        {/* aria-disabled rather than disabled, so focus stays on the button while the request is sent. */}
        <Button type="submit" className="flex-1 aria-disabled:opacity-70" aria-disabled={state.submitting || undefined}>
          {state.submitting ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          {state.submitting ? "Submitting…" : "Submit Request"}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

type AppointmentFieldsMeta = ReturnType<typeof useSchemaForm<typeof appointmentRequestSchema>>[1];

/** The form's fields, in the order it shows them; `windows` null while they load. */
function AppointmentFields({
  fields,
  windows,
  texting,
}: {
  fields: AppointmentFieldsMeta;
  windows: WindowChoices | null;
  texting: boolean;
}) {
  return (
    <div className="space-y-3">
      <FullNameField field={fields.customerName} label="Full Name" />
      <PhoneField field={fields.customerPhone} />
      {texting ? <TextConsentField field={fields.textConsent} /> : null}
      <EmailField field={fields.customerEmail} />
      <SelectField field={fields.serviceType} label="Service Needed">
        <option value="">Select a service</option>
        {serviceOptions.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </SelectField>
      <TextField field={fields.address} label="Address" autoComplete="street-address" />
      <WindowPicker
        key={fields.windowStart.key}
        field={fields.windowStart}
        choices={windows}
        label="Arrival window"
        hint={WINDOW_HINT}
        noPreference
      />
      <TextField
        field={fields.preferredTiming}
        label="Preferred timing"
        hint="For example: weekday mornings, after 3 PM"
      />
      <SelectField field={fields.priority} label="Priority">
        {priorities.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <TextareaField
        field={fields.description}
        label="Description"
        rows={3}
        className="min-h-20"
        placeholder="What's going on?"
      />
    </div>
  );
}

/** The title and the note on what happens next, as the portal's form says it: an emergency is called now, never "within 24 hours". */
function FormHeading({ onCancel, emergency }: { onCancel: () => void; emergency: boolean }) {
  const business = useBusinessFacts();
  return (
    <>
      <div className="mb-3 flex items-start justify-between gap-2">
        <h3 id="chat-appt-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <CalendarCheck aria-hidden="true" className="size-5 text-brand-700" />
          Request an appointment
        </h3>
        <Button
          variant="ghost"
          size="icon"
          className="-mr-2 -mt-2"
          onClick={onCancel}
          aria-label="Close the booking form"
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      <p className="mb-3 text-xs text-slate-600">
        Fields marked <span className="text-destructive">*</span> are required.{" "}
        {emergency ? (
          <strong className="text-red-800">
            For an emergency our office calls you as soon as it is sent; don&apos;t wait, call{" "}
            <a className="underline" href={business.phoneHref}>
              {business.phone}
            </a>{" "}
            now.
          </strong>
        ) : (
          APPOINTMENT_REQUEST_NOTE
        )}
      </p>
    </>
  );
}
