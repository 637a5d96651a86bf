import type { AppLoadContext } from "@remix-run/node";
import { formatCentsPlain } from "@app/shared/money/money";
import { failure, success, type Result } from "@app/shared/result";
import { BUSINESS_TIME_ZONE, businessDate, endOfBusinessDay, startOfBusinessDay } from "@app/shared/time";
import { csvHeader, csvLine } from "~/utils/csv.server";
import { paymentMethodLabels, type PaymentMethodName } from "@app/shared/api/payments";

/** The date column names the zone its days are in; the amount is dollars as a plain decimal ("1234.56"). */
const CSV_COLUMNS = [
  `Received (${BUSINESS_TIME_ZONE})`,
  "Invoice or estimate",
  "Customer",
  "Method",
  "Amount (USD)",
  "Reference",
] as const;

const BATCH = 1_000;
/** The most rows one export holds: the file is built whole before the answer starts, so its size is bounded. */
const CSV_EXPORT_MAX_ROWS = 100_000;

/**
 * The payments received on the Baton Rouge days `from` to `to` (both included), oldest first, as a
 * whole CSV file: read in keyset batches, each row joined to its invoice, estimate and customer,
 * and built before the answer starts, as the bookings export is. Each payment names its
 * invoice's number, or for a deposit not yet on an invoice its estimate's. More than
 * CSV_EXPORT_MAX_ROWS: a 400 asking for fewer days.
 */
export async function paymentsCsv(
  context: AppLoadContext,
  days: { from: string; to: string },
): Promise<Result<{ chunks: Uint8Array[] }>> {
  const encoder = new TextEncoder();
  const chunks = [encoder.encode(csvHeader(CSV_COLUMNS))];
  let rowCount = 0;
  const from = startOfBusinessDay(days.from);
  const to = endOfBusinessDay(days.to);
  // Keyset batches: the rows after the last one read, by (receivedAt, id); the first batch from the first day's start.
  let after = { receivedAt: from, id: 0 };
  for (;;) {
    const rows = await context.services.db.$queryRaw<
      Array<{
        id: number;
        receivedAt: Date;
        method: string;
        amountCents: number;
        reference: string | null;
        document: string | null;
        customerName: string;
      }>
    >`
      select p.id, p."receivedAt", p.method::text as method, p."amountCents", p.reference,
             coalesce(i.number, e.number) as document, c.name as "customerName"
      from "Payment" p
      join "Customer" c on c.id = p."customerId"
      left join "Invoice" i on i.id = p."invoiceId"
      left join "Estimate" e on e.id = p."estimateId"
      where p."receivedAt" >= ${from} and p."receivedAt" < ${to}
        and (p."receivedAt", p.id) > (${after.receivedAt}, ${after.id})
      order by p."receivedAt", p.id
      limit ${BATCH}`;
    rowCount += rows.length;
    if (rowCount > CSV_EXPORT_MAX_ROWS) {
      const message = `More than ${CSV_EXPORT_MAX_ROWS.toLocaleString("en-US")} payments match: export fewer days with from and to.`;
      return failure(400, message, { errors: { from: message } });
    }
    if (rows.length) {
      const text = rows
        .map((p) =>
          csvLine([
            businessDate(p.receivedAt),
            p.document,
            p.customerName,
            paymentMethodLabels[p.method as PaymentMethodName] ?? p.method,
            formatCentsPlain(p.amountCents),
            p.reference,
          ]),
        )
        .join("");
      chunks.push(encoder.encode(text));
    }
    if (rows.length < BATCH) break;
    const last = rows[rows.length - 1]!;
    after = { receivedAt: last.receivedAt, id: last.id };
  }
  return success({ chunks });
}
