import type { AppLoadContext } from "@remix-run/node";
import { exportParams, type BookingsExportQuery } from "@app/shared/api/exports";
import { bookingsCsvName, bookingsCsvText, countBookingsExport } from "@app/shared/exports/bookings-export.server";
import { askForExport, type AskedExport } from "@app/shared/exports/csv-exports.server";
import { EXPORT_LINK_DAYS, EXPORT_STREAM_MAX_ROWS } from "@app/shared/exports/export-sizes";
import { businessDate } from "@app/shared/time";
import { csvStreamResponse } from "~/utils/csv.server";

/**
 * The bookings export (docs/product.md#bookings-list, docs/decisions/022-exports-that-finish.md), for
 * GET /api/bookings/export.csv and the Export CSV form of /admin/bookings: counted first (one
 * statement); up to EXPORT_STREAM_MAX_ROWS it is streamed in the answer, a keyset batch at a time;
 * past that, the worker writes it and emails its link to the staff member who asked.
 */
/** An export streamed in the answer, or asked of the worker. */
export type ExportAnswer = { streamed: Response } | { queued: AskedExport };

export async function bookingsExport(
  context: AppLoadContext,
  staff: { id: number; email: string },
  query: BookingsExportQuery,
): Promise<ExportAnswer> {
  const { db } = context.services;
  const rowCount = await countBookingsExport(db, query);
  if (rowCount > EXPORT_STREAM_MAX_ROWS)
    return {
      queued: await askForExport(context, {
        kind: "bookings",
        user: staff,
        params: Object.fromEntries(exportParams(query)),
        rowCount,
      }),
    };
  const filename = bookingsCsvName(query, businessDate());
  return {
    streamed: csvStreamResponse(bookingsCsvText(db, query), filename, (error) =>
      context.logger.error({ err: error, filename }, "bookings export failed partway"),
    ),
  };
}

/** What the page and the API say of an export that went to the worker. */
export const queuedMessage = (asked: AskedExport, what: "bookings" | "payments") =>
  `Your export of ${asked.rowCount.toLocaleString("en-US")} ${what} is being prepared; we'll email it to ${asked.email} (the link works for ${EXPORT_LINK_DAYS} days).`;
