import { exportRange, type BookingFilters } from "../api/exports";
import { Prisma } from "../db.server";
import { bookingMatch, bookingMatchOnRow } from "../search/booking-match.server";
import { searchTerms } from "../search/search-terms";

/** "createdAt" and "scheduledDate" are timestamps without zone holding UTC (as Prisma writes them). */
export const stamp = (instant: Date) => Prisma.sql`${instant.toISOString().slice(0, 23)}::timestamp(3)`;

/**
 * The bookings the filters keep (../api/exports.ts bookingFiltersObject), as a condition on booking
 * `b`: the search (../search/booking-match.server.ts), status, priority, customer, technician and
 * the scheduled range. The one condition of the /admin/bookings list, GET /api/bookings and the
 * export (web/app/features/bookings/bookings-list.server.ts, ./bookings-export.server.ts), so they
 * keep the same bookings. `search` is how the search's match is read: `"set"` (the matching
 * bookings as a list, for a page of rows) or `"row"` (looked up per row, for reading many in order).
 */
export function bookingsWhere(filters: BookingFilters, search: "set" | "row" = "row"): Prisma.Sql {
  const where: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (filters.q) {
    const terms = searchTerms(filters.q);
    where.push(search === "set" ? bookingMatch(terms) : bookingMatchOnRow(terms));
  }
  if (filters.status) where.push(Prisma.sql`b.status = ${filters.status}::"BookingStatus"`);
  if (filters.priority) where.push(Prisma.sql`b.priority = ${filters.priority}::"BookingPriority"`);
  if (filters.customerId) where.push(Prisma.sql`b."customerId" = ${Number(filters.customerId)}::int`);
  if (filters.technician === "none") where.push(Prisma.sql`b."technicianId" IS NULL`);
  else if (filters.technician) where.push(Prisma.sql`b."technicianId" = ${Number(filters.technician)}::int`);
  const { from, to } = exportRange(filters);
  if (from) where.push(Prisma.sql`b."scheduledDate" >= ${stamp(from)}`);
  if (to) where.push(Prisma.sql`b."scheduledDate" < ${stamp(to)}`);
  return Prisma.join(where, " AND ");
}
