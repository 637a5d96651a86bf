/**
 * The /admin/bookings page's rows and paging, in both directions, newest
 * first with a keyset (the cursors of GET /api/bookings, `<createdAt ms>_<id>`).
 * "Older" reads on below the page's last row; "Newer" reads the rows just
 * above its first row in ascending order and flips them. Every read is a
 * ranged, indexed query, so page 2,000 costs what page 1 does, and reads only
 * the columns a row shows.
 */
import type { AppLoadContext } from "@remix-run/node";
import { bookingCursorSchema } from "@app/shared/api/admin";
import { bookingPriorities, bookingStatuses } from "@app/shared/api/choices";
import { personName } from "@app/shared/scheduling/technicians";
import { Prisma } from "@app/shared/db.server";
import { searchQuerySchema } from "@app/shared/api/search";
import { mergeCandidates } from "@app/shared/booking/merge-customer.server";
import { loadTechnicians } from "@app/shared/scheduling/schedule.server";
import { technicianChoices } from "@app/shared/scheduling/technicians";
import { bookingMatch } from "~/features/search/search.server";
import { searchTerms } from "~/features/search/search-terms";

const BOOKINGS_PAGE_SIZE = 50;
/** The list shows the first two lines of a booking's details; its own page shows them all. */
const DETAILS_SHOWN = 90;

type Status = (typeof bookingStatuses)[number];
type Priority = (typeof bookingPriorities)[number];

export interface BookingsPageQuery {
  /** What the search box says (docs/product.md#search): only the bookings that match it. */
  q?: string;
  status?: Status;
  priority?: Priority;
  /** Rows older than this cursor (the "Older" link). */
  before?: string;
  /** Rows newer than this cursor (the "Newer" link). */
  after?: string;
}

const isCursor = (value: string | null): value is string => bookingCursorSchema.safeParse(value).success;

/** Reads the page's filters and cursors from its address; anything unrecognised is ignored. */
export function parseBookingsSearch(search: URLSearchParams): BookingsPageQuery {
  const status = search.get("status");
  const priority = search.get("priority");
  const before = search.get("before");
  const after = search.get("after");
  const q = searchQuerySchema.safeParse({ q: search.get("q") ?? "" });
  return {
    q: q.success ? q.data.q : undefined,
    status: (bookingStatuses as readonly string[]).includes(status ?? "") ? (status as Status) : undefined,
    priority: (bookingPriorities as readonly string[]).includes(priority ?? "") ? (priority as Priority) : undefined,
    before: isCursor(before) ? before : undefined,
    after: !before && isCursor(after) ? after : undefined,
  };
}

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

const cursorOf = (b: { createdAt: Date; id: number }) => `${b.createdAt.getTime()}_${b.id}`;

function parseCursor(cursor: string) {
  const [ms, id] = cursor.split("_").map(Number) as [number, number];
  return { at: new Date(ms), id };
}

/** Which side of a cursor a read is on: rows older than `older`, or newer than `newer`. */
interface Bound {
  older?: string;
  newer?: string;
}

function prismaWhere(query: BookingsPageQuery, bound: Bound): Prisma.BookingWhereInput {
  const where: Prisma.BookingWhereInput[] = [
    { ...(query.status ? { status: query.status } : {}), ...(query.priority ? { priority: query.priority } : {}) },
  ];
  for (const [cursor, op] of [
    [bound.older, "lt"],
    [bound.newer, "gt"],
  ] as const) {
    if (!cursor) continue;
    const { at, id } = parseCursor(cursor);
    where.push({ OR: [{ createdAt: { [op]: at } }, { createdAt: at, id: { [op]: id } }] });
  }
  return { AND: where };
}

