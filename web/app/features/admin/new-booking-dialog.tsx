/**
 * The New Booking dialog (docs/product.md#new-booking-dialog), used by the bookings list and
 * the calendar: customer_selection → (pick) booking, or → new_customer →
 * (created) booking. Back returns to the previous step; closing, or a
 * successful booking, resets every field and returns to customer_selection.
 *
 * Customers are searched through GET /api/customers/search; the customer and
 * the booking are created by the page's action (intents `create-customer`
 * and `create-booking`), the same work as POST /api/customers and /api/bookings.
 */
import { useFetcher } from "@remix-run/react";
import { ArrowLeft, Mail, Phone, Search, UserPlus, UserRound } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  ADDRESS_MAX_LENGTH,
  BOOKING_DETAILS_MAX_LENGTH,
  BOOKING_SUMMARY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  CUSTOMER_NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
} from "@app/shared/api/limits";
import { newBookingRefusal, newBookingSchema, newCustomerRefusal, newCustomerSchema } from "@app/shared/api/admin";
import { fieldErrors } from "@app/shared/api/errors";
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
import { Input, Label, NativeSelect, Textarea } from "~/components/ui/field";
import { Field } from "~/components/ui/legacy-field";
import { businessDate, slotLabel } from "@app/shared/time";
import { useApiFetch } from "~/utils/api-client";
import { toastResult, useFetcherDone, type ActionResult, type CustomerSummary } from "./action-result";
import { DayAvailability } from "./day-availability";
import {
  BOOKING_PRIORITIES,
  DEFAULT_PRIORITY,
  DEFAULT_TIME_SLOT,
  priorityLabel,
  TIME_SLOTS,
  type Booking,
  type BookingPriority,
} from "./format";

export type BookingStep = "customer_selection" | "new_customer" | "booking";

const SEARCH_DEBOUNCE_MS = 250;

/**
 * The ref of each step's first field: focused as the step appears (when the
 * dialog opens, then at each step), the dialog's initial focus. A function
 * defined once, so React calls it only when the field mounts.
 */
const focusWhenShown = (element: HTMLElement | null) => element?.focus();

interface BookingFields {
  summary: string;
  date: string;
  time: string;
  priority: BookingPriority;
  details: string;
  /** A technician's id, or "" for nobody yet. */
  technicianId: string;
  address: string;
}

const emptyCustomer = { name: "", email: "", phone: "" };

export interface NewBookingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** YYYY-MM-DD: the calendar's chosen day; today when absent. */
  defaultDate?: string;
  onCreated?: (booking: Booking) => void;
  /** Opening starts from these (e.g. from an inbox message): the customer found by email goes straight to
   *  the booking step, otherwise the new customer step is filled in. */
  prefill?: BookingPrefill | null;
}

export interface BookingPrefill {
  name: string;
  email: string;
  phone: string;
  summary: string;
  details: string;
  customer: CustomerSummary | null;
}

