/** /admin/bookings' page (docs/product.md#bookings-list): the list with its filters and pages, a status and a technician menu per row, New Booking and Export CSV. */
import { BOOKING_INTENTS } from "~/features/bookings/bookings-intents";
import {
  Form,
  Link,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigation,
  useRevalidator,
  useSubmit,
} from "@remix-run/react";
import { CalendarDays, ChevronLeft, ChevronRight, Download, Inbox, LoaderCircle, Plus } from "lucide-react";
import { useCallback, useMemo, useReducer, useState, type ReactNode } from "react";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, Label, NativeSelect } from "~/components/ui/field";
import { UNASSIGNED_FILTER } from "@app/shared/api/admin";
import { toastResult, useFetcherDone } from "./action-result";
import type { bookingsAction } from "./bookings-actions.server";
import { AdminPageHeader, PostedOutcome } from "~/components/staff/staff-frame";
import { AdminShell } from "~/features/live/admin-shell";
import { PriorityBadge, StatusBadge } from "~/components/staff/badges";
import type { BookingListRow } from "./bookings-list.server";
import { BareTBody, BareTd, BareTr, DataTable, Th, THead } from "~/components/staff/data-table";
import { formatDate, formatDateTime } from "@app/shared/time";
import { BOOKING_PRIORITIES, BOOKING_STATUSES, priorityLabel, statusLabel } from "~/components/staff/format";
import { NewBookingDialog } from "./new-booking-dialog";
import type { Booking } from "~/components/staff/format";
import { Outcome } from "~/components/ui/outcome";
import { visitSchedule } from "@app/shared/booking/visits";
import { RowMenu, RowMenuTrigger, useRowMenu, type MenuChoice } from "./row-menu";
import { useHydrated } from "~/utils/use-hydrated";
import { revealResult } from "~/utils/reveal";
import { useActionOutcome } from "~/utils/use-action-outcome";
import { cn } from "~/utils/cn";
import {
  closedDialog,
  countLabel,
  dialogReducer,
  emptyMessage,
  filterSearch,
  isFiltered,
  isUrgent,
  listLoading,
  orderWords,
  pageHref,
  prefillToOpen,
  shownStatus,
  shownTechnician,
  STATUS_CHOICES,
  technicianMenuChoices,
  type BookingFilters,
  type BookingRow as BookingRowFields,
} from "./bookings-state";
import type { bookingsLoader } from "./bookings-page.server";
import { searchQuerySchema } from "@app/shared/api/search";
import { formConstraint } from "~/utils/schema-form";

const searchConstraint = formConstraint(searchQuerySchema).q;

