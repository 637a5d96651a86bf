import type { AppLoadContext } from "@remix-run/node";
import { askForExport } from "@app/shared/exports/csv-exports.server";
import { EXPORT_STREAM_MAX_ROWS } from "@app/shared/exports/export-sizes";
import {
  countPaymentsExport,
  paymentsCsvName,
  paymentsCsvText,
  type PaymentDays,
} from "@app/shared/exports/payments-export.server";
import type { ExportAnswer } from "~/features/bookings/public.server";
import { csvStreamResponse } from "~/utils/csv.server";

/**
 * The payments export (docs/product.md#money-on-the-dashboard): the payments received on those Baton
 * Rouge days, counted first, then streamed as the bookings export is, or past EXPORT_STREAM_MAX_ROWS
 * written by the worker and emailed (docs/decisions/022-exports-that-finish.md).
 */
export async function paymentsExport(
  context: AppLoadContext,
  staff: { id: number; email: string },
  days: PaymentDays,
): Promise<ExportAnswer> {
  const { db } = context.services;
  const rowCount = await countPaymentsExport(db, days);
  if (rowCount > EXPORT_STREAM_MAX_ROWS)
    return { queued: await askForExport(context, { kind: "payments", user: staff, params: { ...days }, rowCount }) };
  const filename = paymentsCsvName(days);
  return {
    streamed: csvStreamResponse(paymentsCsvText(db, days), filename, (error) =>
      context.logger.error({ err: error, filename }, "payments export failed partway"),
    ),
  };
}
