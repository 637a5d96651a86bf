import type { AppLoadContext } from "@remix-run/node";
import { balanceCents } from "@app/shared/money/money";
import { businessDate, localDaysBetween, monthKey, monthRange, type MonthRef } from "@app/shared/time";
import { agingCutoffs, agingRows, approvalRatePercent, UNPAID_LIST_LIMIT, type MoneyReport } from "./money-report";

/**
 * The office's money for a Baton Rouge month (docs/product.md#money-on-the-dashboard), summed by
 * PostgreSQL in three statements sent together, none of which reads every row into the server:
 *
 * - the month's figures, one subquery each: estimates sent, those of them approved, estimates
 *   approved, invoiced (invoices sent in the month, not void: `Invoice_status_sentAt_idx`) and
 *   collected (payments received in the month, deposits included: `Payment_receivedAt_idx`);
 * - what is owed now, grouped into the aging buckets by the day each invoice was sent;
 * - the oldest unpaid invoices, UNPAID_LIST_LIMIT at most.
 *
 * Outstanding and aging are as of `now`, whatever the month: they are what is owed today.
 */
export async function moneyReport(context: AppLoadContext, month: MonthRef, now = new Date()): Promise<MoneyReport> {
  const { db } = context.services;
  const { from, to } = monthRange(month);
  const today = businessDate(now);
  const [within30, within60, within90] = agingCutoffs(today);
  const [figures, aging, unpaid] = await Promise.all([
    db.$queryRaw<
      Array<{
        sent: bigint;
        approvedOfSent: bigint;
        approved: bigint;
        declined: bigint;
        invoiced: bigint;
        collected: bigint;
      }>
    >`
      select
        (select count(*) from "Estimate" where "sentAt" >= ${from} and "sentAt" < ${to}) as sent,
        (select count(*) from "Estimate"
          where "sentAt" >= ${from} and "sentAt" < ${to} and "approvedAt" is not null) as "approvedOfSent",
        (select count(*) from "Estimate" where "approvedAt" >= ${from} and "approvedAt" < ${to}) as approved,
        (select count(*) from "Estimate" where "declinedAt" >= ${from} and "declinedAt" < ${to}) as declined,
        (select coalesce(sum("totalCents"), 0)::bigint from "Invoice"
          where status in ('sent', 'partially_paid', 'paid') and "sentAt" >= ${from} and "sentAt" < ${to}) as invoiced,
        (select coalesce(sum("amountCents"), 0)::bigint from "Payment"
          where "receivedAt" >= ${from} and "receivedAt" < ${to}) as collected`,
    db.$queryRaw<Array<{ bucket: string; count: bigint; cents: bigint }>>`
      select case when sent >= ${within30} then '0-30'
                  when sent >= ${within60} then '31-60'
                  when sent >= ${within90} then '61-90'
                  else '90+' end as bucket,
             count(*) as count,
             sum(balance)::bigint as cents
      from (select coalesce("sentAt", "createdAt") as sent, "totalCents" - "paidCents" as balance
            from "Invoice"
            where status in ('sent', 'partially_paid') and "paidCents" < "totalCents") as owed
      group by 1`,
    db.$queryRaw<
      Array<{
        id: number;
        number: string;
        customerId: number;
        customerName: string;
        sentAt: Date;
        totalCents: number;
        paidCents: number;
      }>
    >`
      select i.id, i.number, i."customerId", c.name as "customerName",
             coalesce(i."sentAt", i."createdAt") as "sentAt", i."totalCents", i."paidCents"
      from "Invoice" i join "Customer" c on c.id = i."customerId"
      where i.status in ('sent', 'partially_paid') and i."paidCents" < i."totalCents"
      order by coalesce(i."sentAt", i."createdAt"), i.id
      limit ${UNPAID_LIST_LIMIT}`,
  ]);
  const f = figures[0]!;
  const buckets = agingRows(aging.map((r) => ({ bucket: r.bucket, count: Number(r.count), cents: Number(r.cents) })));
  const sent = Number(f.sent);
  return {
    month: monthKey(month),
    estimates: {
      sent,
      approved: Number(f.approved),
      declined: Number(f.declined),
      approvalRatePercent: approvalRatePercent(sent, Number(f.approvedOfSent)),
    },
    invoicedCents: Number(f.invoiced),
    collectedCents: Number(f.collected),
    outstandingCents: buckets.reduce((sum, b) => sum + b.cents, 0),
    aging: buckets,
    unpaid: unpaid.map((i) => {
      const sentDate = businessDate(i.sentAt);
      return {
        id: i.id,
        number: i.number,
        customerId: i.customerId,
        customerName: i.customerName,
        sentAt: i.sentAt.toISOString(),
        sentDate,
        daysOutstanding: Math.max(0, localDaysBetween(sentDate, today)),
        totalCents: i.totalCents,
        balanceCents: balanceCents(i.totalCents, i.paidCents),
      };
    }),
    unpaidCount: buckets.reduce((sum, b) => sum + b.count, 0),
  };
}
