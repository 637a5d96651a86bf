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
} from "@remix-run/react";
import { CalendarDays, ChevronLeft, ChevronRight, Download, Inbox, LoaderCircle, Plus } from "lucide-react";
import { useMemo, useReducer } from "react";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, Label, NativeSelect } from "~/components/ui/field";
import { searchQuerySchema } from "@app/shared/api/search";
import { formConstraint } from "~/utils/schema-form";
import { toastResult, useFetcherDone } from "~/features/admin/action-result";
import { bookingsAction } from "~/features/admin/admin-actions.server";
import { AdminPageHeader, AdminShell, PostedOutcome } from "~/features/admin/admin-shell";
import { PriorityBadge, StatusBadge } from "~/features/admin/badges";
import { bookingsPage, parseBookingsSearch, type BookingRowData } from "~/features/admin/bookings-page.server";
import { BareTBody, BareTd, BareTr, DataTable, Th, THead } from "~/features/admin/data-table";
import { formatDate, formatDateTime } from "@app/shared/time";
import { BOOKING_PRIORITIES, BOOKING_STATUSES, priorityLabel, statusLabel } from "~/features/admin/format";
import { adminMeta } from "~/features/admin/meta";
import { NewBookingDialog } from "~/features/admin/new-booking-dialog";
import { RowMenu, RowMenuTrigger, useRowMenu, type MenuChoice } from "~/features/admin/row-menu";
import { bookingPrefill } from "~/features/inbox/booking-prefill.server";
import { useHydrated } from "~/utils/use-hydrated";
import { requireAdmin } from "~/utils/auth.server";
import { cn } from "~/utils/cn";
import {
  bookingRow,
  closedDialog,
  countLabel,
  dialogReducer,
  emptyMessage,
  exportHref,
  filterSearch,
  isFiltered,
  isUrgent,
  listLoading,
  pageHref,
  prefillToOpen,
  shownStatus,
  shownTechnician,
  STATUS_CHOICES,
  technicianMenuChoices,
  type BookingFilters,
  type BookingRow as BookingRowFields,
} from "./bookings-state";
import { staffPage } from "~/utils/route-handle";

const searchConstraint = formConstraint(searchQuerySchema).q;

export const handle = staffPage;

export const meta: MetaFunction = ({ error }) => adminMeta("Booking Management", error);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const searchParams = new URL(request.url).searchParams;
  const query = parseBookingsSearch(searchParams);
  const page = await bookingsPage(context, query);
  return {
    ...page,
    filters: { q: query.q ?? "", status: query.status ?? "", priority: query.priority ?? "" },
    prefill: await bookingPrefill(context, searchParams),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return bookingsAction(request, context);
}

export { bookingsShouldRevalidate as shouldRevalidate } from "~/features/admin/action-result";

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function BookingsPage() {
  const {
    bookings,
    older,
    newer,
    paged,
    filters,
    technicians,
    prefill: linkedPrefill,
  } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const location = useLocation();
  const [dialog, dispatchDialog] = useReducer(
    dialogReducer<NonNullable<typeof linkedPrefill>>,
    undefined,
    closedDialog<NonNullable<typeof linkedPrefill>>,
  );
  // `?new=1&name=…` (from the inbox): the dialog opens prefilled once per arrival at such a link (bookings-state.ts).
  const arriving = prefillToOpen(dialog, hydrated, linkedPrefill, location.key);
  if (arriving !== null) dispatchDialog({ type: "linkArrived", locationKey: location.key, prefill: arriving });

  const { navigating, loading } = listLoading(navigation, revalidator.state);
  const filtered = isFiltered(filters);

  // One status menu and one technician menu for the whole page; each row's button opens them for its booking.
  const statusMenu = useRowMenu();
  const technicianMenu = useRowMenu();
  const technicianChoices = useMemo(() => technicianMenuChoices(technicians), [technicians]);
  const menus: RowMenus = { status: statusMenu, technician: technicianMenu, technicianChoices, hydrated };

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
            <Button onClick={() => dispatchDialog({ type: "openChanged", open: true })} disabled={!hydrated}>
              <Plus aria-hidden="true" />
              New Booking
            </Button>
          </>
        }
      />
      <NewBookingDialog
        open={dialog.open}
        prefill={dialog.prefill}
        onOpenChange={(next) => dispatchDialog({ type: "openChanged", open: next })}
      />

      {posted ? <PostedOutcome ok={posted.ok} message={posted.message} /> : null}

      <div className="mb-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <FiltersForm filters={filters} filtered={filtered} />
        <p role="status" className="flex min-h-5 items-center gap-2 text-sm text-slate-600">
          {loading ? (
            <>
              <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
              Loading bookings...
            </>
          ) : (
            countLabel(bookings.length, paged, Boolean(older))
          )}
        </p>
      </div>

      {bookings.length === 0 ? (
        <EmptyBookings filtered={filtered} paged={paged} />
      ) : (
        <BookingsTable bookings={bookings} busy={navigating} menus={menus} />
      )}

      {older || newer ? <Pager filters={filters} older={older} newer={newer} paged={paged} /> : null}
    </AdminShell>
  );
}

