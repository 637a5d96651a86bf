/**
 * A membership's included visits (docs/product.md#plans, docs/decisions/029-maintenance-plans.md): written when a
 * plan year starts (`createPlanYearVisits`), placed by the worker as visits in open arrival windows ahead of their
 * date (`placeDueVisits`, PLAN_VISIT_LEAD_DAYS), each confirmed with its manage link as any visit is; one that finds
 * no open window goes on the office's "to place" list (`listVisitsToPlace`) instead of anywhere. A membership that
 * ends drops those not placed yet (`dropPlanVisits`). A placed visit is a booking like any other: moving or
 * cancelling it afterwards is the member's or the office's business, not this module's.
 *
 * Placing never double-books (docs/decisions/009-no-double-booking.md): it takes the schedule's lock and counts the
 * windows with `availabilityOf` as every booking write does, and gives the visit no technician (the exclusion
 * constraint is untouched). Only visits of `active` memberships are placed: a past-due, paused or pending one's
 * visits wait in `due` until it is active again (or are dropped when it ends).
 */
import { business } from "../business";
import { createBooking } from "../booking/create-booking.server";
import type { VisitTiming } from "../booking/visit-notifications.server";
import type { Reader } from "../db.server";
import type { Env } from "../env.server";
import { inTransaction, type ChangeContext } from "../outbox.server";
import { lockSchedule } from "../scheduling/schedule-lock.server";
import { availabilityOf } from "../scheduling/schedule.server";
import { windowsBetween } from "../scheduling/windows";
import { addLocalDays, businessDate, formatLocalDate, localDaysBetween, startOfBusinessDay } from "../time";
import { planVisitSummary, planYearDueDates } from "./visit-dates";

/** What placing needs: a change's context, the visit emails' timing and the lead time. */
type PlacingContext = ChangeContext & { services: { env: VisitTiming & Pick<Env, "PLAN_VISIT_LEAD_DAYS"> } };

/** A visit is placed in a window from this many days before its date… */
const EARLIEST_DAYS_BEFORE = 7;
/** …to this many days after. */
const LATEST_DAYS_AFTER = 14;
/** The most visits one run places (the hourly run takes the rest an hour later). */
const RUN_LIMIT = 500;

/** A Baton Rouge date as a `@db.Date` column holds it (midnight UTC), and back. */
const dateColumn = (date: string) => new Date(`${date}T00:00:00.000Z`);
const dateOfColumn = (value: Date) => value.toISOString().slice(0, 10);

/**
 * A plan year's included visits, written `due` (./visit-dates.ts spreads them), in the caller's transaction: when
 * a membership starts and at each renewal. Idempotent: a date the membership has already is left as it is. The
 * visits written.
 */
export async function createPlanYearVisits(
  tx: Reader,
  input: { membershipId: number; yearStart: string; visitsPerYear: number },
): Promise<number> {
  const dates = planYearDueDates(input.yearStart, input.visitsPerYear);
  if (!dates.length) return 0;
  const { count } = await tx.planVisit.createMany({
    data: dates.map((date) => ({ membershipId: input.membershipId, dueOn: dateColumn(date) })),
    skipDuplicates: true,
  });
  return count;
}

/**
 * A membership ended (cancelled, expired): its visits not placed yet (`due`, `to_place`) are dropped, in the
 * caller's transaction; those placed keep their bookings (the office cancels them if it must). The visits dropped.
 * Call it before taking the schedule's lock in the same transaction: the placer holds a visit's row, then the lock.
 */
export async function dropPlanVisits(tx: Reader, membershipId: number): Promise<number> {
  const { count } = await tx.planVisit.updateMany({
    where: { membershipId, state: { in: ["due", "to_place"] } },
    data: { state: "dropped" },
  });
  return count;
}

/**
 * Places every visit due within the lead time (its date no later than today + PLAN_VISIT_LEAD_DAYS) of an active
 * membership (or of one membership, `only`), and those left `to_place` whose dates are not all past, soonest first, each in its own transaction (`placeVisit`). Run by the
 * worker when a membership starts or renews (job "plan-visits-place") and every hour (the lead time moves on each
 * day). Two runs at once place each visit once. A visit whose placing failed is left `due` for the next run,
 * after the others were placed; the run then throws, so its job is retried.
 */
export async function placeDueVisits(
  context: PlacingContext,
  now = new Date(),
  only?: { membershipId: number },
): Promise<{ placed: number; toPlace: number }> {
  const { db, env } = context.services;
  const today = businessDate(now);
  const lastDue = addLocalDays(today, env.PLAN_VISIT_LEAD_DAYS);
  const due = await db.planVisit.findMany({
    where: {
      OR: [
        { state: "due" },
        // One the placer could not place is tried again while its dates are still ahead: a window may have opened.
        { state: "to_place", dueOn: { gte: dateColumn(addLocalDays(today, -LATEST_DAYS_AFTER)) } },
      ],
      dueOn: { lte: dateColumn(lastDue) },
      membership: { status: "active", ...(only ? { id: only.membershipId } : {}) },
    },
    orderBy: [{ dueOn: "asc" }, { id: "asc" }],
    take: RUN_LIMIT,
    select: { id: true },
  });
  const counts = { placed: 0, toPlace: 0 };
  const failed: unknown[] = [];
  for (const { id } of due) {
    try {
      const outcome = await placeVisit(context, id, now);
      if (outcome === "placed") counts.placed++;
      else if (outcome === "to_place") counts.toPlace++;
    } catch (error) {
      context.logger.warn({ planVisitId: id, err: (error as Error).message }, "placing a plan visit failed");
      failed.push(error);
    }
  }
  if (failed.length)
    throw new AggregateError(failed, `${failed.length} of ${due.length} plan visits could not be placed`);
  return counts;
}

