import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigation,
  useRevalidator,
  useSubmit,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { CalendarDays, ChevronLeft, ChevronRight, Download, Inbox, LoaderCircle, Plus } from "lucide-react";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Label, NativeSelect } from "~/components/ui/field";
import { toastResult, useFetcherDone, type ActionResult } from "~/features/admin/action-result";
import { bookingsAction } from "~/features/admin/admin-actions.server";
import { AdminPageHeader, AdminShell } from "~/features/admin/admin-shell";
import { PriorityBadge, StatusBadge } from "~/features/admin/badges";
import { bookingsPage, parseBookingsSearch } from "~/features/admin/bookings-page.server";
import { DataTable, TBody, Td, Th, THead, Tr } from "~/features/admin/data-table";
import { formatDate, formatDateTime } from "@app/shared/time";
import {
  BOOKING_PRIORITIES,
  BOOKING_STATUSES,
  priorityLabel,
  statusLabel,
  type Booking,
  type BookingStatus,
} from "~/features/admin/format";
import { adminMeta } from "~/features/admin/meta";
import { NewBookingDialog } from "~/features/admin/new-booking-dialog";
import { TechnicianSelect } from "~/features/admin/technician-select";
import type { TechnicianChoice } from "@app/shared/scheduling";
import { bookingPrefill } from "~/features/inbox/booking-prefill.server";
import { useHydrated } from "~/utils/use-hydrated";
import { requireAdmin } from "~/utils/auth.server";
import { cn } from "~/utils/cn";

export const meta: MetaFunction = ({ error }) => adminMeta("Booking Management", error);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const searchParams = new URL(request.url).searchParams;
  const query = parseBookingsSearch(searchParams);
  const page = await bookingsPage(context, query);
  return {
    ...page,
    filters: { status: query.status ?? "", priority: query.priority ?? "" },
    prefill: await bookingPrefill(context, searchParams),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return bookingsAction(request, context);
}

// Creating a customer changes nothing on this page, nor does a refused change.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) =>
  formData?.get("intent") === "create-customer" || (actionResult as ActionResult | undefined)?.ok === false
    ? false
    : defaultShouldRevalidate;

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

function pageHref(filters: { status: string; priority: string }, cursor?: { before?: string; after?: string }) {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.priority) params.set("priority", filters.priority);
  if (cursor?.before) params.set("before", cursor.before);
  if (cursor?.after) params.set("after", cursor.after);
  const qs = params.toString();
  return qs ? `/admin/bookings?${qs}` : "/admin/bookings";
}

/** The CSV of every booking matching the filters (GET /api/bookings/export.csv). */
function exportHref(filters: { status: string; priority: string }) {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.priority) params.set("priority", filters.priority);
  const qs = params.toString();
  return `/api/bookings/export.csv${qs ? `?${qs}` : ""}`;
}

