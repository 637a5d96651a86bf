/**
 * The /admin/bookings page's rows and paging (docs/product.md#bookings-list): its filters (search,
 * status, priority, technician, the visit's days) and its order (newest booked first, or by the
 * visit's date), all in the address, read in PostgreSQL. Pages go both ways with a keyset (the
 * cursors of GET /api/bookings, `<ms of the order's time>_<id>`): the next page reads on below the
 * page's last row, the previous one reads the rows just above its first row the other way and
 * flips them. Every read is a ranged, indexed query (`createdAt`, `scheduledDate`, and
 * `technicianId, scheduledDate` for one technician's visits), so page 2,000 costs what page 1
 * does, and reads only the columns a row shows; the count of what matches is one more statement.
 */
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import {
  bookingsListQuerySchema,
  UNASSIGNED_FILTER,
  type BookingSort,
  type BookingsListQuery,
} from "@app/shared/api/admin";
import { bookingPriorities, bookingStatuses } from "@app/shared/api/choices";
import { personName } from "@app/shared/scheduling/technicians";
import { Prisma } from "@app/shared/db.server";
import { mergeCandidates } from "@app/shared/booking/merge-customer.server";
import { loadTechnicians } from "@app/shared/scheduling/schedule.server";
import { technicianChoices } from "@app/shared/scheduling/technicians";
import { bookingMatch } from "@app/shared/search/booking-match.server";
import { searchTerms } from "@app/shared/search/search-terms";
import { endOfBusinessDay, startOfBusinessDay, addLocalDays, businessDate } from "@app/shared/time";
import { bookingPrefill } from "~/features/inbox/booking-prefill.server";
import { requireAdmin } from "~/utils/auth.server";

const BOOKINGS_PAGE_SIZE = 50;
/** The list shows the first two lines of a booking's details; its own page shows them all. */
const DETAILS_SHOWN = 90;

type Status = (typeof bookingStatuses)[number];
type Priority = (typeof bookingPriorities)[number];

export type BookingsPageQuery = BookingsListQuery;

/** Reads the page's filters, order and cursors from its address; anything unrecognised is ignored. */
function parseBookingsSearch(search: URLSearchParams): BookingsPageQuery {
  const query = bookingsListQuerySchema.parse(Object.fromEntries(search));
  // One direction at a time: the next page's cursor wins.
  return query.before ? { ...query, after: undefined } : query;
}

/** Each order's column and direction, and its column in SQL. */
const ORDERS: Record<BookingSort, { column: "createdAt" | "scheduledDate"; direction: "asc" | "desc" }> = {
  created: { column: "createdAt", direction: "desc" },
  visit: { column: "scheduledDate", direction: "asc" },
  "visit-desc": { column: "scheduledDate", direction: "desc" },
};

