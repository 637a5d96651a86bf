/**
 * The office's money figures (docs/product.md#money-on-the-dashboard): their shape and the pure
 * rules around them, safe for the browser. The queries are in money-report.server.ts.
 */
import {
  addLocalDays,
  addMonths,
  localDateKey,
  parseLocalDate,
  startOfBusinessDay,
  type MonthRef,
} from "@app/shared/time";

/** The aging buckets of what is owed, by whole Baton Rouge days since the invoice was sent. */
export const AGING_BUCKETS = [
  { bucket: "0-30", label: "0–30 days", maxDays: 30 },
  { bucket: "31-60", label: "31–60 days", maxDays: 60 },
  { bucket: "61-90", label: "61–90 days", maxDays: 90 },
  { bucket: "90+", label: "Over 90 days", maxDays: null },
] as const;

type AgingBucketKey = (typeof AGING_BUCKETS)[number]["bucket"];

export interface AgingRow {
  bucket: AgingBucketKey;
  count: number;
  cents: number;
}

/** An invoice still owed: sent or partly paid, with a balance. */
interface UnpaidInvoice {
  id: number;
  number: string;
  customerId: number;
  customerName: string;
  /** When it was sent (ISO 8601), and that Baton Rouge day, "YYYY-MM-DD". */
  sentAt: string;
  sentDate: string;
  daysOutstanding: number;
  totalCents: number;
  balanceCents: number;
}

export interface MoneyReport {
  /** "YYYY-MM", Baton Rouge. */
  month: string;
  estimates: { sent: number; approved: number; declined: number; approvalRatePercent: number | null };
  invoicedCents: number;
  collectedCents: number;
  outstandingCents: number;
  aging: AgingRow[];
  /** The oldest first, UNPAID_LIST_LIMIT at most; `unpaidCount` counts them all. */
  unpaid: UnpaidInvoice[];
  unpaidCount: number;
}

/** How many unpaid invoices the report lists (the oldest). */
export const UNPAID_LIST_LIMIT = 50;

/**
 * Where the buckets part: for each bucket with a limit, the first instant an invoice may have been
 * sent to be in it (the start of the Baton Rouge day `maxDays` before today). An invoice sent
 * at or after the first cutoff is 0–30 days old, else at or after the second 31–60, and so on.
 */
export function agingCutoffs(today: string): Date[] {
  return AGING_BUCKETS.flatMap((b) =>
    b.maxDays === null ? [] : [startOfBusinessDay(addLocalDays(today, -b.maxDays))],
  );
}

/** Every bucket in order, from the database's rows (a bucket without any invoice: 0 and $0). */
export function agingRows(rows: ReadonlyArray<{ bucket: string; count: number; cents: number }>): AgingRow[] {
  return AGING_BUCKETS.map(({ bucket }) => {
    const row = rows.find((r) => r.bucket === bucket);
    return { bucket, count: row?.count ?? 0, cents: row?.cents ?? 0 };
  });
}

/**
 * Of the estimates sent in a month, the share approved, as a whole percent rounded half up; null
 * when none was sent (shown "—").
 */
export function approvalRatePercent(sent: number, approvedOfSent: number): number | null {
  if (sent <= 0) return null;
  return Math.floor((approvedOfSent * 200 + sent) / (sent * 2));
}

/** 42 → "42%", null → "—". */
export const formatPercent = (percent: number | null) => (percent === null ? "—" : `${percent}%`);

/**
 * The days of a payments export (both included): as asked, or without either this month, without
 * one the other's month (from its 1st, or to its last day).
 */
export function exportDays(query: { from?: string; to?: string }, thisMonth: MonthRef): { from: string; to: string } {
  const monthOf = (date: string): MonthRef => {
    const d = parseLocalDate(date)!;
    return { year: d.year, month: d.month };
  };
  const first = (m: MonthRef) => localDateKey({ ...m, day: 1 });
  const last = (m: MonthRef) => addLocalDays(first(addMonths(m, 1)), -1);
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.from) return { from: query.from, to: last(monthOf(query.from)) };
  if (query.to) return { from: first(monthOf(query.to)), to: query.to };
  return { from: first(thisMonth), to: last(thisMonth) };
}
