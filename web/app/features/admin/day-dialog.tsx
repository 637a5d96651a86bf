import { Clock, Plus, UserRound } from "lucide-react";
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
import { useApiFetch } from "~/utils/api-client";
import type { TechnicianChoice } from "@app/shared/scheduling";
import { formatLocalDate, formatTime } from "@app/shared/time";
import { EmergencyAlert, PriorityBadge, StatusBadge } from "./badges";
import type { CalendarDayBooking } from "./calendar.server";
import { ContactLinks } from "./contact-links";
import { TechnicianSelect } from "./technician-select";

type DayState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "done"; bookings: CalendarDayBooking[]; technicians: TechnicianChoice[] };

const LOAD_FAILED = "Failed to load this day's appointments";

/**
 * The open day's bookings with their customers' contact details, read from
 * GET /admin/calendar/day?date=… when the dialog opens, and again whenever
 * `version` changes: the calendar passes its loader data, which is new after
 * every reload of the page (a live update from other staff or a customer, or
 * this dialog's own technician change). What an earlier read found stays on
 * screen while the next one is on its way.
 */
function useCalendarDay(day: string, version: unknown): DayState & { retry: () => void } {
  // Stable: it changes only with the router's revalidate function.
  const apiFetch = useApiFetch();
  const [state, setState] = useState<{ day: string; value: DayState } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    apiFetch(`/admin/calendar/day?date=${encodeURIComponent(day)}`, { signal: controller.signal })
      .then(async (response) => {
        const body = (await response.json().catch(() => null)) as
          | { success: true; bookings: CalendarDayBooking[]; technicians: TechnicianChoice[] }
          | { success: false; message?: string }
          | null;
        if (controller.signal.aborted) return;
        if (!response.ok || !body?.success)
          setState({
            day,
            value: { status: "error", message: (body && !body.success && body.message) || LOAD_FAILED },
          });
        else setState({ day, value: { status: "done", bookings: body.bookings, technicians: body.technicians } });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ day, value: { status: "error", message: LOAD_FAILED } });
      });
    return () => controller.abort();
  }, [day, version, attempt, apiFetch]);

  const retry = () => setAttempt((n) => n + 1);
  // What was read for another day is never shown for this one.
  return { ...(state?.day === day ? state.value : { status: "loading" as const }), retry };
}

const countText = (n: number) => `${n} appointment(s) scheduled for this day`;

/** "Appointments for {date}" (docs/product.md#calendar). Its contents exist, and read the day, only while it is open. */
export function DayDialog({
  day,
  total,
  version,
  open,
  onOpenChange,
  onAddAnother,
}: {
  day: string | null;
  /** The day's count from the month, shown until the day itself is read. */
  total: number;
  version: unknown;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAddAnother: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        {day ? <DayAppointments day={day} total={total} version={version} onAddAnother={onAddAnother} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DayAppointments({
  day,
  total,
  version,
  onAddAnother,
}: {
  day: string;
  total: number;
  version: unknown;
  onAddAnother: () => void;
}) {
  const state = useCalendarDay(day, version);
  return (
    <>
      <DialogHeader>
        <DialogTitle>Appointments for {formatLocalDate(day)}</DialogTitle>
        <DialogDescription>{countText(state.status === "done" ? state.bookings.length : total)}</DialogDescription>
      </DialogHeader>
      {state.status === "loading" ? (
        <p role="status" className="py-6 text-center text-sm text-slate-600">
          Loading...
        </p>
      ) : state.status === "error" ? (
        <Alert tone="destructive" role="alert" className="flex flex-wrap items-center justify-between gap-3">
          <span>{state.message}</span>
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
            <span>#{booking.id}</span>
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
