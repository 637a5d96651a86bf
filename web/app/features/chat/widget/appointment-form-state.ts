/**
 * The chat's appointment form's state (docs/product.md#chat-assistant), as plain logic the form
 * (./appointment-form.tsx) renders: the open arrival windows it offers, whether a request is on
 * its way, and how the form shows the server's answer. The fields, their checks and their errors
 * are Conform's (utils/schema-form.ts), by the server's own schema (appointmentRequestSchema).
 */
import type { SubmissionResult } from "@conform-to/react";
import { APPOINTMENT_REQUIRED_MESSAGE, missingAppointmentFields } from "@app/shared/api/chat";
import type { WindowChoices } from "@app/shared/scheduling/window-days";
import { refusalReply } from "~/utils/schema-form";
import type { BookingResult } from "./api";
import type { AppointmentField } from "./widget-rules";

export const CHECK_FIELDS_MESSAGE = "Please check the highlighted fields.";
export const SEND_FAILED_MESSAGE = "We couldn't send your request. Please try again, or call us.";

/** The form's fields, in the order it shows them. */
const fieldOrder: readonly AppointmentField[] = [
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

export interface AppointmentFormState {
  /** The coming days and their open arrival windows (null while they load). */
  windows: WindowChoices | null;
  /** Counts the readings of the windows: a window taken meanwhile reads them again. */
  windowsReading: number;
  /** A request is on its way. */
  submitting: boolean;
  /** The server's refusal of the last request, for the form (Conform's lastResult); null after a success. */
  refusal: SubmissionResult<string[]> | null;
}

export type AppointmentFormEvent =
  | { type: "windows"; windows: WindowChoices }
  | { type: "submit" }
  /** The request's outcome (from the hook, which closes the form after a success). */
  | { type: "answer"; result: BookingResult };

export const initialAppointmentForm: AppointmentFormState = {
  windows: null,
  windowsReading: 0,
  submitting: false,
  refusal: null,
};

/** Whether an outcome means the chosen window was taken meanwhile (409): the form offers what is open now. */
export function windowTaken(result: BookingResult): boolean {
  return result.kind === "refused" && result.status === 409;
}

export function appointmentFormReducer(state: AppointmentFormState, event: AppointmentFormEvent): AppointmentFormState {
  switch (event.type) {
    case "windows":
      return { ...state, windows: event.windows };
    case "submit":
      return { ...state, submitting: true };
    case "answer": {
      const { result } = event;
      const done = { ...state, submitting: false };
      if (result.kind === "success") return { ...done, refusal: null };
      if (result.kind === "error") return { ...done, refusal: refusalReply(SEND_FAILED_MESSAGE) };
      if (windowTaken(result))
        return {
          ...done,
          windowsReading: state.windowsReading + 1,
          refusal: refusalReply(result.message, { windowStart: result.message }),
        };
      // The fields the form has (the API may name others, which the form cannot show).
      const known = Object.fromEntries(
        Object.entries(result.errors).filter(([name]) => (fieldOrder as readonly string[]).includes(name)),
      );
      return {
        ...done,
        refusal: Object.keys(known).length ? refusalReply(CHECK_FIELDS_MESSAGE, known) : refusalReply(result.message),
      };
    }
  }
}

/**
 * The form's alert: the server's refusal; for the browser's own, the form's summary when a
 * required field is blank (docs/product.md#chat-assistant), else "check the highlighted fields".
 */
export function appointmentAlert(form: {
  errors?: string[];
  allErrors: Record<string, string[]>;
  value?: Record<string, unknown>;
}): string | null {
  if (form.errors?.[0]) return form.errors[0];
  const invalid = Object.entries(form.allErrors).some(([name, messages]) => name && messages.length);
  if (!invalid) return null;
  return missingAppointmentFields(form.value ?? {}).length ? APPOINTMENT_REQUIRED_MESSAGE : CHECK_FIELDS_MESSAGE;
}