/** The same conditions in SQL, with the search's match: a search reads the list through PostgreSQL's trigram indexes. */
function searchWhere(query: BookingsPageQuery & { q: string }, bound: Bound): Prisma.Sql {
  const where: Prisma.Sql[] = [bookingMatch(searchTerms(query.q))];
  if (query.status) where.push(Prisma.sql`b.status = ${query.status}::"BookingStatus"`);
  if (query.priority) where.push(Prisma.sql`b.priority = ${query.priority}::"BookingPriority"`);
  for (const [cursor, op] of [
    [bound.older, Prisma.raw("<")],
    [bound.newer, Prisma.raw(">")],
  ] as const) {
    if (!cursor) continue;
    const { at, id } = parseCursor(cursor);
    // "createdAt" is a timestamp without zone holding UTC (as Prisma writes it).
    const stamp = Prisma.sql`${at.toISOString().slice(0, 23)}::timestamp(3)`;
    where.push(Prisma.sql`(b."createdAt" ${op} ${stamp} OR (b."createdAt" = ${stamp} AND b.id ${op} ${id}::int))`);
  }
  return Prisma.join(where, " AND ");
}

async function exists(context: AppLoadContext, query: BookingsPageQuery, bound: Bound) {
  if (query.q) return (await readRows(context, query, bound, "desc", 1)).length > 0;
  return (
    (await context.services.db.booking.findFirst({ where: prismaWhere(query, bound), select: { id: true } })) !== null
  );
}

/**
 * A page of bookings for the list: its rows (each lead that shares its email
 * with an older customer record marked with that record), the cursors of the
 * pages either side, and the active technicians for the page's one technician menu.
 */
export async function bookingsPage(context: AppLoadContext, query: BookingsPageQuery, limit = BOOKINGS_PAGE_SIZE) {
  const [page, technicians] = await Promise.all([
    bookingsOnPage(context, query, limit),
    loadTechnicians(context.services.db),
  ]);
  const merges = await mergeCandidates(context, page.rows);
  const active = new Set(technicians.map((t) => t.id));
  return {
    bookings: page.rows.map((b) => rowData(b, active, merges[b.id])),
    older: page.older,
    newer: page.newer,
    paged: page.paged,
    technicians: technicianChoices(technicians),
  };
}

async function readRows(
  context: AppLoadContext,
  query: BookingsPageQuery,
  bound: Bound,
  direction: "asc" | "desc",
  take: number,
): Promise<RowRecord[]> {
  const { db } = context.services;
  const orderBy = [{ createdAt: direction }, { id: direction }];
  if (!query.q) return db.booking.findMany({ where: prismaWhere(query, bound), orderBy, take, select: rowSelect });
  const order = Prisma.raw(direction === "asc" ? "ASC" : "DESC");
  const found = await db.$queryRaw<Array<{ id: number }>>`
    SELECT b.id FROM "Booking" b WHERE ${searchWhere({ ...query, q: query.q }, bound)}
     ORDER BY b."createdAt" ${order}, b.id ${order} LIMIT ${take}`;
  return db.booking.findMany({ where: { id: { in: found.map((r) => r.id) } }, orderBy, select: rowSelect });
}

async function bookingsOnPage(context: AppLoadContext, query: BookingsPageQuery, limit: number) {
  if (query.after) {
    const found = await readRows(context, query, { newer: query.after }, "asc", limit + 1);
    // Nothing newer beyond these: this is the newest page, shown in full from the top.
    if (found.length <= limit) return { ...(await olderPage(context, query, limit)), newer: null, paged: false };
    const rows = found.slice(0, limit).reverse();
    const last = rows[rows.length - 1]!;
    const older = (await exists(context, query, { older: cursorOf(last) })) ? cursorOf(last) : null;
    return { rows, older, newer: cursorOf(rows[0]!), paged: true };
  }
  const page = await olderPage(context, query, limit);
  if (!query.before) return { ...page, newer: null, paged: false };
  const first = page.rows[0];
  const newer = first && (await exists(context, query, { newer: cursorOf(first) })) ? cursorOf(first) : null;
  return { ...page, newer, paged: true };
}

/** Newest first from the top, or from the "Older" cursor (a keyset read: page 2,000 costs what page 1 does). */
async function olderPage(context: AppLoadContext, query: BookingsPageQuery, limit: number) {
  const found = await readRows(context, query, { older: query.before }, "desc", limit + 1);
  const rows = found.slice(0, limit);
  return { rows, older: found.length > limit ? cursorOf(rows[rows.length - 1]!) : null };
}