/**
 * The search and the status and priority filters: a menu's change loads the list at once, the
 * search when Enter is pressed; without JavaScript, a button applies them.
 */
function FiltersForm({ filters, filtered }: { filters: BookingFilters; filtered: boolean }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      action="/admin/bookings"
      className="flex flex-wrap items-end gap-3"
      onChange={(event) => {
        // The search is sent with Enter (a list read per letter typed would only be thrown away).
        if ((event.target as HTMLElement).getAttribute("name") === "q") return;
        const params = filterSearch(new FormData(event.currentTarget));
        submit(params, { method: "get", action: "/admin/bookings", preventScrollReset: true });
      }}
    >
      <div className="space-y-1">
        <Label htmlFor="filter-q" className="text-xs text-slate-600">
          Search
        </Label>
        <Input
          id="filter-q"
          name="q"
          type="search"
          defaultValue={filters.q}
          key={`q-${filters.q}`}
          maxLength={searchConstraint?.maxLength}
          placeholder="Name, phone, email, address or #"
          className="h-9 w-64 py-1"
        />
      </div>
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
  );
}

function EmptyBookings({ filtered, paged }: { filtered: boolean; paged: boolean }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <Inbox aria-hidden="true" className="mx-auto size-10 text-slate-400" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">No bookings</h2>
      <p className="mt-1 text-sm text-slate-600">{emptyMessage(filtered, paged)}</p>
      {filtered || paged ? (
        <Link to="/admin/bookings" className={cn(buttonVariants({ variant: "outline", size: "sm" }), "mt-4")}>
          Show all bookings
        </Link>
      ) : null}
    </div>
  );
}

/** The list itself, with the page's one status menu and one technician menu. */
function BookingsTable({ bookings, busy, menus }: { bookings: BookingRowData[]; busy: boolean; menus: RowMenus }) {
  return (
    <>
      <noscript>
        <p className="mb-3 text-sm text-slate-600">
          To change a booking&apos;s status or technician, open it by its number.
        </p>
      </noscript>
      <DataTable caption="Bookings, newest first" busy={busy} className="bookings-table">
        <THead>
          <Th>Booking</Th>
          <Th>Customer</Th>
          <Th>Scheduled</Th>
          <Th>Priority</Th>
          <Th>Status</Th>
          <Th>Technician</Th>
          {/* The least needed column makes room on screens narrower than a desk's (docs/product.md#bookings-list). */}
          <Th className="md:max-xl:hidden">Created</Th>
        </THead>
        <BareTBody>
          {bookings.map((row) => (
            <BookingRow key={row[0]} booking={bookingRow(row)} menus={menus} />
          ))}
        </BareTBody>
      </DataTable>
      <RowMenu menu={menus.status} label="Status" choices={STATUS_CHOICES} />
      <RowMenu menu={menus.technician} label="Technician" choices={menus.technicianChoices} />
    </>
  );
}

interface PagerProps {
  filters: BookingFilters;
  older: string | null;
  newer: string | null;
  paged: boolean;
}

