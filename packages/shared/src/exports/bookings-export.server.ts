import type { BookingsExportQuery } from "../api/exports";
import { csvHeader, csvLine } from "../csv";
import { Prisma, type Db } from "../db.server";
import { personName } from "../scheduling/technicians";
import { BUSINESS_TIME_ZONE, formatTimestamp } from "../time";
import { bookingsWhere, stamp } from "./bookings-where.server";
import { EXPORT_BATCH_ROWS } from "./export-sizes";

/** The times' columns name the zone their cells are in ("2026-12-01 14:00 CST", time.ts's formatTimestamp). */
const CSV_COLUMNS = [
  "Booking ID",
  "Customer ID",
  "Customer Name",
  "Customer Email",
  "Customer Phone",
  "Summary",
  "Details",
  "Priority",
  "Status",
  `Scheduled (${BUSINESS_TIME_ZONE})`,
  `Created (${BUSINESS_TIME_ZONE})`,
  "ServiceTitan ID",
  "Source",
  // Added after the first release: at the end, so the columns before keep their places.
  "Technician",
  "Address",
] as const;

/** How many bookings the export holds: one count, so the page knows whether to stream it or email it. */
export async function countBookingsExport(db: Db, query: BookingsExportQuery): Promise<number> {
  const [row] = await db.$queryRaw<
    Array<{ n: number }>
  >`SELECT count(*)::int AS n FROM "Booking" b WHERE ${bookingsWhere(query)}`;
  return row?.n ?? 0;
}

interface ExportRow {
  id: number;
  customerId: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  summary: string;
  details: string | null;
  priority: string;
  status: string;
  scheduledDate: Date;
  createdAt: Date;
  serviceTitanId: string | null;
  source: string;
  technicianFirstName: string | null;
  technicianLastName: string | null;
  address: string | null;
}

/**
 * The export's file as it is written: the header, then the bookings newest first (as the list), a
 * keyset batch of EXPORT_BATCH_ROWS at a time (one statement each, joined to the customer and the
 * technician in the database), each batch's text given as soon as it is read. Only one batch is
 * ever held; whoever reads the text (a response, a file) asks for the next when it has room.
 */
export async function* bookingsCsvText(db: Db, query: BookingsExportQuery): AsyncGenerator<string> {
  yield csvHeader(CSV_COLUMNS);
  const where = bookingsWhere(query);
  let after: { createdAt: Date; id: number } | null = null;
  for (;;) {
    const keyset: Prisma.Sql = after
      ? Prisma.sql`AND (b."createdAt", b.id) < (${stamp(after.createdAt)}, ${after.id}::int)`
      : Prisma.empty;
    const rows: ExportRow[] = await db.$queryRaw<ExportRow[]>`
      SELECT b.id, b."customerId", c.name AS "customerName", c.email AS "customerEmail", c.phone AS "customerPhone",
             b.summary, b.details, b.priority::text AS priority, b.status::text AS status, b."scheduledDate",
             b."createdAt", b."serviceTitanId", b.source::text AS source,
             t."firstName" AS "technicianFirstName", t."lastName" AS "technicianLastName", b.address
        FROM "Booking" b
        JOIN "Customer" c ON c.id = b."customerId"
        LEFT JOIN "User" t ON t.id = b."technicianId"
       WHERE ${where} ${keyset}
       ORDER BY b."createdAt" DESC, b.id DESC
       LIMIT ${EXPORT_BATCH_ROWS}`;
    if (rows.length) yield rows.map(bookingLine).join("");
    if (rows.length < EXPORT_BATCH_ROWS) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

function bookingLine(b: ExportRow): string {
  return csvLine([
    b.id,
    b.customerId,
    b.customerName,
    b.customerEmail,
    b.customerPhone,
    b.summary,
    b.details,
    b.priority,
    b.status,
    formatTimestamp(b.scheduledDate),
    formatTimestamp(b.createdAt),
    b.serviceTitanId,
    b.source,
    b.technicianFirstName !== null
      ? personName({ firstName: b.technicianFirstName, lastName: b.technicianLastName ?? "" })
      : null,
    b.address,
  ]);
}

/** The file's name: `bookings-<status or all>-<Baton Rouge day>.csv`. */
export const bookingsCsvName = (query: BookingsExportQuery, day: string) =>
  `bookings-${query.status ?? "all"}-${day}.csv`;
