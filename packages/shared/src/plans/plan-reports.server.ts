/**
 * The office's view of the plans (docs/product.md#plans, docs/decisions/029-maintenance-plans.md): the five figures
 * the dashboard shows and `GET /api/reports/plans` answers, read by this one function.
 */
import type { Reader } from "../db.server";
import { scaleHalfUp, sumCents } from "../money/money";
import { addLocalDays, businessDate, businessMonth, endOfBusinessDay, monthRange } from "../time";

/** How far ahead the renewals due are counted: renewing on a Baton Rouge date no later than today + this. */
const RENEWAL_DAYS = 30;

/** The plans' figures, now (docs/product.md#plans). */
export interface PlanFigures {
  activeMembers: number;
  monthlyRecurringCents: number;
  renewalsDue30Days: number;
  pastDue: number;
  cancelledThisMonth: number;
}

/** A period's price as a month's worth: a monthly price as it is, a yearly one ÷ 12 rounded half up to the cent. */
function monthlyCents(interval: string, priceCents: number): number {
  return interval === "month" ? priceCents : scaleHalfUp(priceCents, 1, 12);
}

/**
 * The plans' figures at `now`, summed by PostgreSQL in two statements sent together (no membership is read into the
 * server, only the count of each price):
 *
 * - **activeMembers**: memberships active or past due (`MEMBER_STATUSES`): members whose discount and priority hold,
 *   a member whose renewal failed included until it ends (they are also counted in `pastDue`). Not paused ones
 *   (nothing charged, no visits placed), nor pending ones (never paid).
 * - **monthlyRecurringCents**: over the active memberships (not past due: their money is not coming in; not paused),
 *   a month's worth each: the monthly price as agreed when joining (`priceCents`), or the yearly price ÷ 12 rounded
 *   half up to the cent for each membership (packages/shared/src/money/money.ts, whole cents, no floats). One set to
 *   cancel at its period's end still counts: it pays until it ends.
 * - **renewalsDue30Days**: active memberships not set to cancel whose period ends (`currentPeriodEnd`, the renewal
 *   date) after `now` and on a Baton Rouge date no later than 30 days from today, yearly and monthly alike.
 * - **pastDue**: memberships past due (a refused charge, or a check not recorded by the period's end).
 * - **cancelledThisMonth**: memberships, ever started, whose cancellation was chosen in this Baton Rouge month, each
 *   counted once and in one month only. The month of the choice is the member's or the office's Cancel (the latest
 *   `membership.cancel_scheduled` entry of the audit log: it ends at the period's end, so it is counted when chosen,
 *   not weeks later when it takes effect); without one (cancelled at Stripe, through its customer portal, whose
 *   choice is seen only when the subscription ends), the month it ended (`cancelledAt`). Only cancellations that
 *   stand: the membership ended cancelled or is still set to cancel (a Cancel undone at Stripe is not counted).
 *   Not counted: expired memberships (ended unpaid: no one chose it; `cancelledAt` is set for them too) and pending
 *   ones dropped before their first payment (never members).
 */
export async function planReport(db: Reader, now = new Date()): Promise<PlanFigures> {
  const { from, to } = monthRange(businessMonth(now));
  const horizon = endOfBusinessDay(addLocalDays(businessDate(now), RENEWAL_DAYS));
  const [figures, prices] = await Promise.all([
    db.$queryRaw<Array<{ members: bigint; renewals: bigint; pastDue: bigint; cancelled: bigint }>>`
      select
        (select count(*) from "Membership" where status in ('active', 'past_due')) as members,
        (select count(*) from "Membership"
          where status = 'active' and not "cancelAtPeriodEnd"
            and "currentPeriodEnd" > ${now} and "currentPeriodEnd" < ${horizon}) as renewals,
        (select count(*) from "Membership" where status = 'past_due') as "pastDue",
        (select count(*) from "Membership" m
           left join lateral (
             select max(a."createdAt") as at from "AuditLog" a
              where a."targetType" = 'membership' and a."targetId" = m.id::text
                and a.action = 'membership.cancel_scheduled') chosen on true
          where m."startedAt" is not null
            and (m.status = 'cancelled' or (m."cancelAtPeriodEnd" and m.status in ('active', 'past_due', 'paused')))
            and coalesce(chosen.at, m."cancelledAt") >= ${from}
            and coalesce(chosen.at, m."cancelledAt") < ${to}) as cancelled`,
    db.$queryRaw<Array<{ interval: string; priceCents: number; count: bigint }>>`
      select "interval"::text as "interval", "priceCents", count(*) as count
        from "Membership" where status = 'active'
       group by 1, 2`,
  ]);
  const f = figures[0]!;
  const monthly = sumCents(prices.map((p) => BigInt(monthlyCents(p.interval, p.priceCents)) * p.count));
  return {
    activeMembers: Number(f.members),
    monthlyRecurringCents: Number(monthly),
    renewalsDue30Days: Number(f.renewals),
    pastDue: Number(f.pastDue),
    cancelledThisMonth: Number(f.cancelled),
  };
}