export function NewBookingDialog({ open, onOpenChange, defaultDate, onCreated, prefill }: NewBookingDialogProps) {
  const [step, setStep] = useState<BookingStep>("customer_selection");
  const [customer, setCustomer] = useState<CustomerSummary | null>(null);
  const [query, setQuery] = useState("");
  const [newCustomer, setNewCustomer] = useState(emptyCustomer);
  const [customerError, setCustomerError] = useState<string | null>(null);
  const [customerFieldErrors, setCustomerFieldErrors] = useState<Record<string, string>>({});
  const freshBooking = (): BookingFields => ({
    summary: "",
    date: defaultDate || businessDate(),
    time: DEFAULT_TIME_SLOT,
    priority: DEFAULT_PRIORITY,
    details: "",
    technicianId: "",
    address: "",
  });
  const [booking, setBooking] = useState<BookingFields>(freshBooking);
  const [bookingError, setBookingError] = useState<string | null>(null);
  const [bookingFieldErrors, setBookingFieldErrors] = useState<Record<string, string>>({});

  const customerFetcher = useFetcher<ActionResult>();
  const bookingFetcher = useFetcher<ActionResult>();
  const creatingCustomer = customerFetcher.state !== "idle";
  const creatingBooking = bookingFetcher.state !== "idle";
  // Results that arrive after the dialog was closed (and reset) are not applied to the next booking.
  const [generation, setGeneration] = useState(0);
  const submittedIn = useRef({ customer: -1, booking: -1 });

  const reset = () => {
    setGeneration((g) => g + 1);
    setStep("customer_selection");
    setCustomer(null);
    setQuery("");
    setNewCustomer(emptyCustomer);
    setCustomerError(null);
    setCustomerFieldErrors({});
    setBooking(freshBooking());
    setBookingError(null);
    setBookingFieldErrors({});
    if (prefill) {
      setBooking({
        ...freshBooking(),
        summary: prefill.summary.slice(0, 200),
        details: prefill.details.slice(0, 5000),
      });
      if (prefill.customer) {
        setCustomer(prefill.customer);
        setStep("booking");
      } else {
        setNewCustomer({
          name: prefill.name.slice(0, 120),
          email: prefill.email.slice(0, 254),
          phone: prefill.phone.slice(0, 40),
        });
        setStep("new_customer");
      }
    }
  };

  // Each opening starts clean, on the day it was opened for and from the prefill it was given, also when
  // the dialog is first rendered already open. Done while rendering, so the first open frame shows it.
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) reset();
  }

  const close = () => {
    reset();
    onOpenChange(false);
  };

  useFetcherDone(customerFetcher, (result) => {
    if (submittedIn.current.customer !== generation) return;
    toastResult(result, "Customer created successfully", "Failed to create customer");
    if (result.ok && result.customer) {
      setCustomer(result.customer);
      setBookingError(null);
      setStep("booking");
    } else if (!result.ok) {
      setCustomerFieldErrors(result.errors ?? {});
    }
  });

  useFetcherDone(bookingFetcher, (result) => {
    if (submittedIn.current.booking !== generation) return;
    toastResult(result, "Booking created successfully", "Failed to create booking");
    if (result.ok) {
      if (result.booking) onCreated?.(result.booking);
      close();
    } else {
      setBookingFieldErrors(result.errors ?? {});
    }
  });

  const submitCustomer = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = { name: newCustomer.name.trim(), email: newCustomer.email.trim(), phone: newCustomer.phone.trim() };
    // The rules the page's action applies (newCustomerSchema), with its words.
    const check = newCustomerSchema.safeParse(values);
    if (!check.success) {
      const errors = fieldErrors(check.error);
      setCustomerError(newCustomerRefusal(values, errors));
      setCustomerFieldErrors(errors);
      return;
    }
    setCustomerError(null);
    setCustomerFieldErrors({});
    submittedIn.current.customer = generation;
    customerFetcher.submit({ intent: "create-customer", ...values }, { method: "post" });
  };

  const submitBooking = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const summary = booking.summary.trim();
    const payload = {
      customerId: customer ? String(customer.id) : "",
      summary,
      details: booking.details.trim(),
      priority: booking.priority,
      // The date and time typed are Baton Rouge time wherever this browser is: they go to the server as typed,
      // and the server turns them into the instant (the clock, @app/shared/time).
      date: booking.date,
      time: booking.time,
      status: "pending",
      technicianId: booking.technicianId,
      address: booking.address.trim(),
    };
    // The rules the page's action applies (newBookingSchema) to what is sent, with its words.
    const check = newBookingSchema.safeParse(payload);
    if (!check.success) {
      const errors = fieldErrors(check.error);
      setBookingError(newBookingRefusal(payload, errors));
      setBookingFieldErrors(errors);
      return;
    }
    setBookingError(null);
    setBookingFieldErrors({});
    submittedIn.current.booking = generation;
    bookingFetcher.submit({ intent: "create-booking", ...payload }, { method: "post" });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>New Booking</DialogTitle>
          <DialogDescription>
            {step === "customer_selection"
              ? "Step 1: choose the customer, or create a new one."
              : step === "new_customer"
                ? "Step 2: the new customer's details."
                : "Step 3: the appointment details."}
          </DialogDescription>
        </DialogHeader>

        {step === "customer_selection" ? (
          <CustomerSelection
            open={open}
            query={query}
            onQueryChange={setQuery}
            onPick={(c) => {
              setCustomer(c);
              setBookingError(null);
              setStep("booking");
            }}
            onCancel={close}
            onCreateNew={() => {
              // What was typed as a search is most likely the new customer's name.
              setNewCustomer((c) =>
                c.name || !query.trim() || query.includes("@") ? c : { ...c, name: query.trim() },
              );
              setStep("new_customer");
            }}
          />
        ) : null}

        {step === "new_customer" ? (
          <form noValidate onSubmit={submitCustomer} className="grid gap-4" aria-busy={creatingCustomer || undefined}>
            {customerError ? (
              <Alert tone="destructive" role="alert">
                {customerError}
              </Alert>
            ) : null}
            <Field id="new-customer-name" label="Name" required error={customerFieldErrors.name}>
              {(p) => (
                <Input
                  {...p}
                  ref={focusWhenShown}
                  name="name"
                  autoComplete="off"
                  maxLength={CUSTOMER_NAME_MAX_LENGTH}
                  value={newCustomer.name}
                  onChange={(e) => setNewCustomer({ ...newCustomer, name: e.target.value })}
                />
              )}
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="new-customer-email" label="Email" required error={customerFieldErrors.email}>
                {(p) => (
                  <Input
                    {...p}
                    type="email"
                    name="email"
                    autoComplete="off"
                    maxLength={EMAIL_MAX_LENGTH}
                    value={newCustomer.email}
                    onChange={(e) => setNewCustomer({ ...newCustomer, email: e.target.value })}
                  />
                )}
              </Field>
              <Field id="new-customer-phone" label="Phone" required error={customerFieldErrors.phone}>
                {(p) => (
                  <Input
                    {...p}
                    type="tel"
                    name="phone"
                    autoComplete="off"
                    maxLength={PHONE_MAX_LENGTH}
                    value={newCustomer.phone}
                    onChange={(e) => setNewCustomer({ ...newCustomer, phone: e.target.value })}
                  />
                )}
              </Field>
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => setStep("customer_selection")} disabled={creatingCustomer}>
                <ArrowLeft aria-hidden="true" />
                Back
              </Button>
              <Button type="submit" disabled={creatingCustomer}>
                {creatingCustomer ? "Creating..." : "Next: Booking Details"}
              </Button>
            </DialogFooter>
          </form>
        ) : null}

        {step === "booking" ? (
          <form noValidate onSubmit={submitBooking} className="grid gap-4" aria-busy={creatingBooking || undefined}>
            {customer ? <ChosenCustomer customer={customer} /> : null}
            {bookingError ? (
              <Alert tone="destructive" role="alert">
                {bookingError}
              </Alert>
            ) : null}
            <Field id="booking-summary" label="Summary" required error={bookingFieldErrors.summary}>
              {(p) => (
                <Input
                  {...p}
                  ref={focusWhenShown}
                  name="summary"
                  maxLength={BOOKING_SUMMARY_MAX_LENGTH}
                  placeholder="e.g. Panel upgrade estimate"
                  value={booking.summary}
                  onChange={(e) => setBooking({ ...booking, summary: e.target.value })}
                />
              )}
            </Field>
            <div className="grid grid-cols-2 gap-4">
              <Field id="booking-date" label="Date" required error={bookingFieldErrors.scheduledDate}>
                {(p) => (
                  <Input
                    {...p}
                    type="date"
                    name="date"
                    value={booking.date}
                    onChange={(e) => setBooking({ ...booking, date: e.target.value })}
                  />
                )}
              </Field>
              <Field id="booking-time" label="Time" required>
                {(p) => (
                  <NativeSelect
                    {...p}
                    name="time"
                    value={booking.time}
                    onChange={(e) => setBooking({ ...booking, time: e.target.value })}
                  >
                    {TIME_SLOTS.map((slot) => (
                      <option key={slot} value={slot}>
                        {slotLabel(slot)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
            </div>
            <Field id="booking-address" label="Address (optional)" error={bookingFieldErrors.address}>
              {(p) => (
                <Input
                  {...p}
                  name="address"
                  autoComplete="off"
                  maxLength={ADDRESS_MAX_LENGTH}
                  value={booking.address}
                  onChange={(e) => setBooking({ ...booking, address: e.target.value })}
                />
              )}
            </Field>
            <DayAvailability
              date={booking.date}
              time={booking.time}
              technicianId={booking.technicianId}
              onTime={(time) => setBooking({ ...booking, time })}
              onTechnician={(technicianId) => setBooking({ ...booking, technicianId })}
              error={bookingFieldErrors.technicianId}
            />
            <Field id="booking-priority" label="Priority" error={bookingFieldErrors.priority}>
              {(p) => (
                <NativeSelect
                  {...p}
                  name="priority"
                  value={booking.priority}
                  onChange={(e) => setBooking({ ...booking, priority: e.target.value as BookingPriority })}
                >
                  {BOOKING_PRIORITIES.map((priority) => (
                    <option key={priority} value={priority}>
                      {priorityLabel(priority)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field id="booking-details" label="Details (optional)" error={bookingFieldErrors.details}>
              {(p) => (
                <Textarea
                  {...p}
                  name="details"
                  rows={3}
                  className="min-h-0"
                  maxLength={BOOKING_DETAILS_MAX_LENGTH}
                  value={booking.details}
                  onChange={(e) => setBooking({ ...booking, details: e.target.value })}
                />
              )}
            </Field>
            <DialogFooter>
              <Button variant="outline" onClick={() => setStep("customer_selection")} disabled={creatingBooking}>
                <ArrowLeft aria-hidden="true" />
                Back to Customers
              </Button>
              <Button type="submit" disabled={creatingBooking}>
                {creatingBooking ? "Creating..." : "Create Booking"}
              </Button>
            </DialogFooter>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CustomerSelection({
  open,
  query,
  onQueryChange,
  onPick,
  onCancel,
  onCreateNew,
}: {
  open: boolean;
  query: string;
  onQueryChange: (q: string) => void;
  onPick: (c: CustomerSummary) => void;
  onCancel: () => void;
  onCreateNew: () => void;
}) {
  // Stable: it changes only with the router's revalidate function.
  const apiFetch = useApiFetch();
  // The last answer, and the query it answers: a different query is loading (the old list stays meanwhile).
  const [answer, setAnswer] = useState<{
    query: string | null;
    results: CustomerSummary[] | null;
    error: string | null;
  }>({
    query: null,
    results: null,
    error: null,
  });
  const { results, error } = answer;
  const loading = answer.query !== query;
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const name = query.trim();
    // Never rejects: a failure is shown as the error.
    const search = async () => {
      try {
        const response = await apiFetch(`/api/customers/search${name ? `?name=${encodeURIComponent(name)}` : ""}`, {
          signal: controller.signal,
        });
        if (!response.ok) throw new Error(`${response.status}`);
        const found = (await response.json()) as CustomerSummary[];
        if (controller.signal.aborted) return;
        setAnswer({ query, results: Array.isArray(found) ? found : [], error: null });
      } catch {
        if (controller.signal.aborted) return;
        setAnswer((last) => ({ ...last, query, error: "Could not load customers. Please try again." }));
      }
    };
    const timer = setTimeout(() => void search(), name ? SEARCH_DEBOUNCE_MS : 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, query, apiFetch]);

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
            onChange={(e) => onQueryChange(e.target.value)}
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
              onClick={() => onPick(c)}
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
        <Button variant="secondary" onClick={onCreateNew}>
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
        {customer.name}
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
