/**
 * The /admin/bookings page's paging, in both directions, on top of
 * listBookings (newest first, keyset). "Older" continues with listBookings'
 * cursor; "Newer" reads the rows just above the page's first row in
 * ascending order and flips them. Every read is a ranged, indexed query, so
 * page 2,000 costs what page 1 does.
 */
import type { AppLoadContext } from "@remix-run/node";
import { bookingPriorities, bookingStatuses } from "@app/shared/api/choices";
import { bookingInclude, serializeBooking } from "@app/shared/bookings";
import type { Prisma } from "@app/shared/db";
import { listBookings } from "./bookings-list.server";
import { mergeCandidates } from "./merge-customer.server";
import { loadTechnicians, technicianChoices } from "@app/shared/schedule";

const BOOKINGS_PAGE_SIZE = 50;

type Status = (typeof bookingStatuses)[number];
type Priority = (typeof bookingPriorities)[number];

export interface BookingsPageQuery {
  status?: Status;
  priority?: Priority;
  /** Rows older than this cursor (the "Older" link). */
  before?: string;
  /** Rows newer than this cursor (the "Newer" link). */
  after?: string;
}

const CURSOR = /^\d{13}_\d+$/;

/** Reads the page's filters and cursors from its address; anything unrecognised is ignored. */
export function parseBookingsSearch(search: URLSearchParams): BookingsPageQuery {
  const status = search.get("status");
  const priority = search.get("priority");
  const before = search.get("before");
  const after = search.get("after");
  return {
    status: (bookingStatuses as readonly string[]).includes(status ?? "") ? (status as Status) : undefined,
    priority: (bookingPriorities as readonly string[]).includes(priority ?? "") ? (priority as Priority) : undefined,
    before: before && CURSOR.test(before) ? before : undefined,
    after: !before && after && CURSOR.test(after) ? after : undefined,
  };
}

const cursorOf = (b: { createdAt: string; id: number }) => `${new Date(b.createdAt).getTime()}_${b.id}`;

function parseCursor(cursor: string) {
  const [ms, id] = cursor.split("_").map(Number) as [number, number];
  return { at: new Date(ms), id };
}

function filters(query: BookingsPageQuery): Prisma.BookingWhereInput {
  return { ...(query.status ? { status: query.status } : {}), ...(query.priority ? { priority: query.priority } : {}) };
}

const newerThan = (cursor: string): Prisma.BookingWhereInput => {
  const { at, id } = parseCursor(cursor);
  return { OR: [{ createdAt: { gt: at } }, { createdAt: at, id: { gt: id } }] };
};
const olderThan = (cursor: string): Prisma.BookingWhereInput => {
  const { at, id } = parseCursor(cursor);
  return { OR: [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: id } }] };
};

async function exists(context: AppLoadContext, where: Prisma.BookingWhereInput) {
  return (await context.services.db.booking.findFirst({ where, select: { id: true } })) !== null;
}

/** A page of bookings, each lead that shares its email with an older customer record marked with that record. */
export async function bookingsPage(context: AppLoadContext, query: BookingsPageQuery, limit = BOOKINGS_PAGE_SIZE) {
  const [page, technicians] = await Promise.all([
    bookingsOnPage(context, query, limit),
    loadTechnicians(context.services.db),
  ]);
  return {
    ...page,
    technicians: technicianChoices(technicians),
    mergeInto: await mergeCandidates(context, page.bookings),
  };
}

async function bookingsOnPage(context: AppLoadContext, query: BookingsPageQuery, limit: number) {
  if (query.after) {
    const rows = await context.services.db.booking.findMany({
      where: { AND: [filters(query), newerThan(query.after)] },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: limit + 1,
      include: bookingInclude,
    });
    // Nothing newer beyond these: this is the newest page, shown in full from the top.
    if (rows.length <= limit) return { ...(await firstPage(context, query, limit)), paged: false };
    const bookings = rows.slice(0, limit).reverse().map(serializeBooking);
    const first = bookings[0]!;
    const last = bookings[bookings.length - 1]!;
    const older = (await exists(context, { AND: [filters(query), olderThan(cursorOf(last))] })) ? cursorOf(last) : null;
    return { bookings, older, newer: cursorOf(first), paged: true };
  }
  if (!query.before) return { ...(await firstPage(context, query, limit)), paged: false };
  const { bookings, nextCursor } = await listBookings(context, {
    limit,
    cursor: query.before,
    status: query.status,
    priority: query.priority,
  });
  const first = bookings[0];
  const newer =
    first && (await exists(context, { AND: [filters(query), newerThan(cursorOf(first))] })) ? cursorOf(first) : null;
  return { bookings, older: nextCursor, newer, paged: true };
}

async function firstPage(context: AppLoadContext, query: BookingsPageQuery, limit: number) {
  const { bookings, nextCursor } = await listBookings(context, {
    limit,
    status: query.status,
    priority: query.priority,
  });
  return { bookings, older: nextCursor, newer: null as string | null };
}
