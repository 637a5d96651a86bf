/**
 * The one reader of the bookings list (docs/product.md#bookings-list): /admin/bookings
 * (./bookings-page.server.ts) and GET /api/bookings read their pages here, with the filters the
 * export reads too (@app/shared/api/exports bookingFiltersObject, one condition:
 * @app/shared/exports/bookings-where.server). Its order is newest booked first, or by the visit's
 * date; pages go both ways with a keyset (`<ms of the order's time>_<id>`, GET /api/bookings'
 * `X-Next-Cursor`): the next page reads on below the page's last row, the previous one reads the rows
 * just above its first row the other way and flips them. Every read is a ranged, indexed query
 * (`createdAt`, `scheduledDate`, and `technicianId, scheduledDate` for one technician's visits), so
 * page 2,000 costs what page 1 does; a search reads through PostgreSQL's trigram indexes.
 *
 * A row of the page is a `BookingListRow`, made in one place (`bookingListRow`, from `rowSelect`).
 */
import type { AppLoadContext } from "@remix-run/node";
import type { BookingSort } from "@app/shared/api/admin";
import type { BookingFilters } from "@app/shared/api/exports";
import { bookingInclude, serializeBooking } from "@app/shared/booking/booking-json";
import type { bookingPriorities, bookingStatuses } from "@app/shared/api/choices";
import { Prisma } from "@app/shared/db.server";
import { bookingsWhere, stamp } from "@app/shared/exports/bookings-where.server";
import { personName } from "@app/shared/scheduling/technicians";
import { mergeCandidates } from "@app/shared/booking/merge-customer.server";

/** The list's order and where a page starts: `before` (the next page: the rows after it) or `after` (the previous page). */
export interface BookingsOrder {
  sort?: BookingSort;
  before?: string;
  after?: string;
}

/** Each order's column and direction. */
const ORDERS: Record<BookingSort, { column: "createdAt" | "scheduledDate"; direction: "asc" | "desc" }> = {
  created: { column: "createdAt", direction: "desc" },
  visit: { column: "scheduledDate", direction: "asc" },
  "visit-desc": { column: "scheduledDate", direction: "desc" },
};

const orderOf = (order: BookingsOrder) => ORDERS[order.sort ?? "created"];

/** A row's cursor in the list's order: its time in that order (booked, or the visit's) and its number. */
const cursorOf = (order: BookingsOrder, b: { createdAt: Date; scheduledDate: Date; id: number }) =>
  `${b[orderOf(order).column].getTime()}_${b.id}`;

function parseCursor(cursor: string) {
  const [ms, id] = cursor.split("_").map(Number) as [number, number];
  return { at: new Date(ms), id };
}

/** Which side of a cursor a read is on, in the list's order: the rows after `past`, or before `upTo`. */
interface Bound {
  past?: string;
  upTo?: string;
}

/** Whether a bound reads up the column (toward later times) rather than down. */
const readsUp = (order: BookingsOrder, side: "past" | "upTo") =>
  (orderOf(order).direction === "asc") === (side === "past");

/** The filters' condition, then the bound's: the column's bound first, so PostgreSQL reads the index from the cursor on; then the ties by number. */
function pageWhere(filters: BookingFilters, order: BookingsOrder, bound: Bound): Prisma.Sql {
  const where: Prisma.Sql[] = [bookingsWhere(filters, "set")];
  const column = Prisma.raw(`b."${orderOf(order).column}"`);
  for (const side of ["past", "upTo"] as const) {
    const cursor = bound[side];
    if (!cursor) continue;
    const { at, id } = parseCursor(cursor);
    const [op, orEqual] = readsUp(order, side)
      ? [Prisma.raw(">"), Prisma.raw(">=")]
      : [Prisma.raw("<"), Prisma.raw("<=")];
    where.push(
      Prisma.sql`${column} ${orEqual} ${stamp(at)} AND (${column} ${op} ${stamp(at)} OR b.id ${op} ${id}::int)`,
    );
  }
  return Prisma.join(where, " AND ");
}