export function BookingsPage() {
  const {
    bookings,
    older,
    newer,
    paged,
    total,
    filters,
    technicians,
    exportFrom,
    exportTo,
    prefill: linkedPrefill,
  } = useLoaderData<typeof bookingsLoader>();
  // Kept through live reloads (another's change reloads the list).
  const posted = useActionOutcome<typeof bookingsAction>();
  // The booking the New Booking dialog just made: said above the list, in view and focused, with a link to it
  // (the list's order or filters may not show it).
  const [created, setCreated] = useState<Booking | null>(null);
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
  const [postedRows, onPost] = usePostedRows();
  const menus: RowMenus = { status: statusMenu, technician: technicianMenu, technicianChoices, hydrated, onPost };

  return (
    <AdminShell>
      <AdminPageHeader
        back={{ to: "/dashboard", label: "Back to Dashboard" }}
        title="Booking Management"
        description="Service appointments: find them by customer, day, technician, status or priority."
        actions={
          <>
            <Link to="/admin/calendar" prefetch="intent" className={buttonVariants({ variant: "outline" })}>
              <CalendarDays aria-hidden="true" />
              Calendar View
            </Link>
            <Button
              onClick={() => {
                setCreated(null);
                dispatchDialog({ type: "openChanged", open: true });
              }}
              disabled={!hydrated}
            >
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
        onCreated={setCreated}
        // Once a booking is made, the focus goes to what the page says of it (CreatedOutcome), not back to the button.
        returnFocus={() => {
          const said = created ? document.querySelector<HTMLElement>("[data-created-booking]") : null;
          if (said) revealResult(said);
          return said !== null;
        }}
      />

      {posted && posted.intent !== EXPORT_INTENT ? (
        <PostedOutcome ok={posted.ok} message={posted.message} at={posted.at} />
      ) : created ? (
        <CreatedOutcome booking={created} />
      ) : null}

      <div className="mb-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-3">
          <FiltersForm filters={filters} filtered={filtered} technicians={technicians} />
          <ExportForm
            filters={filters}
            from={exportFrom}
            to={exportTo}
            posted={posted?.intent === EXPORT_INTENT ? posted : null}
          />
        </div>
        <p role="status" className="flex min-h-5 items-center gap-2 text-sm text-slate-600">
          {loading ? (
            <>
              <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
              Loading bookings...
            </>
          ) : (
            countLabel(total, bookings.length, paged, Boolean(older))
          )}
        </p>
      </div>

      {bookings.length === 0 ? (
        <EmptyBookings filtered={filtered} paged={paged} />
      ) : (
        <BookingsTable bookings={bookings} busy={navigating} menus={menus} sort={filters.sort} />
      )}
      <PostedRowOutcomes ids={postedRows} />

      {older || newer ? <Pager filters={filters} older={older} newer={newer} paged={paged} /> : null}
    </AdminShell>
  );
}

/**
 * The search, the filters (status, priority, technician, the visit's days) and the order, in the
 * address (docs/product.md#bookings-list): a menu's or a day's change loads the list at once, the
 * search when Enter is pressed; without JavaScript, a button applies them.
 */
function FiltersForm({
  filters,
  filtered,
  technicians,
}: {
  filters: BookingFilters;
  filtered: boolean;
  technicians: ReadonlyArray<{ id: number; name: string }>;
}) {
  const submit = useSubmit();
  // Each control starts again from the address after each load (`key`).
  const key = (name: keyof BookingFilters) => `${name}-${filters[name] ?? ""}`;
  return (
    <Form
      method="get"
      action="/admin/bookings"
      className="flex flex-wrap items-end gap-3"
      aria-label="Find bookings"
      onChange={(event) => {
        // The search is sent with Enter (a list read per letter typed would only be thrown away).
        if ((event.target as HTMLElement).getAttribute("name") === "q") return;
        const params = filterSearch(new FormData(event.currentTarget));
        submit(params, { method: "get", action: "/admin/bookings", preventScrollReset: true });
      }}
    >
      <FilterField id="filter-q" label="Search">
        <Input
          id="filter-q"
          name="q"
          type="search"
          defaultValue={filters.q}
          key={key("q")}
          maxLength={searchConstraint?.maxLength}
          placeholder="Name, phone, email, address or #"
          className="h-11 w-64 max-w-full py-1 sm:h-9"
        />
      </FilterField>
      <FilterField id="filter-status" label="Status">
        <NativeSelect
          id="filter-status"
          name="status"
          defaultValue={filters.status}
          key={key("status")}
          className={FILTER}
        >
          <option value="">All statuses</option>
          {BOOKING_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </NativeSelect>
      </FilterField>
      <FilterField id="filter-priority" label="Priority">
        <NativeSelect
          id="filter-priority"
          name="priority"
          defaultValue={filters.priority}
          key={key("priority")}
          className={FILTER}
        >
          <option value="">All priorities</option>
          {BOOKING_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {priorityLabel(p)}
            </option>
          ))}
        </NativeSelect>
      </FilterField>
      <TechnicianFilter value={filters.technician ?? ""} technicians={technicians} />
      <FilterField id="filter-from" label="Visit from">
        <Input
          id="filter-from"
          name="from"
          type="date"
          defaultValue={filters.from}
          key={key("from")}
          className={FILTER}
        />
      </FilterField>
      <FilterField id="filter-to" label="Visit to">
        <Input id="filter-to" name="to" type="date" defaultValue={filters.to} key={key("to")} className={FILTER} />
      </FilterField>
      <FilterField id="filter-sort" label="Order">
        <NativeSelect
          id="filter-sort"
          name="sort"
          defaultValue={filters.sort}
          key={key("sort")}
          className="h-11 w-52 py-1 sm:h-9"
        >
          <option value="created">Newest booked first</option>
          <option value="visit">Visit date, soonest first</option>
          <option value="visit-desc">Visit date, latest first</option>
        </NativeSelect>
      </FilterField>
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
    </Form>
  );
}

const FILTER = "h-11 w-40 py-1 sm:h-9";

