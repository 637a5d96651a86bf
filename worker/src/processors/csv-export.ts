import { UnrecoverableError } from "bullmq";
import { csvExportEmail } from "@app/shared/email/templates";
import { exportFile, exportLink, writeExport } from "@app/shared/exports/csv-exports.server";
import type { JobData } from "@app/shared/jobs";
import type { WorkerContext } from "../worker-context";

/**
 * A CSV export too large for a request (docs/decisions/022-exports-that-finish.md): writes its file
 * to the export store, a batch at a time, once (a retry finds it written), then emails the staff
 * member who asked its signed link, under an idempotency key of its own.
 */
export async function sendCsvExport(ctx: WorkerContext, data: JobData<"csv-export">) {
  const row = await ctx.db.csvExport.findUnique({ where: { id: data.exportId }, include: { user: true } });
  if (!row) throw new UnrecoverableError(`export ${data.exportId} not found`);
  if (row.expiresAt <= new Date()) return { skipped: "expired" };
  await writeExport(ctx, row);
  const email = csvExportEmail({
    what: row.kind === "payments" ? "payments" : "bookings",
    rowCount: row.rowCount,
    filename: exportFile(ctx.db, row).filename,
    url: exportLink(ctx.env, row),
    expiresAt: row.expiresAt,
  });
  return ctx.mailer.send({ ...email, to: row.user.email, kind: "csv-export", relatedKey: `csv-export:${row.id}` });
}