interface Keyed {
  id: number;
  createdAt: Date;
  scheduledDate: Date;
}

/** Reads `take` rows' keys on one side of a bound: `forward` in the list's order, or `backward` against it. */
async function readKeys(
  context: AppLoadContext,
  filters: BookingFilters,
  order: BookingsOrder,
  bound: Bound,
  way: "forward" | "backward",
  take: number,
): Promise<Keyed[]> {
  const { column, direction } = orderOf(order);
  const asc = (direction === "asc") === (way === "forward");
  const sqlDirection = Prisma.raw(asc ? "ASC" : "DESC");
  return context.services.db.$queryRaw<Keyed[]>`
    SELECT b.id, b."createdAt", b."scheduledDate" FROM "Booking" b WHERE ${pageWhere(filters, order, bound)}
     ORDER BY ${Prisma.raw(`b."${column}"`)} ${sqlDirection}, b.id ${sqlDirection} LIMIT ${take}`;
}

const exists = async (context: AppLoadContext, filters: BookingFilters, order: BookingsOrder, bound: Bound) =>
  (await readKeys(context, filters, order, bound, "forward", 1)).length > 0;

/** How many bookings match the filters, whatever the page: one count over the same condition. */
export async function countBookings(context: AppLoadContext, filters: BookingFilters): Promise<number> {
  const [row] = await context.services.db.$queryRaw<Array<{ n: number }>>`
    SELECT count(*)::int AS n FROM "Booking" b WHERE ${bookingsWhere(filters, "set")}`;
  return row?.n ?? 0;
}

/** From the top, or from the next page's cursor (`before`): the rows' keys in order, and the next page's cursor. */
async function nextPage(context: AppLoadContext, filters: BookingFilters, order: BookingsOrder, limit: number) {
  const found = await readKeys(context, filters, order, { past: order.before }, "forward", limit + 1);
  const rows = found.slice(0, limit);
  return { rows, older: found.length > limit ? cursorOf(order, rows[rows.length - 1]!) : null };
}

/**
 * A page of the list's keys, in its order: the cursors of the pages either side (`older` the next
 * page's, `newer` the previous page's) and whether it is a later page than the first (`paged`).
 */
export async function bookingsPageKeys(
  context: AppLoadContext,
  filters: BookingFilters,
  order: BookingsOrder,
  limit: number,
) {
  if (order.after) {
    const found = await readKeys(context, filters, order, { upTo: order.after }, "backward", limit + 1);
    // Nothing beyond these: this is the first page, shown in full from the top.
    if (found.length <= limit) {
      const first = await nextPage(context, filters, { ...order, before: undefined, after: undefined }, limit);
      return { ...first, newer: null, paged: false };
    }
    const rows = found.slice(0, limit).reverse();
    const last = cursorOf(order, rows[rows.length - 1]!);
    const older = (await exists(context, filters, order, { past: last })) ? last : null;
    return { rows, older, newer: cursorOf(order, rows[0]!), paged: true };
  }
  const page = await nextPage(context, filters, order, limit);
  if (!order.before) return { ...page, newer: null, paged: false };
  const first = page.rows[0];
  const newer =
    first && (await exists(context, filters, order, { upTo: cursorOf(order, first) })) ? cursorOf(order, first) : null;
  return { ...page, newer, paged: true };
}

/** The list shows the first two lines of a booking's details; its own page shows them all. */
const DETAILS_SHOWN = 90;

/** What a row of the list is read with: only what it shows, and the customer's email for the Merge check. */
const rowSelect = {
  id: true,
  customerId: true,
  summary: true,
  details: true,
  priority: true,
  status: true,
  scheduledDate: true,
  createdAt: true,
  serviceTitanId: true,
  needsPlacing: true,
  technicianId: true,
  customer: { select: { name: true, email: true } },
  technician: { select: { firstName: true, lastName: true } },
} satisfies Prisma.BookingSelect;