const orderOf = (query: BookingsPageQuery) => ORDERS[query.sort ?? "created"];

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
 * A row of the list as the page receives it: only what the row shows, with
 * nothing the rows share (the technicians' names come once, with the menu).
 * A tuple rather than an object, because the page's data names every property
 * of every row once more (about 70 bytes a row); `bookingRow` in the page
 * reads it back. Times are whole seconds since 1970 (Unix time), shown in Baton Rouge time.
 */
export type BookingRowData = [
  id: number,
  customerId: number,
  customer: string | null,
  summary: string,
  /** The first DETAILS_SHOWN characters. */
  details: string | null,
  scheduled: number,
  /** A request still to be placed (an emergency, or a request that named no window). */
  needsPlacing: boolean,
  priority: Priority,
  status: Status,
  created: number,
  // What most rows do not have comes last, and a row ends at its last value.
  technicianId?: number | null,
  /** Only for a technician no longer active, who is not on the menu. */
  technicianName?: string | null,
  serviceTitanId?: string | null,
  /** A lead whose email matches an older customer record: that record (the Merge button). */
  mergeInto?: { id: number; name: string } | null,
];

const unixTime = (instant: Date) => Math.floor(instant.getTime() / 1000);

function shorten(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(" ");
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function rowData(b: RowRecord, active: ReadonlySet<number>, mergeInto?: { id: number; name: string }): BookingRowData {
  const row: BookingRowData = [
    b.id,
    b.customerId,
    b.customer?.name ?? null,
    b.summary,
    b.details ? shorten(b.details, DETAILS_SHOWN) : null,
    unixTime(b.scheduledDate),
    b.needsPlacing,
    b.priority,
    b.status,
    unixTime(b.createdAt),
    b.technicianId,
    b.technicianId && b.technician && !active.has(b.technicianId) ? personName(b.technician) : null,
    b.serviceTitanId,
    mergeInto ?? null,
  ];
  while (row.length > 10 && row[row.length - 1] === null) row.pop();
  return row;
}

/** A row's cursor in the list's order: its time in that order (booked, or the visit's) and its number. */
const cursorOf = (query: BookingsPageQuery, b: { createdAt: Date; scheduledDate: Date; id: number }) =>
  `${b[orderOf(query).column].getTime()}_${b.id}`;

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
const readsUp = (query: BookingsPageQuery, side: "past" | "upTo") =>
  (orderOf(query).direction === "asc") === (side === "past");

/** The visit's days as instants: from the first minute of `from` to the end of `to`, Baton Rouge time. */
function visitRange(query: BookingsPageQuery) {
  return {
    from: query.from ? startOfBusinessDay(query.from) : undefined,
    to: query.to ? endOfBusinessDay(query.to) : undefined,
  };
}

const technicianOf = (query: BookingsPageQuery) =>
  query.technician === undefined ? undefined : query.technician === UNASSIGNED_FILTER ? null : Number(query.technician);

function prismaWhere(query: BookingsPageQuery, bound: Bound): Prisma.BookingWhereInput {
  const { from, to } = visitRange(query);
  const technicianId = technicianOf(query);
  const where: Prisma.BookingWhereInput[] = [
    {
      ...(query.status ? { status: query.status } : {}),
      ...(query.priority ? { priority: query.priority } : {}),
      ...(technicianId !== undefined ? { technicianId } : {}),
      ...(from || to ? { scheduledDate: { ...(from ? { gte: from } : {}), ...(to ? { lt: to } : {}) } } : {}),
    },
  ];
  const { column } = orderOf(query);
  for (const side of ["past", "upTo"] as const) {
    const cursor = bound[side];
    if (!cursor) continue;
    const { at, id } = parseCursor(cursor);
    const up = readsUp(query, side);
    // The column's bound first, so PostgreSQL reads the index from the cursor on; then the ties by number.
    where.push({ [column]: { [up ? "gte" : "lte"]: at } });
    where.push({ OR: [{ [column]: { [up ? "gt" : "lt"]: at } }, { id: { [up ? "gt" : "lt"]: id } }] });
  }
  return { AND: where };
}

/** "createdAt" and "scheduledDate" are timestamps without zone holding UTC (as Prisma writes them). */
const stamp = (instant: Date) => Prisma.sql`${instant.toISOString().slice(0, 23)}::timestamp(3)`;

/** The same conditions in SQL, with the search's match: a search reads the list through PostgreSQL's trigram indexes. */
function searchWhere(query: BookingsPageQuery & { q: string }, bound: Bound): Prisma.Sql {
  const where: Prisma.Sql[] = [bookingMatch(searchTerms(query.q))];
  if (query.status) where.push(Prisma.sql`b.status = ${query.status}::"BookingStatus"`);
  if (query.priority) where.push(Prisma.sql`b.priority = ${query.priority}::"BookingPriority"`);
  const technicianId = technicianOf(query);
  if (technicianId === null) where.push(Prisma.sql`b."technicianId" IS NULL`);
  else if (technicianId !== undefined) where.push(Prisma.sql`b."technicianId" = ${technicianId}::int`);
  const { from, to } = visitRange(query);
  if (from) where.push(Prisma.sql`b."scheduledDate" >= ${stamp(from)}`);
  if (to) where.push(Prisma.sql`b."scheduledDate" < ${stamp(to)}`);
  const column = Prisma.raw(`b."${orderOf(query).column}"`);
  for (const side of ["past", "upTo"] as const) {
    const cursor = bound[side];
    if (!cursor) continue;
    const { at, id } = parseCursor(cursor);
    const [op, orEqual] = readsUp(query, side)
      ? [Prisma.raw(">"), Prisma.raw(">=")]
      : [Prisma.raw("<"), Prisma.raw("<=")];
    where.push(
      Prisma.sql`${column} ${orEqual} ${stamp(at)} AND (${column} ${op} ${stamp(at)} OR b.id ${op} ${id}::int)`,
    );
  }
  return Prisma.join(where, " AND ");
}

async function exists(context: AppLoadContext, query: BookingsPageQuery, bound: Bound) {
  if (query.q) return (await readRows(context, query, bound, "forward", 1)).length > 0;
  return (
    (await context.services.db.booking.findFirst({ where: prismaWhere(query, bound), select: { id: true } })) !== null
  );
}

/** How many bookings match the filters, whatever the page: one count over the same conditions. */
async function countMatching(context: AppLoadContext, query: BookingsPageQuery): Promise<number> {
  const { db } = context.services;
  if (!query.q) return db.booking.count({ where: prismaWhere(query, {}) });
  const [row] = await db.$queryRaw<Array<{ n: number }>>`
    SELECT count(*)::int AS n FROM "Booking" b WHERE ${searchWhere({ ...query, q: query.q }, {})}`;
  return row?.n ?? 0;
}

/**
 * A page of bookings for the list: its rows (each lead that shares its email with an older customer
 * record marked with that record), the cursors of the pages either side, how many bookings match in
 * all, and the active technicians for the page's technician menus.
 */
async function bookingsPage(context: AppLoadContext, query: BookingsPageQuery, limit = BOOKINGS_PAGE_SIZE) {
  const [page, total, technicians] = await Promise.all([
    bookingsOnPage(context, query, limit),
    countMatching(context, query),
    loadTechnicians(context.services.db),
  ]);
  const merges = await mergeCandidates(context, page.rows);
  const active = new Set(technicians.map((t) => t.id));
  return {
    bookings: page.rows.map((b) => rowData(b, active, merges[b.id])),
    /** The next page's cursor (`before`), and the previous page's (`after`). */
    older: page.older,
    newer: page.newer,
    paged: page.paged,
    total,
    technicians: technicianChoices(technicians),
  };
}

/** Reads `take` rows on one side of a bound: `forward` in the list's order, or `backward` against it. */
async function readRows(
  context: AppLoadContext,
  query: BookingsPageQuery,
  bound: Bound,
  way: "forward" | "backward",
  take: number,
): Promise<RowRecord[]> {
  const { db } = context.services;
  const order = orderOf(query);
  const direction = way === "forward" ? order.direction : order.direction === "asc" ? "desc" : "asc";
  const orderBy = [{ [order.column]: direction }, { id: direction }];
  if (!query.q) return db.booking.findMany({ where: prismaWhere(query, bound), orderBy, take, select: rowSelect });
  const sqlDirection = Prisma.raw(direction === "asc" ? "ASC" : "DESC");
  const column = Prisma.raw(`b."${order.column}"`);
  const found = await db.$queryRaw<Array<{ id: number }>>`
    SELECT b.id FROM "Booking" b WHERE ${searchWhere({ ...query, q: query.q }, bound)}
     ORDER BY ${column} ${sqlDirection}, b.id ${sqlDirection} LIMIT ${take}`;
  return db.booking.findMany({ where: { id: { in: found.map((r) => r.id) } }, orderBy, select: rowSelect });
}

async function bookingsOnPage(context: AppLoadContext, query: BookingsPageQuery, limit: number) {
  if (query.after) {
    const found = await readRows(context, query, { upTo: query.after }, "backward", limit + 1);
    // Nothing beyond these: this is the first page, shown in full from the top.
    if (found.length <= limit) return { ...(await nextPage(context, query, limit)), newer: null, paged: false };
    const rows = found.slice(0, limit).reverse();
    const last = rows[rows.length - 1]!;
    const older = (await exists(context, query, { past: cursorOf(query, last) })) ? cursorOf(query, last) : null;
    return { rows, older, newer: cursorOf(query, rows[0]!), paged: true };
  }
  const page = await nextPage(context, query, limit);
  if (!query.before) return { ...page, newer: null, paged: false };
  const first = page.rows[0];
  const newer =
    first && (await exists(context, query, { upTo: cursorOf(query, first) })) ? cursorOf(query, first) : null;
  return { ...page, newer, paged: true };
}

/** From the top, or from the next page's cursor (a keyset read: page 2,000 costs what page 1 does). */
async function nextPage(context: AppLoadContext, query: BookingsPageQuery, limit: number) {
  const found = await readRows(context, query, { past: query.before }, "forward", limit + 1);
  const rows = found.slice(0, limit);
  return { rows, older: found.length > limit ? cursorOf(query, rows[rows.length - 1]!) : null };
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
