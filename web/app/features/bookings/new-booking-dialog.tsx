/**
 * The New Booking dialog (docs/product.md#new-booking-dialog), used by the bookings list and
 * the calendar: customer_selection → (pick) booking, or → new_customer →
 * (created) booking. Back returns to the previous step; closing, or a
 * successful booking, resets every field and returns to customer_selection.
 * Its steps and what they start with are ./new-booking-state.ts.
 *
 * Customers are searched through GET /api/customers/search (a fetcher's load); the customer and
 * the booking are created by the page's action (intents `create-customer` and `create-booking`,
 * each checked by its shared schema in the browser first), the same work as POST /api/customers
 * and /api/bookings.
 */
import { BOOKING_INTENTS } from "~/features/bookings/bookings-intents";
import { getFormProps } from "@conform-to/react";
import { Link, useFetcher } from "@remix-run/react";
import { ArrowLeft, Mail, Phone, Search, UserPlus, UserRound } from "lucide-react";
import { useEffect, useId, useReducer, useState } from "react";
import {
  ANOTHER_TIME,
  newBookingRefusal,
  newBookingSchema,
  newCustomerRefusal,
  newCustomerSchema,
} from "@app/shared/api/admin";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input, Label, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { AskToTextField, EmailField, PhoneField } from "~/components/ui/person-fields";
import { useTexting } from "~/components/site/site-data";
import { businessDate, slotLabel } from "@app/shared/time";
import { useSchemaForm } from "~/utils/schema-form";
import { toastResult, useFetcherDone, type CustomerSummary, type StaffActionResult } from "./action-result";
import { DayAvailability } from "./day-availability";
import { BOOKING_PRIORITIES, priorityLabel, TIME_SLOTS, type Booking } from "~/components/staff/format";
import {
  answersThisOpening,
  initialState,
  newBookingReducer,
  refusalAlert,
  type BookingDraft,
  type BookingPrefill,
  type CustomerDraft,
  type NewBookingEvent,
} from "./new-booking-state";

const SEARCH_DEBOUNCE_MS = 250;

/**
 * The ref of each step's first field: focused as the step appears (when the
 * dialog opens, then at each step), the dialog's initial focus. A function
 * defined once, so React calls it only when the field mounts.
 */
const focusWhenShown = (element: HTMLElement | null) => element?.focus();

export interface NewBookingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** YYYY-MM-DD: the calendar's chosen day; today when absent. */
  defaultDate?: string;
  onCreated?: (booking: Booking) => void;
  /** Opening starts from these (e.g. from an inbox message): the customer found by email goes straight to
   *  the booking step, otherwise the new customer step is filled in. */
  prefill?: BookingPrefill | null;
  /** On close, puts the focus where the dialog was opened from when that is no longer focusable (true: done). */
  returnFocus?: () => boolean;
}

const stepDescriptions = {
  customer_selection: "Step 1: choose the customer, or create a new one.",
  new_customer: "Step 2: the new customer's details.",
  booking: "Step 3: the appointment details.",
} as const;

