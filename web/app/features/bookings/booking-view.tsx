/** A booking's page, /admin/bookings/{id} (docs/product.md#a-booking): its facts, its forms (status, technician, move, confirmation again), its estimates and invoices. */
import { BOOKING_INTENTS } from "~/features/bookings/bookings-intents";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CalendarDays, FileText } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import type { StaffActionResult } from "./action-result";
import { Button, buttonVariants } from "~/components/ui/button";
import { Label, NativeSelect } from "~/components/ui/field";
import { AdminPageHeader, PostedOutcome } from "~/components/staff/staff-frame";
import { AdminShell } from "~/features/live/admin-shell";
import { EmergencyAlert, PriorityBadge, StatusBadge } from "~/components/staff/badges";
import { ContactLinks } from "~/components/staff/contact-links";
import { BOOKING_STATUSES, statusLabel, type Booking } from "~/components/staff/format";
import { TechnicianOptions } from "./technician-select";
import { MoveVisitForm } from "./move-visit-form";
import { businessMonth, formatDate, formatDateTime, monthKey } from "@app/shared/time";
import { visitSchedule } from "@app/shared/booking/visits";
import { nextStatuses } from "@app/shared/booking/visit-status";
import { BookingEstimates } from "~/features/estimates/estimate-admin-view";
import { BookingInvoices, CreateInvoiceButton } from "~/features/invoices/invoice-admin-view";
import type { bookingPageAction } from "./bookings-actions.server";
import { useActionOutcome } from "~/utils/use-action-outcome";
import type { bookingLoader } from "./booking-detail.server";