/** The technician filter: everyone, the unassigned, or one technician (one no longer active, named in the address, stays chosen). */
function TechnicianFilter({
  value,
  technicians,
}: {
  value: string;
  technicians: ReadonlyArray<{ id: number; name: string }>;
}) {
  const listed = value === "" || value === UNASSIGNED_FILTER || technicians.some((t) => String(t.id) === value);
  return (
    <FilterField id="filter-technician" label="Technician">
      <NativeSelect
        id="filter-technician"
        name="technician"
        defaultValue={value}
        key={`technician-${value}`}
        className={FILTER}
      >
        <option value="">All technicians</option>
        <option value={UNASSIGNED_FILTER}>Unassigned</option>
        {technicians.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
        {listed ? null : <option value={value}>{`Technician #${value}`}</option>}
      </NativeSelect>
    </FilterField>
  );
}

function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id} className="text-xs text-slate-600">
        {label}
      </Label>
      {children}
    </div>
  );
}

const EXPORT_INTENT = BOOKING_INTENTS.exportBookings;

/**
 * Export CSV (docs/product.md#bookings-list, docs/decisions/022-exports-that-finish.md): the list's
 * search and filters go with it, and a range of scheduled days (a year back by default, no end), so
 * the file holds what the list shows. Posted to the page: the download starts and the page stays;
 * an export too large for one answer is emailed, and the page says so beside the button, in view
 * and focused. Posted through its own fetcher, whose answer stays until the next export: a page's
 * action answer is dropped by the next reload of the list, and when a live event's reload came before
 * React drew the answer (a transition superseded by the next), the notice never showed. Without
 * JavaScript the form posts the page, and `posted` is that page's answer.
 */
