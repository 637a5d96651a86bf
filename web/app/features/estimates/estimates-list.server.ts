/**
 * The list of estimates (docs/product.md#estimates, "Lists"): GET /api/estimates and the
 * /admin/estimates page both read it here. Beside the staff search (../search/search.server.ts),
 * whose customer match its `q` uses, as the bookings list does (../admin/bookings-page.server.ts);
 * @app/shared cannot import the web's search.
 *
 * Newest first, read with a keyset on the id (the order estimates are made in, and the primary
 * key's index): no OFFSET, so the hundredth page costs what the first does. The ids of a page are
 * found in SQL (the search's conditions are SQL), then its rows read with only what they show.
 */
import type { AppLoadContext } from "@remix-run/node";
import { estimateListQuerySchema, type EstimateStatusName } from "@app/shared/api/estimates";
import { Prisma } from "@app/shared/db.server";
import { invalid, success, type Result } from "@app/shared/result";
import { estimateTotals } from "~/features/documents/documents";
import { documentMatch } from "~/features/search/public.server";
import { searchTerms } from "@app/shared/search/search-terms";

/** An estimate as its list shows it (GET /api/estimates). */
export interface EstimateListRow {
  id: number;
  number: string;
  status: EstimateStatusName;
  customer: { id: number; name: string };
  bookingId: number | null;
  /** Once approved, the approved option's total; before, the lowest option's. */
  totalCents: number;
  /** Once approved, the approved option's total; before, the highest option's. */
  maxTotalCents: number;
  /** ISO 8601, UTC. */
  createdAt: string;
  sentAt: string | null;
  approvedAt: string | null;
}

export interface EstimatePage {
  estimates: EstimateListRow[];
  /** The `cursor` of the next (older) page, or null on the last. */
  nextCursor: string | null;
}

const rowSelect = {
  id: true,
  number: true,
  status: true,
  bookingId: true,
  createdAt: true,
  sentAt: true,
  approvedAt: true,
  approvedOptionId: true,
  customer: { select: { id: true, name: true } },
  options: { select: { id: true, totalCents: true } },
} satisfies Prisma.EstimateSelect;

type RowRecord = Prisma.EstimateGetPayload<{ select: typeof rowSelect }>;

const rowJson = (e: RowRecord): EstimateListRow => ({
  id: e.id,
  number: e.number,
  status: e.status,
  customer: { id: e.customer.id, name: e.customer.name },
  bookingId: e.bookingId,
  ...estimateTotals(e.options, e.approvedOptionId),
  createdAt: e.createdAt.toISOString(),
  sentAt: e.sentAt?.toISOString() ?? null,
  approvedAt: e.approvedAt?.toISOString() ?? null,
});

/**
 * A page of estimates for `query` (`status`, `q`, `cursor`, `limit`, as a request's search
 * parameters): `{ estimates, nextCursor }`, or 400 naming the field at fault.
 */
export async function listEstimates(
  context: AppLoadContext,
  query: Record<string, string | undefined>,
): Promise<Result<EstimatePage>> {
  const parsed = estimateListQuerySchema.safeParse(query);
  if (!parsed.success) return invalid(parsed.error, "Invalid query");
  const { status, q, cursor, limit } = parsed.data;
  const where: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (status) where.push(Prisma.sql`d.status = ${status}::"EstimateStatus"`);
  if (cursor) where.push(Prisma.sql`d.id < ${cursor}::int`);
  if (q) where.push(documentMatch("estimate", searchTerms(q)));
  const { db } = context.services;
  const found = await db.$queryRaw<Array<{ id: number }>>`
    SELECT d.id FROM "Estimate" d WHERE ${Prisma.join(where, " AND ")} ORDER BY d.id DESC LIMIT ${limit + 1}`;
  const ids = found.slice(0, limit).map((r) => r.id);
  const rows = await db.estimate.findMany({ where: { id: { in: ids } }, orderBy: { id: "desc" }, select: rowSelect });
  return success({
    estimates: rows.map(rowJson),
    nextCursor: found.length > limit ? String(ids[ids.length - 1]) : null,
  });
}
