/**
 * The list of invoices (docs/product.md#invoices, "Lists"): GET /api/invoices and the
 * /admin/invoices page both read it here, as the estimates' list does
 * (../estimates/estimates-list.server.ts, which says why it lives in the web).
 *
 * Newest first, read with a keyset on the id (the primary key's index), no OFFSET. "Unpaid" is
 * sent or partially paid, the dashboard's unpaid invoices (../reports/money-report.server.ts),
 * and each of those rows says how many whole Baton Rouge days ago it was sent.
 */
import type { AppLoadContext } from "@remix-run/node";
import { invoiceListQuerySchema, UNPAID_STATUSES, type InvoiceStatusName } from "@app/shared/api/invoices";
import { Prisma } from "@app/shared/db.server";
import { balanceCents } from "@app/shared/money/money";
import { invalid, success, type Result } from "@app/shared/result";
import { businessDate, localDaysBetween } from "@app/shared/time";
import { documentMatch } from "~/features/search/public.server";
import { searchTerms } from "@app/shared/search/search-terms";

/** An invoice as its list shows it (GET /api/invoices). */
export interface InvoiceListRow {
  id: number;
  number: string;
  status: InvoiceStatusName;
  customer: { id: number; name: string };
  bookingId: number | null;
  estimateId: number | null;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  /** ISO 8601, UTC. */
  createdAt: string;
  sentAt: string | null;
  paidAt: string | null;
  /** While it is owed (sent or partially paid, with a balance): whole Baton Rouge days since it was sent; else null. */
  daysOutstanding: number | null;
}

export interface InvoicePage {
  invoices: InvoiceListRow[];
  /** The `cursor` of the next (older) page, or null on the last. */
  nextCursor: string | null;
}

const rowSelect = {
  id: true,
  number: true,
  status: true,
  bookingId: true,
  estimateId: true,
  totalCents: true,
  paidCents: true,
  createdAt: true,
  sentAt: true,
  paidAt: true,
  customer: { select: { id: true, name: true } },
} satisfies Prisma.InvoiceSelect;

type RowRecord = Prisma.InvoiceGetPayload<{ select: typeof rowSelect }>;

const isUnpaid = (status: InvoiceStatusName) => (UNPAID_STATUSES as readonly string[]).includes(status);

function rowJson(i: RowRecord, today: string): InvoiceListRow {
  const balance = balanceCents(i.totalCents, i.paidCents);
  const owed = isUnpaid(i.status) && balance > 0;
  return {
    id: i.id,
    number: i.number,
    status: i.status,
    customer: { id: i.customer.id, name: i.customer.name },
    bookingId: i.bookingId,
    estimateId: i.estimateId,
    totalCents: i.totalCents,
    paidCents: i.paidCents,
    balanceCents: balance,
    createdAt: i.createdAt.toISOString(),
    sentAt: i.sentAt?.toISOString() ?? null,
    paidAt: i.paidAt?.toISOString() ?? null,
    daysOutstanding: owed ? Math.max(0, localDaysBetween(businessDate(i.sentAt ?? i.createdAt), today)) : null,
  };
}

/**
 * A page of invoices for `query` (`status` or `unpaid`, `q`, `cursor`, `limit`, as a request's
 * search parameters): `{ invoices, nextCursor }`, or 400 naming the field at fault.
 */
export async function listInvoices(
  context: AppLoadContext,
  query: Record<string, string | undefined>,
  now = new Date(),
): Promise<Result<InvoicePage>> {
  const parsed = invoiceListQuerySchema.safeParse(query);
  if (!parsed.success) return invalid(parsed.error, "Invalid query");
  const { status, q, cursor, limit } = parsed.data;
  const where: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (status === "unpaid") where.push(Prisma.sql`d.status = ANY(${[...UNPAID_STATUSES]}::"InvoiceStatus"[])`);
  else if (status) where.push(Prisma.sql`d.status = ${status}::"InvoiceStatus"`);
  if (cursor) where.push(Prisma.sql`d.id < ${cursor}::int`);
  if (q) where.push(documentMatch("invoice", searchTerms(q)));
  const { db } = context.services;
  const found = await db.$queryRaw<Array<{ id: number }>>`
    SELECT d.id FROM "Invoice" d WHERE ${Prisma.join(where, " AND ")} ORDER BY d.id DESC LIMIT ${limit + 1}`;
  const ids = found.slice(0, limit).map((r) => r.id);
  const rows = await db.invoice.findMany({ where: { id: { in: ids } }, orderBy: { id: "desc" }, select: rowSelect });
  const today = businessDate(now);
  return success({
    invoices: rows.map((row) => rowJson(row, today)),
    nextCursor: found.length > limit ? String(ids[ids.length - 1]) : null,
  });
}
