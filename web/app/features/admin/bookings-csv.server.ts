import type { AppLoadContext } from "@remix-run/node";
import { bookingInclude, personName } from "@app/shared/bookings";
import type { Prisma } from "@app/shared/db";
import { formatTimestamp } from "@app/shared/time";
import type { BookingListQuery } from "./bookings-list.server";

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
  "Scheduled",
  "Created",
  "ServiceTitan ID",
  "Source",
  // Added after the first release: at the end, so the columns before keep their places.
  "Technician",
  "Address",
] as const;

/**
 * One CSV cell: quoted when needed, and defused when it starts like a
 * spreadsheet formula (=, +, -, @), so a visitor's text can never run in Excel.
 */
function csvCell(value: string | number | null): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const BATCH = 1_000;

/**
 * The bookings list as filtered (status, priority, customer, scheduled range),
 * newest first, streamed in batches so years of bookings never sit in memory.
 */
export function bookingsCsvStream(
  context: AppLoadContext,
  query: Omit<BookingListQuery, "limit" | "cursor">,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const where: Prisma.BookingWhereInput = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.priority ? { priority: query.priority } : {}),
    ...(query.customerId ? { customerId: query.customerId } : {}),
    ...(query.from || query.to
      ? { scheduledDate: { ...(query.from ? { gte: query.from } : {}), ...(query.to ? { lt: query.to } : {}) } }
      : {}),
  };
  let after: { createdAt: Date; id: number } | null = null;
  let headerSent = false;
  return new ReadableStream({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        // A byte-order mark so Excel reads the file as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${CSV_COLUMNS.join(",")}\r\n`));
        return;
      }
      const rows = await context.services.db.booking.findMany({
        where: after
          ? {
              AND: [
                where,
                { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] },
              ],
            }
          : where,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: BATCH,
        include: bookingInclude,
      });
      if (!rows.length) {
        controller.close();
        return;
      }
      const last = rows[rows.length - 1]!;
      after = { createdAt: last.createdAt, id: last.id };
      const lines = rows.map((b) =>
        [
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
        ]
          .map(csvCell)
          .join(","),
      );
      controller.enqueue(encoder.encode(`${lines.join("\r\n")}\r\n`));
      if (rows.length < BATCH) controller.close();
    },
  });
}