function Pager({ filters, older, newer, paged }: PagerProps) {
  return (
    <nav aria-label="Pages of bookings" className="mt-4 flex items-center justify-between gap-3">
      <PageLink to={newer ? pageHref(filters, { after: newer }) : null} label="Newer" icon="left" />
      {paged ? (
        <Link to={pageHref(filters)} className="text-sm font-medium text-brand-700 hover:underline">
          Newest
        </Link>
      ) : null}
      <PageLink to={older ? pageHref(filters, { before: older }) : null} label="Older" icon="right" />
    </nav>
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

/**
 * "Jun 12, 2025, 9:00 AM" with no-break spaces but the one before the time, so a narrow column
 * puts the time under the date and never splits either (one text node: the rows stay light).
 */
const scheduledText = (scheduled: BookingRowFields["scheduled"]) =>
  formatDateTime(scheduled).replace(/ (?!\d{1,2}:)/g, "\u00a0");

interface RowMenus {
  status: ReturnType<typeof useRowMenu>;
  technician: ReturnType<typeof useRowMenu>;
  technicianChoices: readonly MenuChoice[];
  hydrated: boolean;
}

/**
 * A booking's row: what the list shows and nothing it shares with other rows
 * (its look is `.bookings-table` in styles.css). Once the page is hydrated its
 * status and technician are buttons that open the page's menus; each change
 * posts through the row's own fetcher, so the row shows the new value and waits
 * while it is on its way, and the toast says how it went. Without JavaScript the
 * booking's number leads to its page, whose forms post as a page.
 */
function BookingRow({ booking, menus }: { booking: BookingRowFields; menus: RowMenus }) {
  const statusFetcher = useFetcher<typeof action>({ key: `booking-status-${booking.id}` });
  const technicianFetcher = useFetcher<typeof action>({ key: `booking-technician-${booking.id}` });
  const status = shownStatus(booking, statusFetcher.formData?.get("status"));
  const technician = shownTechnician(booking, menus.technicianChoices, technicianFetcher.formData?.get("technicianId"));

  useFetcherDone(statusFetcher, (result) =>
    toastResult(result, "Booking status updated successfully", "Failed to update booking status"),
  );
  useFetcherDone(technicianFetcher, (result) =>
    toastResult(result, result.ok ? result.message : "Technician updated", "Failed to assign the technician"),
  );

  return (
    <BareTr className={isUrgent(booking) ? "urgent" : undefined}>
      {/* The booking: its number is a link that covers the cell, so the whole cell opens the booking. */}
      <BareTd>
        <Link to={`/admin/bookings/${booking.id}`} discover="none">{`#${booking.id}`}</Link>
        {booking.summary}
        {booking.details ? <small>{booking.details}</small> : null}
      </BareTd>
      <BareTd>
        <Link to={`/admin/customers/${booking.customerId}`} discover="none">
          {booking.customer}
        </Link>
        <small>{`Customer ID: ${booking.customerId}`}</small>
        {booking.serviceTitanId ? <small>{`ST: ${booking.serviceTitanId}`}</small> : null}
        {booking.mergeInto ? <MergeCustomerLink bookingId={booking.id} into={booking.mergeInto} /> : null}
      </BareTd>
      <BareTd>
        {scheduledText(booking.scheduled)}
        {booking.needsPlacing && booking.status === "pending" ? <small className="warn">To be placed</small> : null}
      </BareTd>
      <BareTd>
        <PriorityBadge priority={booking.priority} />
      </BareTd>
      <BareTd>
        {menus.hydrated ? (
          <RowMenuTrigger
            menu={menus.status}
            owner={`status-${booking.id}`}
            label={`Status for booking #${booking.id}`}
            value={status}
            choices={STATUS_CHOICES}
            busy={statusFetcher.state !== "idle"}
            className={`badge st-${status}`}
            onChoose={(value) =>
              statusFetcher.submit(
                { intent: "update-status", bookingId: String(booking.id), status: value },
                { method: "post" },
              )
            }
          >
            {statusLabel(status)}
          </RowMenuTrigger>
        ) : (
          <StatusBadge status={status} />
        )}
      </BareTd>
      <BareTd>
        {menus.hydrated ? (
          <RowMenuTrigger
            menu={menus.technician}
            owner={`technician-${booking.id}`}
            label={`Technician for booking #${booking.id}`}
            value={technician.value}
            choices={technician.choices}
            busy={technicianFetcher.state !== "idle"}
            onChoose={(value) =>
              technicianFetcher.submit(
                { intent: "assign-technician", bookingId: String(booking.id), technicianId: value },
                { method: "post" },
              )
            }
          >
            {technician.name}
          </RowMenuTrigger>
        ) : (
          technician.name
        )}
      </BareTd>
      <BareTd>{formatDate(booking.created, "Unknown")}</BareTd>
    </BareTr>
  );
}

/**
 * A lead whose email matches an older customer record: the Merge link opens the confirmation
 * (/admin/customers/merge), which shows both records and what will move; only confirming there
 * merges (staff confirm who it is first, e.g. by phone).
 */
function MergeCustomerLink({ bookingId, into }: { bookingId: number; into: { id: number; name: string } }) {
  return (
    <div className="mt-1">
      <p className="text-xs text-amber-800">{`Same email as customer #${into.id}`}</p>
      <Link
        to={`/admin/customers/merge?booking=${bookingId}`}
        discover="none"
        className={cn(buttonVariants({ variant: "outline", size: "sm" }), "mt-1 h-7 px-2 text-xs")}
      >
        {`Merge into #${into.id}…`}
        <span className="sr-only">
          {" "}
          ({into.name}), for booking #{bookingId}
        </span>
      </Link>
    </div>
  );
}