export default function BookingsPage() {
  const {
    bookings,
    older,
    newer,
    paged,
    filters,
    mergeInto,
    technicians,
    prefill: linkedPrefill,
  } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const location = useLocation();
  const [dialogOpen, setDialogOpen] = useState(false);
  // `?new=1&name=…` (from the inbox): the dialog opens prefilled once per arrival at such a link (also when
  // this page is already showing, e.g. Back to it), not again when the data reloads; later openings start
  // clean. It opens once hydrated, so the dialog sees it open and fills itself in.
  const [prefill, setPrefill] = useState<typeof linkedPrefill>(null);
  const [prefillOpenedFor, setPrefillOpenedFor] = useState<string | null>(null);
  if (hydrated && linkedPrefill && prefillOpenedFor !== location.key) {
    setPrefillOpenedFor(location.key);
    setPrefill(linkedPrefill);
    setDialogOpen(true);
  }

  // Moving between pages (or months) dims the old data; a live refresh only says so, calmly.
  const navigating = navigation.state === "loading" && navigation.location.pathname === "/admin/bookings";
  const loading = navigating || revalidator.state === "loading";
  const filtered = Boolean(filters.status || filters.priority);

  return (
    <AdminShell>
      <AdminPageHeader
        back={{ to: "/dashboard", label: "Back to Dashboard" }}
        title="Booking Management"
        description="Service appointments, newest first."
        actions={
          <>
            <Link to="/admin/calendar" prefetch="intent" className={buttonVariants({ variant: "outline" })}>
              <CalendarDays aria-hidden="true" />
              Calendar View
            </Link>
            <Button onClick={() => setDialogOpen(true)} disabled={!hydrated}>
              <Plus aria-hidden="true" />
              New Booking
            </Button>
          </>
        }
      />
      <NewBookingDialog
        open={dialogOpen}
        prefill={prefill}
        onOpenChange={(next) => {
          setDialogOpen(next);
          if (!next) setPrefill(null);
        }}
      />

      {posted ? (
        <Alert tone={posted.ok ? "success" : "destructive"} role={posted.ok ? "status" : "alert"} className="mb-4">
          <strong className="font-semibold">{posted.ok ? "Success" : "Error"}:</strong> {posted.message}
        </Alert>
      ) : null}

      <div className="mb-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Form
          method="get"
          action="/admin/bookings"
          className="flex flex-wrap items-end gap-3"
          onChange={(event) => {
            // Only the chosen filters go in the address; a new filter starts from the newest page.
            const params = new URLSearchParams();
            for (const [k, v] of new FormData(event.currentTarget)) if (typeof v === "string" && v) params.set(k, v);
            submit(params, { method: "get", action: "/admin/bookings", preventScrollReset: true });
          }}
        >
          <div className="space-y-1">
            <Label htmlFor="filter-status" className="text-xs text-slate-600">
              Status
            </Label>
            <NativeSelect
              id="filter-status"
              name="status"
              defaultValue={filters.status}
              key={`s-${filters.status}`}
              className="h-9 w-40 py-1"
            >
              <option value="">All statuses</option>
              {BOOKING_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {statusLabel(s)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1">
            <Label htmlFor="filter-priority" className="text-xs text-slate-600">
              Priority
            </Label>
            <NativeSelect
              id="filter-priority"
              name="priority"
              defaultValue={filters.priority}
              key={`p-${filters.priority}`}
              className="h-9 w-40 py-1"
            >
              <option value="">All priorities</option>
              {BOOKING_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {priorityLabel(p)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <noscript>
            <Button type="submit" size="sm" variant="outline">
              Apply filters
            </Button>
          </noscript>
          {filtered ? (
            <Link to="/admin/bookings" className={buttonVariants({ variant: "ghost", size: "sm" })}>
              Clear filters
            </Link>
          ) : null}
          <a href={exportHref(filters)} download className={buttonVariants({ variant: "ghost", size: "sm" })}>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Form>
        <p role="status" className="flex min-h-5 items-center gap-2 text-sm text-slate-600">
          {loading ? (
            <>
              <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
              Loading bookings...
            </>
          ) : (
            `${bookings.length} ${bookings.length === 1 ? "booking" : "bookings"}${paged || older ? " on this page" : ""}`
          )}
        </p>
      </div>

      {bookings.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <Inbox aria-hidden="true" className="mx-auto size-10 text-slate-400" />
          <h2 className="mt-3 text-lg font-semibold text-slate-900">No bookings</h2>
          <p className="mt-1 text-sm text-slate-600">
            {filtered
              ? "No bookings match these filters."
              : paged
                ? "There are no bookings on this page."
                : "No service appointments have been created yet."}
          </p>
          {filtered || paged ? (
            <Link to="/admin/bookings" className={cn(buttonVariants({ variant: "outline", size: "sm" }), "mt-4")}>
              Show all bookings
            </Link>
          ) : null}
        </div>
      ) : (
        <DataTable caption="Bookings, newest first" busy={navigating}>
          <THead>
            <Th>Booking ID</Th>
            <Th>Customer</Th>
            <Th>Service</Th>
            <Th>Scheduled</Th>
            <Th>Priority</Th>
            <Th>Status</Th>
            <Th>Technician</Th>
            <Th>Created</Th>
            <Th className="w-40">Actions</Th>
          </THead>
          <TBody>
            {bookings.map((booking) => (
              <BookingRow
                key={booking.id}
                booking={booking}
                mergeInto={mergeInto[booking.id]}
                technicians={technicians}
              />
            ))}
          </TBody>
        </DataTable>
      )}

      {older || newer ? (
        <nav aria-label="Pages of bookings" className="mt-4 flex items-center justify-between gap-3">
          <PageLink to={newer ? pageHref(filters, { after: newer }) : null} label="Newer" icon="left" />
          {paged ? (
            <Link to={pageHref(filters)} className="text-sm font-medium text-brand-700 hover:underline">
              Newest
            </Link>
          ) : null}
          <PageLink to={older ? pageHref(filters, { before: older }) : null} label="Older" icon="right" />
        </nav>
      ) : null}
    </AdminShell>
  );
}

function PageLink({ to, label, icon }: { to: string | null; label: string; icon: "left" | "right" }) {
  const content = (
    <>
      {icon === "left" ? <ChevronLeft aria-hidden="true" /> : null}
      {label}
      {icon === "right" ? <ChevronRight aria-hidden="true" /> : null}
    </>
  );
  if (!to)
    return (
      <span
        aria-disabled="true"
        className={cn(buttonVariants({ variant: "outline", size: "sm" }), "pointer-events-none opacity-50")}
      >
        {content}
      </span>
    );
  return (
    <Link to={to} className={buttonVariants({ variant: "outline", size: "sm" })}>
      {content}
    </Link>
  );
}

function BookingRow({
  booking,
  mergeInto,
  technicians,
}: {
  booking: Booking;
  mergeInto?: { id: number; name: string };
  technicians: readonly TechnicianChoice[];
}) {
  const fetcher = useFetcher<typeof action>({ key: `booking-status-${booking.id}` });
  const pending = fetcher.state !== "idle";
  const pendingStatus = fetcher.formData?.get("status");
  const shownStatus = (typeof pendingStatus === "string" ? pendingStatus : booking.status) as BookingStatus;
  const selectId = `status-${booking.id}`;

  useFetcherDone(fetcher, (result) =>
    toastResult(result, "Booking status updated successfully", "Failed to update booking status"),
  );

  return (
    <Tr
      className={
        booking.priority === "emergency" && booking.status !== "completed" && booking.status !== "cancelled"
          ? "max-md:border-red-300"
          : undefined
      }
    >
      <Td primary className="whitespace-nowrap">
        <span className="font-mono text-sm font-semibold text-slate-900">#{booking.id}</span>
      </Td>
      <Td label="Customer">
        {booking.customer ? <div className="font-medium text-slate-900">{booking.customer.name}</div> : null}
        <div className="text-xs text-slate-600">Customer ID: {booking.customerId}</div>
        {booking.serviceTitanId ? <div className="text-xs text-slate-600">ST: {booking.serviceTitanId}</div> : null}
        {mergeInto ? <MergeCustomerButton bookingId={booking.id} into={mergeInto} /> : null}
      </Td>
      <Td label="Service" className="md:max-w-72">
        <div className="font-medium text-slate-900">{booking.summary}</div>
        {booking.details ? (
          <p className="line-clamp-2 text-xs text-slate-600" title={booking.details}>
            {booking.details}
          </p>
        ) : null}
      </Td>
      <Td label="Scheduled" half className="text-slate-700 max-md:order-5 md:whitespace-nowrap">
        {formatDateTime(booking.scheduledDate)}
        {booking.needsPlacing && booking.status === "pending" ? (
          <div className="text-xs font-medium text-amber-800">To be placed</div>
        ) : null}
      </Td>
      <Td label="Priority" half className="max-md:order-3">
        <PriorityBadge priority={booking.priority} />
      </Td>
      <Td label="Status" half className="max-md:order-4">
        <StatusBadge status={booking.status} />
      </Td>
      <Td label="Technician" className="max-md:order-7">
        <TechnicianSelect booking={booking} technicians={technicians} />
      </Td>
      <Td label="Created" half className="whitespace-nowrap text-slate-700 max-md:order-6">
        {formatDate(booking.createdAt, "Unknown")}
      </Td>
      <Td label="Actions" className="max-md:order-8">
        <fetcher.Form method="post" className="flex items-center gap-2">
          <input type="hidden" name="intent" value="update-status" />
          <input type="hidden" name="bookingId" value={booking.id} />
          <label htmlFor={selectId} className="sr-only">
            Status for booking #{booking.id}
          </label>
          <NativeSelect
            id={selectId}
            name="status"
            value={shownStatus}
            disabled={pending}
            className="h-9 min-w-36 py-1"
            onChange={(event) => {
              if (event.currentTarget.value === booking.status) return;
              fetcher.submit(
                { intent: "update-status", bookingId: String(booking.id), status: event.currentTarget.value },
                { method: "post" },
              );
            }}
          >
            {BOOKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </NativeSelect>
          <noscript>
            <Button type="submit" size="sm" variant="outline">
              Save<span className="sr-only"> status for booking #{booking.id}</span>
            </Button>
          </noscript>
        </fetcher.Form>
      </Td>
    </Tr>
  );
}

/**
 * A lead whose email matches an older customer record: one button merges it
 * into that record (staff confirm who it is first, e.g. by phone).
 */
function MergeCustomerButton({ bookingId, into }: { bookingId: number; into: { id: number; name: string } }) {
  const fetcher = useFetcher<typeof action>({ key: `booking-merge-${bookingId}` });
  useFetcherDone(fetcher, (result) =>
    toastResult(result, "Customer records merged", "Failed to merge the customer records"),
  );
  return (
    <fetcher.Form method="post" className="mt-1">
      <input type="hidden" name="intent" value="merge-customer" />
      <input type="hidden" name="bookingId" value={bookingId} />
      <p className="text-xs text-amber-800">{`Same email as customer #${into.id}`}</p>
      <Button
        type="submit"
        size="sm"
        variant="outline"
        className="mt-1 h-7 px-2 text-xs"
        disabled={fetcher.state !== "idle"}
      >
        {`Merge into #${into.id}`}
        <span className="sr-only">
          {" "}
          ({into.name}), for booking #{bookingId}
        </span>
      </Button>
    </fetcher.Form>
  );
}
