import { Link, useFetcher } from "@remix-run/react";
import { Clock, Plus, UserRound } from "lucide-react";
import { useCallback, useEffect, useRef, type RefObject } from "react";
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
import type { TechnicianChoice } from "@app/shared/scheduling/technicians";
import { formatLocalDate, formatTime } from "@app/shared/time";
import { EmergencyAlert, PriorityBadge, StatusBadge } from "~/components/staff/badges";
import type { CalendarDayBooking } from "./calendar.server";
import { ContactLinks } from "~/components/staff/contact-links";
import { MoveVisitForm } from "~/features/bookings/move-visit-form";
import { TechnicianSelect } from "~/features/bookings/technician-select";

type DayState =
  | { status: "loading" }
  | { status: "error" }
  | { status: "done"; bookings: CalendarDayBooking[]; technicians: TechnicianChoice[] };

/** GET /admin/calendar/day's answer (routes/admin.calendar_.day.ts). */
type DayAnswer =
  { success: true; date: string; bookings: CalendarDayBooking[]; technicians: TechnicianChoice[] } | { success: false };

const LOAD_FAILED = "Failed to load this day's appointments";

/**
 * The open day's bookings with their customers' contact details, read from the resource route
 * GET /admin/calendar/day?date=… through a fetcher when the dialog opens. Remix reads it again
 * whenever the page's data reloads (a live update from other staff or a customer, or this
 * dialog's own technician change); what an earlier read found stays on screen meanwhile.
 */
function useCalendarDay(day: string): DayState & { retry: () => void } {
  const { load, data, state } = useFetcher<DayAnswer>();
  const href = `/admin/calendar/day?date=${encodeURIComponent(day)}`;
  const retry = useCallback(() => void load(href), [load, href]);
  useEffect(() => retry(), [retry]);

  // What was read for another day is never shown for this one.
  if (data?.success && data.date === day)
    return { status: "done", bookings: data.bookings, technicians: data.technicians, retry };
  if (data && !data.success && state === "idle") return { status: "error", retry };
  return { status: "loading", retry };
}

const countText = (n: number) => `${n} appointment(s) scheduled for this day`;

/** "Appointments for {date}" (docs/product.md#calendar). Its contents exist, and read the day, only while it is open. */
export function DayDialog({
  day,
  total,
  open,
  onOpenChange,
  onClosed,
  onAddAnother,
}: {
  day: string | null;
  /** The day's count from the month, shown until the day itself is read. */
  total: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Closed (Escape, the close button, or Add Another): the page puts the focus back on the day. */
  onClosed: () => void;
  onAddAnother: () => void;
}) {
  const title = useRef<HTMLHeadingElement>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-2xl"
        // Opens on its title, which a screen reader reads first, rather than on its last button.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          title.current?.focus();
        }}
        // The dialog was opened from a day of the grid (no trigger of its own): the page returns there.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        {day ? <DayAppointments titleRef={title} day={day} total={total} onAddAnother={onAddAnother} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DayAppointments({
  titleRef,
  day,
  total,
  onAddAnother,
}: {
  titleRef: RefObject<HTMLHeadingElement>;
  day: string;
  total: number;
  onAddAnother: () => void;
}) {
  const state = useCalendarDay(day);
  return (
    <>
      <DialogHeader>
        <DialogTitle ref={titleRef} tabIndex={-1} className="focus:outline-none">
          Appointments for {formatLocalDate(day)}
        </DialogTitle>
        <DialogDescription>{countText(state.status === "done" ? state.bookings.length : total)}</DialogDescription>
      </DialogHeader>
      {state.status === "loading" ? (
        <p role="status" className="py-6 text-center text-sm text-slate-600">
          Loading...
        </p>
      ) : state.status === "error" ? (
        <Alert tone="destructive" role="alert" className="flex flex-wrap items-center justify-between gap-3">
          <span>{LOAD_FAILED}</span>
          <Button type="button" size="sm" variant="outline" onClick={state.retry}>
            Try again
          </Button>
        </Alert>
      ) : (
        <ul className="grid gap-3">
          {state.bookings.map((booking) => (
            <li key={booking.id}>
              <DayEntry booking={booking} technicians={state.technicians} />
            </li>
          ))}
        </ul>
      )}
      <DialogFooter>
        <Button onClick={onAddAnother}>
          <Plus aria-hidden="true" />
          Add Another Appointment
        </Button>
      </DialogFooter>
    </>
  );
}

function DayEntry({ booking, technicians }: { booking: CalendarDayBooking; technicians: readonly TechnicianChoice[] }) {
  const { customer } = booking;
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
            <Link to={`/admin/bookings/${booking.id}`} className="font-medium text-brand-700 underline">
              #{booking.id}
              <span className="sr-only"> (open booking)</span>
            </Link>
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <PriorityBadge priority={booking.priority} />
          <StatusBadge status={booking.status} />
        </div>
      </div>

      {booking.priority === "emergency" ? <EmergencyAlert /> : null}

      {booking.details ? <p className="mt-3 whitespace-pre-line text-sm text-slate-700">{booking.details}</p> : null}

      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-slate-700" aria-hidden="true">
          Technician
        </span>
        <TechnicianSelect booking={booking} technicians={technicians} action="/admin/calendar" />
      </div>

      <details className="mt-3 rounded-md border border-slate-200 p-2.5">
        <summary className="min-h-11 cursor-pointer content-center text-sm font-medium text-slate-800">
          Move<span className="sr-only"> booking #{booking.id}</span>
        </summary>
        <div className="mt-3">
          <MoveVisitForm visit={booking} technicians={technicians} action="/admin/calendar" />
        </div>
      </details>

      <div className="mt-3 rounded-md bg-slate-50 p-2.5 text-sm">
        {customer ? (
          <div className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-x-4">
            <span className="inline-flex items-center gap-1.5 font-medium text-slate-900">
              <UserRound aria-hidden="true" className="size-3.5 text-slate-500" />
              {customer.name}
            </span>
            <ContactLinks phone={customer.phone} email={customer.email} inline />
          </div>
        ) : (
          <p className="text-slate-600">Customer unknown</p>
        )}
      </div>
    </article>
  );
}
