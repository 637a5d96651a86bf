/**
 * The /admin/bookings page's data (docs/product.md#bookings-list): its filters (search, status,
 * priority, customer, technician, the visit's days) and its order (newest booked first, or by the
 * visit's date), all in the address, read by the list's one reader (./bookings-list.server.ts, as
 * GET /api/bookings is): a page of named rows (BookingListRow), the cursors of the pages either side,
 * and the count of what matches (one more statement).
 */
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { bookingsListQuerySchema, type BookingsListQuery } from "@app/shared/api/admin";
import { loadTechnicians } from "@app/shared/scheduling/schedule.server";
import { technicianChoices } from "@app/shared/scheduling/technicians";
import { addLocalDays, businessDate } from "@app/shared/time";
import { bookingPrefill } from "~/features/inbox/public.server";
import { requireAdmin } from "~/utils/auth.server";
import { bookingListRows, bookingsPageKeys, countBookings } from "./bookings-list.server";

const BOOKINGS_PAGE_SIZE = 50;

/** Reads the page's filters, order and cursors from its address; anything unrecognised is ignored. */
function parseBookingsSearch(search: URLSearchParams): BookingsListQuery {
  const query = bookingsListQuerySchema.parse(Object.fromEntries(search));
  // One direction at a time: the next page's cursor wins.
  return query.before ? { ...query, after: undefined } : query;
}

/**
 * A page of bookings for the list: its rows, the cursors of the pages either side, how many bookings
 * match in all, and the active technicians for the page's technician menus.
 */
async function bookingsPage(context: AppLoadContext, query: BookingsListQuery, limit = BOOKINGS_PAGE_SIZE) {
  const { sort, before, after, ...filters } = query;
  const order = { sort, before, after };
  const [page, total, technicians] = await Promise.all([
    bookingsPageKeys(context, filters, order, limit),
    countBookings(context, filters),
    loadTechnicians(context.services.db),
  ]);
  const active = new Set(technicians.map((t) => t.id));
  return {
    bookings: await bookingListRows(context, order, page.rows, active),
    /** The next page's cursor (`before`), and the previous page's (`after`). */
    older: page.older,
    newer: page.newer,
    paged: page.paged,
    total,
    technicians: technicianChoices(technicians),
  };
}

/** /admin/bookings' data: one page of the list for its filters (in the address), their menus' choices, the Export CSV form's days, and New Booking's prefill. */
export async function bookingsLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const searchParams = new URL(request.url).searchParams;
  const query = parseBookingsSearch(searchParams);
  const page = await bookingsPage(context, query);
  return {
    ...page,
    filters: {
      q: query.q ?? "",
      status: query.status ?? "",
      priority: query.priority ?? "",
      technician: query.technician ?? "",
      from: query.from ?? "",
      to: query.to ?? "",
      sort: query.sort ?? "created",
    },
    /** The Export CSV form's days: the list's, else from a year back (docs/decisions/022-exports-that-finish.md). */
    exportFrom: query.from ?? addLocalDays(businessDate(), -365),
    exportTo: query.to ?? "",
    prefill: await bookingPrefill(context, searchParams),
  };
}
