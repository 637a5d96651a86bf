import type { AppLoadContext } from "@remix-run/node";
import { bookingInclude, serializeBooking } from "@app/shared/booking/booking-json";
import type { Prisma } from "@app/shared/db.server";

export interface BookingListQuery {
  limit: number;
  cursor?: string;
  from?: Date;
  to?: Date;
  status?: "pending" | "in_progress" | "completed" | "cancelled";
  priority?: "low" | "medium" | "high" | "emergency";
  customerId?: number;
}

/** The list's filters (status, priority, customer, scheduled range) as a Prisma condition (the export has its own, in SQL: @app/shared/exports). */
function bookingFilters(query: Omit<BookingListQuery, "limit" | "cursor">): Prisma.BookingWhereInput {
  return {
    ...(query.status ? { status: query.status } : {}),
    ...(query.priority ? { priority: query.priority } : {}),
    ...(query.customerId ? { customerId: query.customerId } : {}),
    ...(query.from || query.to
      ? { scheduledDate: { ...(query.from ? { gte: query.from } : {}), ...(query.to ? { lt: query.to } : {}) } }
      : {}),
  };
}

/** Cursor of a row in newest-first order: `<createdAt ms>_<id>`. */
const cursorOf = (b: { createdAt: Date; id: number }) => `${b.createdAt.getTime()}_${b.id}`;

/**
 * A page of bookings, newest first, read with a keyset (no OFFSET), so the
 * hundredth page is as quick as the first. `from`/`to` bound scheduledDate.
 */
export async function listBookings(context: AppLoadContext, query: BookingListQuery) {
  const where = bookingFilters(query);
  if (query.cursor) {
    const [ms, id] = query.cursor.split("_").map(Number) as [number, number];
    const at = new Date(ms);
    where.OR = [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: id } }];
  }
  const rows = await context.services.db.booking.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    include: bookingInclude,
  });
  const page = rows.slice(0, query.limit);
  return {
    bookings: page.map(serializeBooking),
    nextCursor: rows.length > query.limit ? cursorOf(page[page.length - 1]!) : null,
  };
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