type RowRecord = Prisma.BookingGetPayload<{ select: typeof rowSelect }>;

/**
 * A row of the list as the page receives it, by name: only what the row shows, with nothing the rows
 * share (the technicians' names come once, with the menu). Times are milliseconds since 1970, shown
 * in Baton Rouge time. What most rows do not have is left out rather than sent as null, so 100 rows
 * stay small.
 */
export interface BookingListRow {
  id: number;
  customerId: number;
  customer: string | null;
  summary: string;
  /** The first DETAILS_SHOWN characters. */
  details: string | null;
  scheduled: number;
  /** A request still to be placed (an emergency, or a request that named no window). */
  needsPlacing: boolean;
  priority: (typeof bookingPriorities)[number];
  status: (typeof bookingStatuses)[number];
  created: number;
  technicianId?: number;
  /** Only for a technician no longer active, who is not on the menu. */
  technicianName?: string;
  serviceTitanId?: string;
  /** A lead whose email matches an older customer record: that record (the Merge button). */
  mergeInto?: { id: number; name: string };
}

function shorten(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(" ");
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The one place a row of the list is made (a new column: one field here and in BookingListRow, one cell in ./bookings-view.tsx). */
function bookingListRow(b: RowRecord, active: ReadonlySet<number>, mergeInto?: { id: number; name: string }) {
  const row: BookingListRow = {
    id: b.id,
    customerId: b.customerId,
    customer: b.customer?.name ?? null,
    summary: b.summary,
    details: b.details ? shorten(b.details, DETAILS_SHOWN) : null,
    scheduled: b.scheduledDate.getTime(),
    needsPlacing: b.needsPlacing,
    priority: b.priority,
    status: b.status,
    created: b.createdAt.getTime(),
  };
  if (b.technicianId) row.technicianId = b.technicianId;
  if (b.technicianId && b.technician && !active.has(b.technicianId)) row.technicianName = personName(b.technician);
  if (b.serviceTitanId) row.serviceTitanId = b.serviceTitanId;
  if (mergeInto) row.mergeInto = mergeInto;
  return row;
}

/**
 * A page of the list's rows: the keys' bookings in the list's order, each lead that shares its email
 * with an older customer record marked with that record; `active` the active technicians' ids.
 */
export async function bookingListRows(
  context: AppLoadContext,
  order: BookingsOrder,
  keys: readonly Keyed[],
  active: ReadonlySet<number>,
): Promise<BookingListRow[]> {
  const { column, direction } = orderOf(order);
  const records = await context.services.db.booking.findMany({
    where: { id: { in: keys.map((k) => k.id) } },
    orderBy: [{ [column]: direction }, { id: direction }],
    select: rowSelect,
  });
  const merges = await mergeCandidates(context, records);
  return records.map((b) => bookingListRow(b, active, merges[b.id]));
}

/**
 * GET /api/bookings: a page of bookings as the API gives them, newest first, from `cursor` on (the
 * list's reader in its first order), and the next page's cursor.
 */
export async function listBookings(
  context: AppLoadContext,
  query: BookingFilters & { limit: number; cursor?: string },
) {
  const { limit, cursor, ...filters } = query;
  const order: BookingsOrder = { sort: "created", before: cursor };
  const page = await nextPage(context, filters, order, limit);
  const rows = await context.services.db.booking.findMany({
    where: { id: { in: page.rows.map((k) => k.id) } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: bookingInclude,
  });
  return { bookings: rows.map(serializeBooking), nextCursor: page.older };
}

/** Every booking scheduled in [from, to), by time: the calendar dialog's day (calendar.server.ts). */
export async function bookingsBetween(context: AppLoadContext, from: Date, to: Date) {
  const rows = await context.services.db.booking.findMany({
    where: { scheduledDate: { gte: from, lt: to } },
    orderBy: [{ scheduledDate: "asc" }, { id: "asc" }],
    include: bookingInclude,
    take: 5_000,
  });
  return rows.map(serializeBooking);
}
