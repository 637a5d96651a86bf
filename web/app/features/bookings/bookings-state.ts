/**
 * The bookings page's state as plain logic (the page is ./route.tsx; only that
 * file of this folder is a route): its filters and pages in the address, what
 * the list says about itself, each row's shown status and technician while a
 * change is on its way, and when the New Booking dialog opens prefilled from
 * an inbox link (docs/product.md, docs/decisions/011-staff-screens-at-scale.md).
 * Tested in bookings-state.test.ts.
 */
import type { BookingListRow } from "~/features/bookings/bookings-list.server";
import { BOOKING_STATUSES, statusLabel, type BookingStatus } from "~/components/staff/format";
import type { MenuChoice } from "~/features/bookings/row-menu";

export interface BookingFilters {
  /** The search (docs/product.md#search): a name, phone, email, address or booking number. */
  q?: string;
  status: string;
  priority: string;
  /** A technician's id, or "none" for the unassigned (UNASSIGNED_FILTER); "" for everyone. */
  technician?: string;
  /** The visit's days, YYYY-MM-DD (Baton Rouge), both included; "" for no bound. */
  from?: string;
  to?: string;
  /** The order: "created" (newest booked first, the default), "visit" or "visit-desc". */
  sort?: string;
}

const BOOKINGS = "/admin/bookings";

/** The address's parameters of the filters and the order, in this order; only those chosen (the default order is left out). */
function filterParams(filters: BookingFilters) {
  const params = new URLSearchParams();
  for (const key of ["q", "status", "priority", "technician", "from", "to"] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (filters.sort && filters.sort !== "created") params.set("sort", filters.sort);
  return params;
}

/** A page of the list: the filters, and where it starts (`before` the next page, `after` the previous); none is the first page. */
export function pageHref(filters: BookingFilters, cursor?: { before?: string; after?: string }) {
  const params = filterParams(filters);
  if (cursor?.before) params.set("before", cursor.before);
  if (cursor?.after) params.set("after", cursor.after);
  const qs = params.toString();
  return qs ? `${BOOKINGS}?${qs}` : BOOKINGS;
}

/** A filter changed: only the chosen filters go in the address, and a new filter starts from the first page. */
export function filterSearch(entries: Iterable<[string, FormDataEntryValue]>) {
  const params = new URLSearchParams();
  for (const [key, value] of entries)
    if (typeof value === "string" && value && !(key === "sort" && value === "created")) params.set(key, value);
  return params;
}

export const isFiltered = (filters: BookingFilters) =>
  Boolean(filters.q || filters.status || filters.priority || filters.technician || filters.from || filters.to);

const counted = new Intl.NumberFormat("en-US");

/**
 * The status line under the filters: how many bookings match in all ("1,204 bookings"), and how
 * many this page shows once there is more than one page ("1,204 bookings · 50 on this page").
 */
export function countLabel(total: number, shown: number, paged: boolean, hasMore: boolean) {
  const all = `${counted.format(total)} ${total === 1 ? "booking" : "bookings"}`;
  return paged || hasMore ? `${all} · ${counted.format(shown)} on this page` : all;
}

/** What each order calls its pages' links and its caption (the next page is `older`'s, the previous `newer`'s). */
export function orderWords(sort: string | undefined) {
  switch (sort) {
    case "visit":
      return { caption: "Bookings by visit date, soonest first", previous: "Earlier", next: "Later", first: "Soonest" };
    case "visit-desc":
      return { caption: "Bookings by visit date, latest first", previous: "Later", next: "Earlier", first: "Latest" };
    default:
      return { caption: "Bookings, newest first", previous: "Newer", next: "Older", first: "Newest" };
  }
}

/** Why the list is empty. */
export function emptyMessage(filtered: boolean, paged: boolean) {
  if (filtered) return "No bookings match these filters.";
  if (paged) return "There are no bookings on this page.";
  return "No service appointments have been created yet.";
}

/**
 * Moving between pages (or to other filters) dims the old list (`navigating`); a live refresh only says so,
 * calmly, in the status line (`loading`).
 */
export function listLoading(navigation: { state: string; location?: { pathname: string } }, revalidator: string) {
  const navigating = navigation.state === "loading" && navigation.location?.pathname === BOOKINGS;
  return { navigating, loading: navigating || revalidator === "loading" };
}

/** A row of the list, by name (made by bookings-list.server.ts bookingListRow). */
export type BookingRow = BookingListRow;

export const STATUS_CHOICES: MenuChoice[] = BOOKING_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }));

/** The technician menu's choices: unassigned, then every active technician. */
export const technicianMenuChoices = (technicians: ReadonlyArray<{ id: number; name: string }>): MenuChoice[] => [
  { value: "", label: "Unassigned" },
  ...technicians.map((t) => ({ value: String(t.id), label: t.name })),
];

/** The status a row shows: the one on its way (the row waits with it), else the booking's. */
export const shownStatus = (booking: BookingRow, pending: FormDataEntryValue | null | undefined) =>
  (typeof pending === "string" ? pending : booking.status) as BookingStatus;

/**
 * The technician a row shows (the one on its way, else the booking's) and the row's menu. Someone no longer
 * active still shows as the booking's technician, and on its menu.
 */
export function shownTechnician(
  booking: BookingRow,
  choices: readonly MenuChoice[],
  pending: FormDataEntryValue | null | undefined,
) {
  const inactive = booking.technicianName ? `${booking.technicianName} (inactive)` : null;
  const value = typeof pending === "string" ? pending : String(booking.technicianId ?? "");
  const name = choices.find((c) => c.value === value)?.label ?? inactive ?? "Unknown technician";
  const rowChoices = inactive ? [...choices, { value: String(booking.technicianId), label: inactive }] : choices;
  return { value, name, choices: rowChoices };
}

/** An emergency still to be done stands out. */
export const isUrgent = (booking: Pick<BookingRow, "priority" | "status">) =>
  booking.priority === "emergency" && booking.status !== "completed" && booking.status !== "cancelled";

/**
 * The New Booking dialog. A link from the inbox (`?new=1&name=…`) opens it prefilled once per arrival at
 * such a link (also when this page is already showing, e.g. Back to it), not again when the data reloads;
 * later openings start clean. It opens once hydrated, so the dialog sees it open and fills itself in.
 */
export interface DialogState<P> {
  open: boolean;
  prefill: P | null;
  /** The navigation (location key) whose link last opened the dialog. */
  openedFor: string | null;
}

export type DialogAction<P> =
  { type: "linkArrived"; locationKey: string; prefill: P } | { type: "openChanged"; open: boolean };

export const closedDialog = <P>(): DialogState<P> => ({ open: false, prefill: null, openedFor: null });

export function dialogReducer<P>(state: DialogState<P>, action: DialogAction<P>): DialogState<P> {
  switch (action.type) {
    case "linkArrived":
      return state.openedFor === action.locationKey
        ? state
        : { open: true, prefill: action.prefill, openedFor: action.locationKey };
    case "openChanged":
      return action.open ? { ...state, open: true } : { ...state, open: false, prefill: null };
  }
}

/** The link's prefill when this arrival has yet to open the dialog with it, else null. */
export const prefillToOpen = <P>(state: DialogState<P>, hydrated: boolean, prefill: P | null, locationKey: string) =>
  hydrated && prefill !== null && state.openedFor !== locationKey ? prefill : null;
