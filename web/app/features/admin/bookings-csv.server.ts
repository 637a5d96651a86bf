import type { AppLoadContext } from "@remix-run/node";
import { bookingInclude } from "@app/shared/booking/booking-json";
import { personName } from "@app/shared/scheduling/technicians";
import type { Prisma } from "@app/shared/db.server";
import { BUSINESS_TIME_ZONE, formatTimestamp } from "@app/shared/time";
import { failure, success, type Result } from "@app/shared/result";
import { csvHeader, csvLine } from "~/utils/csv.server";
import { bookingFilters, type BookingListQuery } from "./bookings-list.server";

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

const BATCH = 1_000;
/**
 * The most rows one export holds (about 40 MB): the file is built whole before the
 * first byte is sent, so its size is bounded. decisions/011 measures the staff
 * screens with 100,000 bookings; past this, the export asks for a narrower range.
 */
const CSV_EXPORT_MAX_ROWS = 100_000;

export interface BookingsCsv {
  /** The file, in the pieces it was built in (UTF-8). */
  chunks: Uint8Array[];
  bytes: number;
}

/**
 * The bookings list as filtered (status, priority, customer, scheduled range),
 * newest first, as a whole CSV file. It is read in keyset batches (the rows of
 * one batch at a time, only their text kept) and built completely before the
 * answer starts: a failure anywhere is an error status, never a 200 cut short.
 * More than CSV_EXPORT_MAX_ROWS rows: a 400 asking for a narrower range.
 */
export async function bookingsCsv(
  context: AppLoadContext,
  query: Omit<BookingListQuery, "limit" | "cursor">,
): Promise<Result<BookingsCsv>> {
  const encoder = new TextEncoder();
  const where = bookingFilters(query);
  const chunks = [encoder.encode(csvHeader(CSV_COLUMNS))];
  let rowCount = 0;
  let after: { createdAt: Date; id: number } | null = null;
  for (;;) {
    const batchWhere: Prisma.BookingWhereInput = after
      ? {
          AND: [
            where,
            { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] },
          ],
        }
      : where;
    const rows = await context.services.db.booking.findMany({
      where: batchWhere,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: BATCH,
      include: bookingInclude,
    });
    rowCount += rows.length;
    if (rowCount > CSV_EXPORT_MAX_ROWS) {
      const message = `More than ${CSV_EXPORT_MAX_ROWS.toLocaleString("en-US")} bookings match: export a shorter range with from and to.`;
      return failure(400, message, { errors: { from: message } });
    }
    if (rows.length) {
      const text = rows
        .map((b) =>
          csvLine([
            b.id,
            b.customerId,
            b.customer.name,
            b.customer.email,
            b.customer.phone,
            b.summary,
            b.details,
            b.priority,
            b.status,
            formatTimestamp(b.scheduledDate),
            formatTimestamp(b.createdAt),
            b.serviceTitanId,
            b.source,
            b.technician ? personName(b.technician) : null,
            b.address,
          ]),
        )
        .join("");
      chunks.push(encoder.encode(text));
    }
    if (rows.length < BATCH) break;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
  return success({ chunks, bytes: chunks.reduce((n, c) => n + c.byteLength, 0) });
}