interface LockedVisit {
  id: number;
  membershipId: number;
  state: "due" | "to_place";
  dueOn: string;
}

/**
 * One visit placed, in one transaction: its row taken (`FOR UPDATE SKIP LOCKED`, and still `due` of an active
 * membership: a visit another placer holds or has placed is skipped), then the schedule's lock, the earliest
 * window with a place left from a week before its date (not before the minimum notice from now) to two weeks
 * after (past the customers' 30-day horizon if need be: the business places it), and the booking written there,
 * with what every booking owes (its confirmation with the manage link, the staff's notice, the live event).
 * The windows are counted under the lock, so the one chosen cannot be taken meanwhile. None open: `to_place`,
 * with why.
 */
async function placeVisit(context: PlacingContext, id: number, now: Date): Promise<"placed" | "to_place" | null> {
  const { env } = context.services;
  return inTransaction(context, async (tx, outbox) => {
    const [visit] = await tx.$queryRaw<LockedVisit[]>`
      SELECT pv.id, pv."membershipId", pv.state::text AS state, to_char(pv."dueOn", 'YYYY-MM-DD') AS "dueOn"
        FROM "PlanVisit" pv JOIN "Membership" m ON m.id = pv."membershipId"
       WHERE pv.id = ${id} AND pv.state IN ('due', 'to_place') AND m.status = 'active'
         FOR UPDATE OF pv SKIP LOCKED`;
    if (!visit) return null;
    const membership = await tx.membership.findUniqueOrThrow({
      where: { id: visit.membershipId },
      select: {
        plan: { select: { name: true, serviceType: true, visitsPerYear: true } },
        customer: { select: { id: true, name: true, address: true, mergedIntoId: true } },
      },
    });
    // A record merged into another since: the visit is the surviving record's.
    const customer = membership.customer.mergedIntoId
      ? await tx.customer.findUniqueOrThrow({
          where: { id: membership.customer.mergedIntoId },
          select: { id: true, name: true, address: true },
        })
      : membership.customer;

    const today = businessDate(now);
    const earliestDate = addLocalDays(visit.dueOn, -EARLIEST_DAYS_BEFORE);
    const from = earliestDate > today ? earliestDate : today;
    const to = addLocalDays(visit.dueOn, LATEST_DAYS_AFTER);

    // Left to the office, it may have been booked by hand: a visit of the member's in its dates is that visit.
    if (visit.state === "to_place") {
      const byHand = await tx.booking.findFirst({
        where: {
          customerId: customer.id,
          status: { not: "cancelled" },
          scheduledDate: { gte: startOfBusinessDay(earliestDate), lt: startOfBusinessDay(addLocalDays(to, 1)) },
        },
        orderBy: { scheduledDate: "asc" },
        select: { id: true },
      });
      if (byHand) {
        await tx.planVisit.update({
          where: { id: visit.id },
          data: { state: "placed", bookingId: byHand.id, note: null },
        });
        return "placed";
      }
    }
    const notBefore = now.getTime() + business.booking.minimumNoticeMinutes * 60_000;
    const windows =
      from <= to
        ? windowsBetween(from, localDaysBetween(from, to) + 1).filter((w) => w.start.getTime() >= notBefore)
        : [];
    let open = null;
    if (windows.length) {
      await lockSchedule(tx);
      open = (await availabilityOf(tx, windows)).find((w) => w.available > 0) ?? null;
    }
    if (!open) {
      const searched = from <= to ? from : earliestDate;
      await tx.planVisit.update({
        where: { id: visit.id },
        data: {
          state: "to_place",
          note: `No open arrival window from ${formatLocalDate(searched)} to ${formatLocalDate(to)}${from <= to ? "" : " (those dates had passed)"}`,
        },
      });
      return "to_place";
    }

    const { plan } = membership;
    const booking = await createBooking(
      tx,
      outbox,
      {
        customerId: customer.id,
        summary: planVisitSummary(plan),
        details: `${customer.name}'s ${plan.name} plan (membership #${visit.membershipId}): the visit due ${formatLocalDate(visit.dueOn)}, included in the plan. Placed in the first open arrival window near that date; the member may move it with the link in their confirmation.`,
        priority: "medium",
        scheduledDate: open.start,
        source: "plan",
        address: customer.address,
        emailCustomer: true,
      },
      { requestId: context.requestId, timing: env },
    );
    await tx.planVisit.update({
      where: { id: visit.id },
      data: { state: "placed", bookingId: booking.id, note: null },
    });
    return "placed";
  });
}

/** A visit on the office's "to place" list: no open window was found near its date. */
export interface VisitToPlace {
  id: number;
  membershipId: number;
  customerId: number;
  customerName: string;
  planName: string;
  /** "YYYY-MM-DD", Baton Rouge. */
  dueOn: string;
  note: string | null;
}

/** The visits the placer could not place (`to_place`), soonest due first; at most `take`. */
export async function listVisitsToPlace(db: Reader, take = 100): Promise<VisitToPlace[]> {
  const rows = await db.planVisit.findMany({
    where: { state: "to_place" },
    orderBy: [{ dueOn: "asc" }, { id: "asc" }],
    take,
    select: {
      id: true,
      membershipId: true,
      dueOn: true,
      note: true,
      membership: { select: { plan: { select: { name: true } }, customer: { select: { id: true, name: true } } } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    membershipId: r.membershipId,
    customerId: r.membership.customer.id,
    customerName: r.membership.customer.name,
    planName: r.membership.plan.name,
    dueOn: dateOfColumn(r.dueOn),
    note: r.note,
  }));
}
