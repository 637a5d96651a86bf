import { paymentMethodLabels, type PaymentMethodName } from "../api/payments";
import { csvHeader, csvLine } from "../csv";
import type { Db } from "../db.server";
import { formatCentsPlain } from "../money/money";
import { BUSINESS_TIME_ZONE, businessDate, endOfBusinessDay, startOfBusinessDay } from "../time";
import { EXPORT_BATCH_ROWS } from "./export-sizes";

/** The date column names the zone its days are in; the amount is dollars as a plain decimal ("1234.56"). */
const CSV_COLUMNS = [
  `Received (${BUSINESS_TIME_ZONE})`,
  "Invoice or estimate",
  "Customer",
  "Method",
  "Amount (USD)",
  "Reference",
] as const;

/** Baton Rouge days, both included, "YYYY-MM-DD". */
export interface PaymentDays {
  from: string;
  to: string;
}

/** How many payments were received on those days. */
export async function countPaymentsExport(db: Db, days: PaymentDays): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ n: number }>>`
    select count(*)::int as n from "Payment" p
     where p."receivedAt" >= ${startOfBusinessDay(days.from)} and p."receivedAt" < ${endOfBusinessDay(days.to)}`;
  return row?.n ?? 0;
}

/**
 * The payments received on the Baton Rouge days `from` to `to` (both included), oldest first, as
 * the file's text: the header, then a keyset batch at a time by (receivedAt, id), each row joined to
 * its invoice, estimate and customer, as the bookings export is (./bookings-export.server.ts). Each
 * payment names its invoice's number, or for a deposit not yet on an invoice its estimate's.
 */
export async function* paymentsCsvText(db: Db, days: PaymentDays): AsyncGenerator<string> {
  yield csvHeader(CSV_COLUMNS);
  const from = startOfBusinessDay(days.from);
  const to = endOfBusinessDay(days.to);
  // The rows after the last one read; the first batch from the first day's start.
  let after = { receivedAt: from, id: 0 };
  for (;;) {
    const rows = await db.$queryRaw<
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
      limit ${EXPORT_BATCH_ROWS}`;
    if (rows.length)
      yield rows
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
    if (rows.length < EXPORT_BATCH_ROWS) return;
    const last = rows[rows.length - 1]!;
    after = { receivedAt: last.receivedAt, id: last.id };
  }
}

export const paymentsCsvName = (days: PaymentDays) => `payments-${days.from}-to-${days.to}.csv`;