export function NewBookingDialog({
  open,
  onOpenChange,
  defaultDate,
  onCreated,
  prefill,
  returnFocus,
}: NewBookingDialogProps) {
  const [state, dispatch] = useReducer(newBookingReducer, undefined, () =>
    initialState(defaultDate || businessDate(), prefill),
  );
  const customerFetcher = useFetcher<StaffActionResult>();
  const bookingFetcher = useFetcher<StaffActionResult>();

  // Each opening starts clean, on the day it was opened for and from the prefill it was given.
  // Done while rendering, so the first open frame shows it.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) dispatch({ type: "open", date: defaultDate || businessDate(), prefill });
  }

  useFetcherDone(customerFetcher, (result) => {
    if (!answersThisOpening(state, "customer")) return;
    // The server's words: they say whether the new number was asked by text too.
    toastResult(result, (result.ok && result.message) || "Customer created successfully", "Failed to create customer");
    if (result.ok && result.customer) dispatch({ type: "customer-created", customer: result.customer });
  });

  useFetcherDone(bookingFetcher, (result) => {
    if (!answersThisOpening(state, "booking")) return;
    toastResult(result, "Booking created successfully", "Failed to create booking");
    if (!result.ok) return;
    if (result.booking) onCreated?.(result.booking);
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-xl"
        onCloseAutoFocus={(event) => {
          if (returnFocus?.()) event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>New Booking</DialogTitle>
          <DialogDescription>{stepDescriptions[state.step]}</DialogDescription>
        </DialogHeader>
        {state.step === "customer_selection" ? (
          <CustomerSelection query={state.query} dispatch={dispatch} onCancel={() => onOpenChange(false)} />
        ) : state.step === "new_customer" ? (
          <NewCustomerStep
            key={state.opening}
            draft={state.newCustomer}
            fetcher={customerFetcher}
            answer={answersThisOpening(state, "customer") ? customerFetcher.data : undefined}
            dispatch={dispatch}
          />
        ) : (
          <BookingStep
            key={state.opening}
            draft={state.booking}
            customer={state.customer}
            fetcher={bookingFetcher}
            answer={answersThisOpening(state, "booking") ? bookingFetcher.data : undefined}
            dispatch={dispatch}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

type DialogFetcher = ReturnType<typeof useFetcher<StaffActionResult>>;

interface StepProps<Draft> {
  draft: Draft;
  fetcher: DialogFetcher;
  /** The page action's answer to this opening's last post of the step's form. */
  answer?: StaffActionResult;
  dispatch: (event: NewBookingEvent) => void;
}

/** Step 2: the new customer, checked by newCustomerSchema, then created by the page's action. */
function NewCustomerStep({ draft, fetcher, answer, dispatch }: StepProps<CustomerDraft>) {
  const creating = fetcher.state !== "idle";
  const texting = useTexting();
  const [form, fields] = useSchemaForm(newCustomerSchema, {
    id: "new-customer",
    lastResult: answer?.result,
    defaultValue: draft,
    onValid: () => dispatch({ type: "posted", form: "customer" }),
  });
  const alert = creating ? null : refusalAlert(form, newCustomerRefusal);
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4" aria-busy={creating || undefined}>
      <input type="hidden" name="intent" value={BOOKING_INTENTS.createCustomer} />
      {alert ? (
        <Alert tone="destructive" role="alert">
          {alert}
        </Alert>
      ) : null}
      <TextField ref={focusWhenShown} field={fields.name} label="Name" autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <EmailField field={fields.email} autoComplete="off" />
        <PhoneField field={fields.phone} autoComplete="off" />
      </div>
      {texting ? <AskToTextField field={fields.askToText} /> : null}
      <DialogFooter>
        <Button variant="outline" onClick={() => dispatch({ type: "back" })} disabled={creating}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        <Button type="submit" disabled={creating}>
          {creating ? "Creating..." : "Next: Booking Details"}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}

/**
 * The booking form's fields: the schema's, with the date and time typed (the server turns them into
 * `scheduledDate`), and the exact time typed when the Time menu says "Another time…".
 */
type BookingFields = Record<keyof BookingDraft | "customerId" | "scheduledDate" | "exactTime", string>;

/** Step 3: the booking, checked by newBookingSchema, then created by the page's action. */
function BookingStep({
  draft,
  customer,
  fetcher,
  answer,
  dispatch,
}: StepProps<BookingDraft> & { customer: CustomerSummary | null }) {
  const creating = fetcher.state !== "idle";
  const [form, fields] = useSchemaForm<typeof newBookingSchema, BookingFields>(newBookingSchema, {
    id: "new-booking",
    lastResult: answer?.result,
    defaultValue: draft,
    onValid: () => dispatch({ type: "posted", form: "booking" }),
  });
  const alert = creating ? null : refusalAlert(form, newBookingRefusal);
  const another = fields.time.value === ANOTHER_TIME;
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4" aria-busy={creating || undefined}>
      <input type="hidden" name="intent" value={BOOKING_INTENTS.createBooking} />
      <input type="hidden" name="customerId" value={customer ? String(customer.id) : ""} />
      <input type="hidden" name="status" value="pending" />
      {customer ? <ChosenCustomer customer={customer} /> : null}
      {alert ? (
        <Alert tone="destructive" role="alert">
          {alert}
        </Alert>
      ) : null}
      <TextField
        ref={focusWhenShown}
        field={fields.summary}
        label="Summary"
        placeholder="e.g. Panel upgrade estimate"
      />
      {/* Date and time are Baton Rouge time wherever this browser is: the server turns them into the instant. */}
      <div className="grid grid-cols-2 gap-4">
        <TextField
          field={fields.date}
          type="date"
          label="Date"
          required
          error={another ? undefined : fields.scheduledDate.errors?.[0]}
        />
        <SelectField field={fields.time} label="Time" required>
          {TIME_SLOTS.map((slot) => (
            <option key={slot} value={slot}>
              {slotLabel(slot)}
            </option>
          ))}
          {/* The ten slots are the specification's; an emergency tonight at 8 PM is booked at its time. */}
          <option value={ANOTHER_TIME}>Another time…</option>
        </SelectField>
      </div>
      {another ? (
        <TextField
          field={fields.exactTime}
          type="time"
          label="Exact time"
          required
          hint="Any time of day, Baton Rouge time."
          error={fields.scheduledDate.errors?.[0]}
        />
      ) : null}
      <TextField field={fields.address} label="Address (optional)" autoComplete="off" />
      <DayAvailability
        date={fields.date.value ?? ""}
        time={(another ? fields.exactTime.value : fields.time.value) ?? ""}
        technician={fields.technicianId}
        onTime={(time) => form.update({ name: fields.time.name, value: time })}
      />
      <SelectField field={fields.priority} label="Priority">
        {BOOKING_PRIORITIES.map((priority) => (
          <option key={priority} value={priority}>
            {priorityLabel(priority)}
          </option>
        ))}
      </SelectField>
      <TextareaField field={fields.details} label="Details (optional)" rows={3} className="min-h-0" />
      <DialogFooter>
        <Button variant="outline" onClick={() => dispatch({ type: "back" })} disabled={creating}>
          <ArrowLeft aria-hidden="true" />
          Back to Customers
        </Button>
        <Button type="submit" disabled={creating}>
          {creating ? "Creating..." : "Create Booking"}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}

/** GET /api/customers/search's answer: the customers found, or the API's refusal. */
type SearchAnswer = CustomerSummary[] | { success: false; message?: string };

const searchHref = (name: string) => `/api/customers/search${name ? `?name=${encodeURIComponent(name)}` : ""}`;

/**
 * The customers that match what is typed (the staff search: name, phone, email, address), read through a fetcher a moment after the
 * typing stops. While another query is on its way, the last list stays.
 */
function useCustomerSearch(query: string) {
  const { load, data, state } = useFetcher<SearchAnswer>();
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    const name = query.trim();
    const timer = setTimeout(
      () => {
        setAsked(query);
        void load(searchHref(name));
      },
      name ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [query, load]);
  const loading = asked !== query || state !== "idle";
  const results = Array.isArray(data) ? data : null;
  const error = data && !Array.isArray(data) ? "Could not load customers. Please try again." : null;
  return { loading, results, error };
}

function CustomerSelection({
  query,
  dispatch,
  onCancel,
}: {
  query: string;
  dispatch: (event: NewBookingEvent) => void;
  onCancel: () => void;
}) {
  const { loading, results, error } = useCustomerSearch(query);
  const listId = useId();
  return (
    <div className="grid gap-3">
      <div className="space-y-1.5">
        <Label htmlFor="customer-search">Customer</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
          />
          <Input
            id="customer-search"
            ref={focusWhenShown}
            type="search"
            autoComplete="off"
            placeholder="Search by name..."
            aria-controls={listId}
            className="pl-9"
            value={query}
            onChange={(e) => dispatch({ type: "search", query: e.target.value })}
          />
        </div>
      </div>
      <div role="status" aria-live="polite" className="min-h-5 text-sm text-slate-600">
        {loading ? (
          "Loading customers..."
        ) : error ? (
          <span className="text-destructive">{error}</span>
        ) : results && results.length === 0 ? (
          "No customers found"
        ) : null}
      </div>
      <ul
        id={listId}
        aria-label="Customers"
        className="max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 empty:hidden"
      >
        {(results ?? []).map((c) => (
          <li key={c.id}>
            <button
              type="button"
              onClick={() => dispatch({ type: "pick", customer: c })}
              className="flex w-full flex-col items-start gap-0.5 px-3 py-2 text-left hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
            >
              <span className="text-sm font-semibold text-slate-900">{c.name}</span>
              <span className="flex flex-wrap gap-x-3 text-xs text-slate-600">
                <span>{c.email}</span>
                <span>{c.phone}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="secondary" onClick={() => dispatch({ type: "create-new" })}>
          <UserPlus aria-hidden="true" />
          Create New Customer
        </Button>
      </DialogFooter>
    </div>
  );
}

function ChosenCustomer({ customer }: { customer: CustomerSummary }) {
  return (
    <section aria-label="Customer" className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm">
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        <UserRound aria-hidden="true" className="size-4 text-brand-700" />
        <Link to={`/admin/customers/${customer.id}`} className="underline-offset-2 hover:underline">
          {customer.name}
        </Link>
      </p>
      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-slate-700">
        <span className="inline-flex items-center gap-1.5">
          <Mail aria-hidden="true" className="size-3.5" />
          {customer.email}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Phone aria-hidden="true" className="size-3.5" />
          {customer.phone}
        </span>
      </p>
    </section>
  );
}
