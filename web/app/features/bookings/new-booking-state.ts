/**
 * The New Booking dialog's state (docs/product.md#new-booking-dialog), as plain logic the dialog
 * (./new-booking-dialog.tsx) renders: its step, the customer chosen, the search typed, what each
 * step's form starts with, and which opening of the dialog its posts belong to. Each form's
 * fields, checks and errors are Conform's (utils/schema-form.ts); the server's answers arrive
 * through the dialog's fetchers.
 *
 * customer_selection → (pick) booking, or → new_customer → (created) booking. Back returns to
 * customer_selection; each opening starts clean, from the day and the prefill it was given.
 */
import type { CustomerSummary } from "./action-result";
import { DEFAULT_PRIORITY, DEFAULT_TIME_SLOT, type BookingPriority } from "~/components/staff/format";

type BookingStep = "customer_selection" | "new_customer" | "booking";

/**
 * What the dialog opens with (from an inbox message, features/inbox/booking-prefill.server.ts,
 * which bounds each value by its field's limit): the customer found by email, or a new one's details.
 */
export interface BookingPrefill {
  name: string;
  email: string;
  phone: string;
  summary: string;
  details: string;
  customer: CustomerSummary | null;
}

/** The new customer step's fields as it starts. */
export interface CustomerDraft {
  name: string;
  email: string;
  phone: string;
}

/** The booking step's fields as it starts. */
export interface BookingDraft {
  summary: string;
  /** YYYY-MM-DD, Baton Rouge. */
  date: string;
  /** HH:MM, Baton Rouge. */
  time: string;
  priority: BookingPriority;
  details: string;
  /** A technician's id, or "" for nobody yet. */
  technicianId: string;
  address: string;
}

/** The dialog's two forms, each posted through its own fetcher. */
export type DialogForm = "customer" | "booking";

export interface NewBookingState {
  step: BookingStep;
  /** Counts the openings: a post belongs to the opening it was sent in. */
  opening: number;
  /** The opening each form was last posted in (-1: never). An answer to an earlier opening's post is not applied. */
  posted: Record<DialogForm, number>;
  customer: CustomerSummary | null;
  /** What is typed in the customer search. */
  query: string;
  newCustomer: CustomerDraft;
  booking: BookingDraft;
}

export type NewBookingEvent =
  /** The dialog opens for a day (YYYY-MM-DD), maybe prefilled. */
  | { type: "open"; date: string; prefill?: BookingPrefill | null }
  | { type: "search"; query: string }
  /** An existing customer is chosen. */
  | { type: "pick"; customer: CustomerSummary }
  | { type: "create-new" }
  | { type: "back" }
  /** A form was sent (it passed the browser's checks). */
  | { type: "posted"; form: DialogForm }
  /** The new customer was created. */
  | { type: "customer-created"; customer: CustomerSummary };

const emptyCustomer: CustomerDraft = { name: "", email: "", phone: "" };

function freshBooking(date: string): BookingDraft {
  return {
    summary: "",
    date,
    time: DEFAULT_TIME_SLOT,
    priority: DEFAULT_PRIORITY,
    details: "",
    technicianId: "",
    address: "",
  };
}

/** The dialog as an opening finds it: the customer found goes straight to the booking, a new one's details to the new customer step. */
function opened(opening: number, posted: NewBookingState["posted"], date: string, prefill?: BookingPrefill | null) {
  const state: NewBookingState = {
    step: "customer_selection",
    opening,
    posted,
    customer: null,
    query: "",
    newCustomer: emptyCustomer,
    booking: freshBooking(date),
  };
  if (!prefill) return state;
  const booking = { ...state.booking, summary: prefill.summary, details: prefill.details };
  if (prefill.customer) return { ...state, booking, customer: prefill.customer, step: "booking" as const };
  return {
    ...state,
    booking,
    step: "new_customer" as const,
    newCustomer: { name: prefill.name, email: prefill.email, phone: prefill.phone },
  };
}

/** The state of a dialog first shown open, or shown for the first time. */
export function initialState(date: string, prefill?: BookingPrefill | null): NewBookingState {
  return opened(0, { customer: -1, booking: -1 }, date, prefill);
}

export function newBookingReducer(state: NewBookingState, event: NewBookingEvent): NewBookingState {
  switch (event.type) {
    case "open":
      return opened(state.opening + 1, state.posted, event.date, event.prefill);
    case "search":
      return { ...state, query: event.query };
    case "pick":
      return { ...state, customer: event.customer, step: "booking" };
    case "create-new": {
      // What was typed as a search is most likely the new customer's name (but not an email address).
      const typed = state.query.trim();
      const name = state.newCustomer.name || typed.includes("@") ? state.newCustomer.name : typed;
      return { ...state, step: "new_customer", newCustomer: { ...state.newCustomer, name } };
    }
    case "back":
      return { ...state, step: "customer_selection" };
    case "posted":
      return { ...state, posted: { ...state.posted, [event.form]: state.opening } };
    case "customer-created":
      return { ...state, customer: event.customer, step: "booking" };
  }
}

/** Whether an answer to `form` belongs to this opening (one from before the dialog was closed is not applied). */
export function answersThisOpening(state: NewBookingState, form: DialogForm): boolean {
  return state.posted[form] === state.opening;
}

/** The form parts Conform gives that the alert reads: the form's own errors, every field's, and the values. */
interface FormErrors {
  errors?: string[];
  allErrors: Record<string, string[]>;
  value?: Record<string, unknown>;
}

/**
 * What a step's alert says: the server's refusal, or, for the browser's, the step's summary when a
 * required field is blank (`summary`: newCustomerRefusal, newBookingRefusal), else the first problem.
 */
export function refusalAlert(
  form: FormErrors,
  summary: (values: Record<string, unknown>, errors: Record<string, string>) => string,
): string | null {
  if (form.errors?.[0]) return form.errors[0];
  const errors = Object.fromEntries(
    Object.entries(form.allErrors).flatMap(([name, messages]) => (name && messages[0] ? [[name, messages[0]]] : [])),
  );
  return Object.keys(errors).length ? summary(form.value ?? {}, errors) : null;
}