function ExportForm({
  filters,
  from,
  to,
  posted,
}: {
  filters: BookingFilters;
  from: string;
  to: string;
  posted: { ok: boolean; message: string; at?: number } | null;
}) {
  const exporter = useFetcher<typeof bookingsAction>();
  const answer = exporter.data ?? posted;
  const busy = exporter.state !== "idle";
  return (
    <exporter.Form method="post" className="flex flex-wrap items-end gap-3" aria-label="Export CSV">
      <input type="hidden" name="intent" value={EXPORT_INTENT} />
      {filters.q ? <input type="hidden" name="q" value={filters.q} /> : null}
      {filters.status ? <input type="hidden" name="status" value={filters.status} /> : null}
      {filters.priority ? <input type="hidden" name="priority" value={filters.priority} /> : null}
      {filters.technician ? <input type="hidden" name="technician" value={filters.technician} /> : null}
      <FilterField id="export-from" label="Scheduled from">
        <Input id="export-from" name="from" type="date" defaultValue={from} key={`from-${from}`} className={FILTER} />
      </FilterField>
      <FilterField id="export-to" label="to (blank: no end)">
        <Input id="export-to" name="to" type="date" defaultValue={to} key={`to-${to}`} className={FILTER} />
      </FilterField>
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        <Download aria-hidden="true" />
        Export CSV
      </Button>
      <p className="w-full text-xs text-slate-600 sm:w-auto">
        {isFiltered(filters) ? "With the list's search and filters." : "Every booking in those days."}
      </p>
      {answer ? (
        <div className="w-full">
          <PostedOutcome ok={answer.ok} message={answer.message} at={answer.at} />
        </div>
      ) : null}
    </exporter.Form>
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
function BookingsTable({
  bookings,
  busy,
  menus,
  sort,
}: {
  bookings: BookingListRow[];
  busy: boolean;
  menus: RowMenus;
  sort?: string;
}) {
  return (
    <>
      <noscript>
        <p className="mb-3 text-sm text-slate-600">
          To change a booking&apos;s status or technician, open it by its number.
        </p>
      </noscript>
      <DataTable caption={orderWords(sort).caption} busy={busy} className="bookings-table">
        <THead>
          <Th>Booking</Th>
          <Th>Customer</Th>
          <Th aria-sort={sort === "visit" ? "ascending" : sort === "visit-desc" ? "descending" : undefined}>
            Scheduled
          </Th>
          <Th>Priority</Th>
          <Th>Status</Th>
          <Th>Technician</Th>
          {/* The least needed column makes room on screens narrower than a desk's (docs/product.md#bookings-list). */}
          <Th className="md:max-xl:hidden">Created</Th>
        </THead>
        <BareTBody>
          {bookings.map((row) => (
            <BookingRow key={row.id} booking={row} menus={menus} />
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
  const words = orderWords(filters.sort);
  return (
    <nav aria-label="Pages of bookings" className="mt-4 flex items-center justify-between gap-3">
      <PageLink to={newer ? pageHref(filters, { after: newer }) : null} label={words.previous} icon="left" />
      {paged ? (
        <Link to={pageHref(filters)} className="text-sm font-medium text-brand-700 hover:underline">
          {words.first}
        </Link>
      ) : null}
      <PageLink to={older ? pageHref(filters, { before: older }) : null} label={words.next} icon="right" />
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
  /** Called as a row posts a change (`RowOutcomes` then tells how it went). */
  onPost: (bookingId: number) => void;
}

/**
 * The rows whose changes were posted on this page: their outcomes are told by the page (`RowOutcomes`),
 * so a row a live reload takes away (its visit deleted meanwhile) still gets its toast.
 */
function usePostedRows() {
  const [posted, setPosted] = useState<readonly number[]>([]);
  const onPost = useCallback(
    (bookingId: number) => setPosted((ids) => (ids.includes(bookingId) ? ids : [...ids, bookingId])),
    [],
  );
  return [posted, onPost] as const;
}

function PostedRowOutcomes({ ids }: { ids: readonly number[] }) {
  return ids.map((id) => <RowOutcomes key={id} bookingId={id} />);
}

/**
 * The toasts of one row's posts, read from the row's fetchers by their keys: rendered by the page,
 * not the row, so the outcome is told even when the row is gone by the time the answer comes.
 */
function RowOutcomes({ bookingId }: { bookingId: number }) {
  const statusFetcher = useFetcher<typeof bookingsAction>({ key: `booking-status-${bookingId}` });
  const technicianFetcher = useFetcher<typeof bookingsAction>({ key: `booking-technician-${bookingId}` });
  useFetcherDone(statusFetcher, (result) =>
    toastResult(result, "Booking status updated successfully", "Failed to update booking status"),
  );
  useFetcherDone(technicianFetcher, (result) =>
    toastResult(result, result.ok ? result.message : "Technician updated", "Failed to assign the technician"),
  );
  return null;
}

/**
 * A booking's row: what the list shows and nothing it shares with other rows
 * (its look is `.bookings-table` in styles.css). Once the page is hydrated its
 * status and technician are buttons that open the page's menus; each change
 * posts through the row's own fetcher, so the row shows the new value and waits
 * while it is on its way, and the toast (`RowOutcomes`) says how it went. Without JavaScript the
 * booking's number leads to its page, whose forms post as a page.
 */
function BookingRow({ booking, menus }: { booking: BookingRowFields; menus: RowMenus }) {
  const statusFetcher = useFetcher<typeof bookingsAction>({ key: `booking-status-${booking.id}` });
  const technicianFetcher = useFetcher<typeof bookingsAction>({ key: `booking-technician-${booking.id}` });
  const status = shownStatus(booking, statusFetcher.formData?.get("status"));
  const technician = shownTechnician(booking, menus.technicianChoices, technicianFetcher.formData?.get("technicianId"));

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
            onChoose={(value) => {
              menus.onPost(booking.id);
              statusFetcher.submit(
                { intent: BOOKING_INTENTS.updateStatus, bookingId: String(booking.id), status: value },
                { method: "post" },
              );
            }}
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
            onChoose={(value) => {
              menus.onPost(booking.id);
              technicianFetcher.submit(
                { intent: BOOKING_INTENTS.assignTechnician, bookingId: String(booking.id), technicianId: value },
                { method: "post" },
              );
            }}
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
        className={cn(buttonVariants({ variant: "outline", size: "sm" }), "mt-1 h-11 px-2 text-xs sm:h-7")}
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

/** What the New Booking dialog made: its number (a link to its page), when, and with whom, in view and focused. */
function CreatedOutcome({ booking }: { booking: Booking }) {
  const time = visitSchedule({
    scheduledDate: new Date(booking.scheduledDate),
    durationMinutes: booking.durationMinutes,
  });
  return (
    <Outcome revealKey={booking.id} className="mb-4" data-created-booking="">
      <strong className="font-semibold">Booking created:</strong>{" "}
      <Link to={`/admin/bookings/${booking.id}`} className="font-semibold underline">
        #{booking.id}
      </Link>{" "}
      {booking.summary}, {time.day}, {time.time}
      {booking.customer ? ` for ${booking.customer.name}` : ""}
      {booking.technicianName ? `, with ${booking.technicianName}` : ", no technician yet"}.
    </Outcome>
  );
}