export function BookingPage() {
  const { booking, technicians, emailCustomer, estimates, invoices } = useLoaderData<typeof bookingLoader>();
  // Kept through the live reload its own change sets off (every staff page hears it).
  const posted = useActionOutcome<typeof bookingPageAction>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";

  if (!booking)
    return (
      <AdminShell>
        <AdminPageHeader back={{ to: "/admin/bookings", label: "Back to Bookings" }} title="Booking not found" />
        <p className="text-slate-700">There is no booking with this number. It may have been merged or removed.</p>
      </AdminShell>
    );

  const customer = booking.customer;

  return (
    <AdminShell>
      <AdminPageHeader
        back={{ to: "/admin/bookings", label: "Back to Bookings" }}
        title={`Booking #${booking.id}`}
        description={booking.summary}
        actions={
          <>
            <Link to={`/admin/estimates/new?booking=${booking.id}`} className={buttonVariants({ variant: "outline" })}>
              <FileText aria-hidden="true" />
              New estimate
            </Link>
            {invoices.some((i) => i.status !== "void") ? null : <CreateInvoiceButton busy={busy} />}
            <Link
              to={`/admin/calendar?month=${monthKey(businessMonth(new Date(booking.scheduledDate)))}`}
              className={buttonVariants({ variant: "outline" })}
            >
              <CalendarDays aria-hidden="true" />
              Calendar View
            </Link>
          </>
        }
      />

      {posted && posted.intent !== "move-visit" ? (
        <PostedOutcome ok={posted.ok} message={posted.message} at={posted.at} />
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section
          aria-labelledby="booking-heading"
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h2 id="booking-heading" className="text-lg font-semibold text-slate-900">
              {booking.summary}
            </h2>
            <div className="flex flex-wrap gap-1.5">
              <PriorityBadge priority={booking.priority} />
              <StatusBadge status={booking.status} />
            </div>
          </div>
          {booking.priority === "emergency" ? <EmergencyAlert /> : null}
          {booking.details ? (
            <p className="mt-3 whitespace-pre-line text-sm text-slate-700">{booking.details}</p>
          ) : null}
          <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <ScheduleFacts booking={booking} />
            <Fact term="Technician">{booking.technicianName ?? "Unassigned"}</Fact>
            <Fact term="Address">{booking.address ?? "Not given"}</Fact>
            <Fact term="Created">{formatDate(booking.createdAt, "Unknown")}</Fact>
            <CustomerFact booking={booking} />
            {customer ? (
              <Fact term="Contact">
                <ContactLinks phone={customer.phone} email={customer.email} />
              </Fact>
            ) : null}
            <BookingEstimates estimates={estimates} />
            <BookingInvoices invoices={invoices} />
          </dl>
        </section>

        <div className="grid content-start gap-4">
          <MoveSection booking={booking} technicians={technicians} posted={posted} />
          <FieldForm intent="update-status" bookingId={booking.id} name="status" value={booking.status} busy={busy}>
            {BOOKING_STATUSES.filter(
              (s) => s === booking.status || nextStatuses("staff", booking.status).includes(s),
            ).map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </FieldForm>
          <FieldForm
            intent="assign-technician"
            bookingId={booking.id}
            name="technicianId"
            value={String(booking.technicianId ?? "")}
            busy={busy}
          >
            <TechnicianOptions booking={booking} technicians={technicians} />
          </FieldForm>
          {booking.status === "pending" || booking.status === "in_progress" ? (
            <Form method="post" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <input type="hidden" name="intent" value={BOOKING_INTENTS.resendConfirmation} />
              <input type="hidden" name="bookingId" value={booking.id} />
              <p className="text-sm text-slate-700">
                {emailCustomer
                  ? "Send the customer their confirmation again."
                  : "The customer has not been emailed about this visit (their address had reached its share of our email). Once you have spoken to them, send it:"}
              </p>
              <Button type="submit" variant="outline" className="mt-2" disabled={busy}>
                Resend confirmation
              </Button>
            </Form>
          ) : null}
        </div>
      </div>
    </AdminShell>
  );
}

/**
 * When the visit is: its day, and its arrival window or its time, from the booking's schedule, never from
 * its text, which a move would leave behind (docs/product.md#a-booking).
 */
function ScheduleFacts({ booking }: { booking: Booking }) {
  const schedule = visitSchedule({
    scheduledDate: new Date(booking.scheduledDate),
    durationMinutes: booking.durationMinutes,
  });
  return (
    <>
      <Fact term="Scheduled">
        {schedule.day}
        {booking.needsPlacing && booking.status === "pending" ? (
          <span className="block text-xs font-medium text-amber-800">To be placed</span>
        ) : null}
        {booking.customerConfirmedAt ? (
          <span className="block text-xs font-medium text-green-800" data-customer-confirmed>
            Confirmed by the customer (text), {formatDateTime(booking.customerConfirmedAt)}
          </span>
        ) : null}
      </Fact>
      <Fact term={schedule.label}>{schedule.time}</Fact>
    </>
  );
}

/** The booking's customer: their name, leading to their record, and their numbers. */
function CustomerFact({ booking }: { booking: Booking }) {
  return (
    <Fact term="Customer">
      {booking.customer ? (
        <Link
          to={`/admin/customers/${booking.customerId}`}
          className="block font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {booking.customer.name}
        </Link>
      ) : null}
      <span className="block text-slate-600">Customer ID: {booking.customerId}</span>
      {booking.serviceTitanId ? <span className="block text-slate-600">ST: {booking.serviceTitanId}</span> : null}
    </Fact>
  );
}

/** "Move this visit" ("Place this request" for one still to be placed): the one Move form. */
function MoveSection({
  booking,
  technicians,
  posted,
}: { posted?: StaffActionResult } & Pick<ComponentProps<typeof MoveVisitForm>, "technicians"> & {
    booking: ComponentProps<typeof MoveVisitForm>["visit"] & { needsPlacing: boolean; status: string };
  }) {
  return (
    <section aria-labelledby="move-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="move-heading" className="mb-3 text-base font-semibold text-slate-900">
        {booking.needsPlacing && booking.status === "pending" ? "Place this request" : "Move this visit"}
      </h2>
      <MoveVisitForm visit={booking} technicians={technicians} posted={posted} />
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{term}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}

/** The booking's fields its page changes: each one's label and menu id. */
const FIELDS = {
  status: { label: "Status", id: "booking-status" },
  technicianId: { label: "Technician", id: "booking-technician" },
} as const;

/**
 * One of the booking's fields as a plain form: its menu and a Save button, posting the list's
 * intent for it. The menu starts again from the saved value after each post (`key`).
 */
function FieldForm({
  intent,
  bookingId,
  name,
  value,
  busy,
  children,
}: {
  intent: typeof BOOKING_INTENTS.updateStatus | typeof BOOKING_INTENTS.assignTechnician;
  bookingId: number;
  name: keyof typeof FIELDS;
  value: string;
  busy: boolean;
  children: ReactNode;
}) {
  const { label, id } = FIELDS[name];
  return (
    <Form method="post" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="bookingId" value={bookingId} />
      <Label htmlFor={id}>{label}</Label>
      <div className="mt-1.5 flex gap-2">
        <NativeSelect id={id} name={name} defaultValue={value} key={value}>
          {children}
        </NativeSelect>
        <Button type="submit" variant="outline" disabled={busy}>
          Save<span className="sr-only"> {label.toLowerCase()}</span>
        </Button>
      </div>
    </Form>
  );
}
