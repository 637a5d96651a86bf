import { Clock, Mail, Phone, Plus, Siren, UserRound } from "lucide-react";
import { useEffect, useState } from "react";
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
import { useApiFetch } from "~/features/auth/use-api-fetch";
import type { CustomerSummary } from "./action-result";
import { PriorityBadge, StatusBadge } from "./badges";
import type { CalendarBooking } from "./calendar.server";
import { formatLocalDate, formatTime } from "@app/shared/time";
import { telHref } from "./format";
import { TechnicianSelect } from "./technician-select";
import type { TechnicianChoice } from "@app/shared/scheduling";

type CustomerState =
  { status: "loading" } | { status: "error"; message: string } | { status: "done"; byId: Map<number, CustomerSummary> };

/**
 * The customers of the open day's bookings: GET /api/customers/search?ids=…,
 * only while the dialog is open and there are ids (docs/product.md#calendar).
 */
function useDayCustomers(open: boolean, ids: number[]): CustomerState {
  // Stable: it changes only with the router's revalidate function.
  const apiFetch = useApiFetch();
  const key = [...new Set(ids)].sort((a, b) => a - b).join(",");
  const [state, setState] = useState<{ key: string; value: CustomerState }>({ key: "", value: { status: "loading" } });
  // A closed dialog forgets what it fetched, so opening it again shows "loading" until the new answer.
  if (!open && state.key !== "") setState({ key: "", value: { status: "loading" } });

  useEffect(() => {
    if (!open || !key) return;
    const controller = new AbortController();
    apiFetch(`/api/customers/search?ids=${key}`, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error("Failed to fetch customers");
        const list = (await response.json()) as CustomerSummary[];
        if (!controller.signal.aborted)
          setState({ key, value: { status: "done", byId: new Map(list.map((c) => [c.id, c])) } });
      })
      .catch(() => {
        if (!controller.signal.aborted)
          setState({ key, value: { status: "error", message: "Failed to fetch customers" } });
      });
    return () => controller.abort();
  }, [open, key, apiFetch]);

  // What was fetched for another day is never shown for this one.
  return state.key === key ? state.value : { status: "loading" };
}

const countText = (n: number) => `${n} appointment(s) scheduled for this day`;

export function DayDialog({
  day,
  bookings,
  technicians,
  open,
  onOpenChange,
  onAddAnother,
}: {
  day: string | null;
  bookings: CalendarBooking[];
  technicians: readonly TechnicianChoice[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAddAnother: () => void;
}) {
  const customers = useDayCustomers(
    open,
    bookings.map((b) => b.customerId),
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Appointments for {day ? formatLocalDate(day) : ""}</DialogTitle>
          <DialogDescription>{countText(bookings.length)}</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-3">
          {bookings.map((booking) => (
            <li key={booking.id}>
              <DayEntry booking={booking} customers={customers} technicians={technicians} />
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button onClick={onAddAnother}>
            <Plus aria-hidden="true" />
            Add Another Appointment
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function DayEntry({
  booking,
  customers,
  technicians,
}: {
  booking: CalendarBooking;
  customers: CustomerState;
  technicians: readonly TechnicianChoice[];
}) {
  const customer = customers.status === "done" ? customers.byId.get(booking.customerId) : undefined;
  const headingId = `day-booking-${booking.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-3 sm:p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {booking.summary}
          </h3>
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-slate-600">
            <Clock aria-hidden="true" className="size-3.5" />
            {formatTime(booking.scheduledDate)}
            <span className="text-slate-400" aria-hidden="true">
              ·
            </span>
            <span>#{booking.id}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <PriorityBadge priority={booking.priority} />
          <StatusBadge status={booking.status} />
        </div>
      </div>

      {booking.priority === "emergency" ? (
        <Alert tone="destructive" className="mt-3 flex items-start gap-2 border-red-300">
          <Siren aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong className="block font-semibold">Emergency Priority</strong>
            This customer needs immediate attention. Call them and dispatch a technician right away.
          </span>
        </Alert>
      ) : null}

      {booking.details ? <p className="mt-3 whitespace-pre-line text-sm text-slate-700">{booking.details}</p> : null}

      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-slate-700" aria-hidden="true">
          Technician
        </span>
        <TechnicianSelect booking={booking} technicians={technicians} action="/admin/calendar" />
      </div>

      <div className="mt-3 rounded-md bg-slate-50 p-2.5 text-sm">
        {customers.status === "loading" ? (
          <p className="text-slate-600">Loading customer info...</p>
        ) : customers.status === "error" ? (
          <p className="text-destructive">
            {customers.message} (Customer ID: {booking.customerId})
          </p>
        ) : customer ? (
          <div className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-x-4">
            <span className="inline-flex items-center gap-1.5 font-medium text-slate-900">
              <UserRound aria-hidden="true" className="size-3.5 text-slate-500" />
              {customer.name}
            </span>
            <a
              href={telHref(customer.phone)}
              className="inline-flex items-center gap-1.5 text-brand-700 underline-offset-2 hover:underline"
            >
              <Phone aria-hidden="true" className="size-3.5" />
              {customer.phone}
            </a>
            <a
              href={`mailto:${customer.email}`}
              className="inline-flex items-center gap-1.5 break-all text-brand-700 underline-offset-2 hover:underline"
            >
              <Mail aria-hidden="true" className="size-3.5" />
              {customer.email}
            </a>
          </div>
        ) : (
          <p className="text-slate-600">Customer ID: {booking.customerId}</p>
        )}
      </div>
    </article>
  );
}
