/**
 * Cancelling, pausing and resuming a membership, and the worker's daily look at renewals (docs/product.md#plans,
 * docs/decisions/029-maintenance-plans.md):
 *
 * - A member cancels from their page (/membership/<token>) or /account, staff from the customer record: it
 *   ends at the period's end (no refund, no proration); until then the discount and the visits stay. A membership
 *   paid online is cancelled at Stripe first (Stripe stops charging), then here.
 * - Staff pause a membership (no visits placed, Stripe's collection paused) and resume it.
 * - Each day: 30 and 7 days before a yearly renewal the member is reminded (email, and a text where "Text messages
 *   both ways" has their consent); a membership paid to the office whose period ended is past due (the office
 *   records the renewal), and ends 30 days later unpaid, or at once when it was cancelled.
 */
import { recordAudit } from "../audit-log.server";
import type { Prisma } from "../db.server";
import { inTransaction } from "../outbox.server";
import { failure, success, type Result } from "../result";
import { textSendAt } from "../texts/quiet-hours";
import { addLocalDays, businessDate, localDaysBetween } from "../time";
import { updateSubscription } from "./billing.server";
import {
  endMembership,
  lockMembership,
  membershipSelect,
  membershipSubject,
  periodEndAfter,
  startPeriod,
  toMembershipJson,
  type MembershipContext,
  type MembershipJson,
} from "./memberships.server";

interface Actor {
  id: number;
  email: string;
}

/** Days before a yearly renewal the member is reminded. */
export const RENEWAL_REMINDER_DAYS = [30, 7] as const;
/** How long a membership paid to the office may stay past due before it ends. */
const OFFICE_GRACE_DAYS = 30;

const STRIPE_DOWN = "We could not reach our payment provider. Nothing changed; please try again in a minute.";

async function current(tx: Prisma.TransactionClient, id: number) {
  return toMembershipJson(await tx.membership.findUniqueOrThrow({ where: { id }, select: membershipSelect }));
}

/**
 * Cancels a membership at its period's end (a pending one, never paid, at once). `actor` null: the member.
 * 409 when it has ended already; 503 (nothing changed) when Stripe cannot be told.
 */
export async function cancelMembership(
  context: MembershipContext,
  membershipId: number,
  actor: Actor | null,
): Promise<Result<{ membership: MembershipJson; message: string }>> {
  const { db } = context.services;
  const found = await db.membership.findUnique({ where: { id: membershipId }, select: membershipSelect });
  if (!found) return failure(404, "No such membership");
  if (found.status === "cancelled" || found.status === "expired")
    return failure(409, `This membership has ended already`);
  if (found.cancelAtPeriodEnd)
    return success({ membership: toMembershipJson(found), message: "This membership is already cancelled." });
  if (
    found.stripeSubscriptionId &&
    !(await updateSubscription(context, found.stripeSubscriptionId, { cancelAtPeriodEnd: true }))
  )
    return failure(503, STRIPE_DOWN);
  return inTransaction(context, async (tx, outbox) => {
    await lockMembership(tx, membershipId);
    const m = await tx.membership.findUniqueOrThrow({ where: { id: membershipId }, select: membershipSelect });
    if (m.status === "cancelled" || m.status === "expired") return failure(409, "This membership has ended already");
    if (m.status === "pending") {
      await endMembership(tx, outbox, m.id, "cancelled", context.requestId);
      return success({ membership: await current(tx, m.id), message: `${m.plan.name} is cancelled.` });
    }
    await tx.membership.update({ where: { id: m.id }, data: { cancelAtPeriodEnd: true } });
    // No renewal reminders for a membership that will not renew.
    await outbox.cancel(membershipSubject(m.id), ["membership-email"]);
    outbox.add(
      "membership-email",
      { membershipId: m.id, notice: "cancel-scheduled", version: String(Date.now()), requestId: context.requestId },
      { subject: membershipSubject(m.id) },
    );
    await recordAudit(tx, {
      actor,
      action: "membership.cancel_scheduled",
      targetType: "membership",
      targetId: m.id,
      details: { by: actor ? "staff" : "member", endsAt: m.currentPeriodEnd?.toISOString() ?? null },
    });
    const ends = m.currentPeriodEnd ? ` It ends on ${businessDate(m.currentPeriodEnd)}` : "";
    return success({
      membership: await current(tx, m.id),
      message: `${m.plan.name} is cancelled.${ends ? `${ends} and will not renew.` : ""}`,
    });
  });
}

/** Staff pause (no visits placed, nothing charged) or resume a membership. */
export async function pauseMembership(
  context: MembershipContext,
  membershipId: number,
  actor: Actor,
  paused: boolean,
): Promise<Result<{ membership: MembershipJson; message: string }>> {
  const { db } = context.services;
  const found = await db.membership.findUnique({ where: { id: membershipId }, select: membershipSelect });
  if (!found) return failure(404, "No such membership");
  if (paused ? found.status !== "active" : found.status !== "paused")
    return failure(409, paused ? "Only an active membership can be paused" : "This membership is not paused");
  if (found.stripeSubscriptionId && !(await updateSubscription(context, found.stripeSubscriptionId, { paused })))
    return failure(503, STRIPE_DOWN);
  return inTransaction(context, async (tx) => {
    await lockMembership(tx, membershipId);
    await tx.membership.update({
      where: { id: membershipId },
      data: paused ? { status: "paused", pausedAt: new Date() } : { status: "active", pausedAt: null },
    });
    await recordAudit(tx, {
      actor,
      action: paused ? "membership.paused" : "membership.resumed",
      targetType: "membership",
      targetId: membershipId,
      details: { plan: found.plan.name },
    });
    return success({
      membership: await current(tx, membershipId),
      message: paused ? `${found.plan.name} is paused.` : `${found.plan.name} is active again.`,
    });
  });
}

/**
 * The office records a renewal paid by check (a membership paid to the office): the payment, and the next period
 * from the end of the last one (or today, when it lapsed).
 */
export async function recordRenewalPayment(
  context: MembershipContext,
  membershipId: number,
  actor: Actor,
  reference: string | undefined,
): Promise<Result<{ membership: MembershipJson; message: string }>> {
  return inTransaction(context, async (tx, outbox) => {
    await lockMembership(tx, membershipId);
    const m = await tx.membership.findUnique({ where: { id: membershipId }, select: membershipSelect });
    if (!m) return failure(404, "No such membership");
    if (m.paysOnline) return failure(409, "This membership is charged by card: Stripe renews it");
    if (m.status === "cancelled" || m.status === "expired" || m.cancelAtPeriodEnd)
      return failure(409, "This membership does not renew");
    const now = new Date();
    const start = m.currentPeriodEnd && m.currentPeriodEnd > now ? m.currentPeriodEnd : now;
    const payment = await tx.payment.create({
      data: {
        membershipId,
        customerId: m.customerId,
        method: "check",
        amountCents: m.priceCents,
        reference: reference?.trim() || null,
        recordedById: actor.id,
      },
    });
    await startPeriod(
      tx,
      outbox,
      membershipId,
      { start, end: periodEndAfter(start, m.interval), paymentId: payment.id },
      context.requestId,
    );
    return success({ membership: await current(tx, membershipId), message: `${m.plan.name} renewed.` });
  });
}

/**
 * The worker's daily look (idempotent; every worker may run it): renewal reminders owed, and memberships paid to
 * the office whose period ended moved on. Answers how many of each.
 */
export async function sweepMemberships(context: MembershipContext, now = new Date()) {
  const { db } = context.services;
  const today = businessDate(now);
  let reminded = 0;
  let ended = 0;
  let lapsed = 0;
  const soon = await db.membership.findMany({
    where: {
      status: "active",
      interval: "year",
      cancelAtPeriodEnd: false,
      currentPeriodEnd: { gt: now, lte: new Date(now.getTime() + 31 * 86_400_000) },
    },
    select: { id: true, currentPeriodEnd: true, remindedDays: true },
  });
  for (const m of soon) {
    const daysLeft = localDaysBetween(today, businessDate(m.currentPeriodEnd!));
    const due = RENEWAL_REMINDER_DAYS.filter((d) => daysLeft <= d && !m.remindedDays.includes(d));
    if (!due.length) continue;
    // The nearest reminder only: a membership found 6 days out is not reminded "30 days" too.
    const days = Math.min(...due);
    await inTransaction(context, async (tx, outbox) => {
      await lockMembership(tx, m.id);
      const fresh = await tx.membership.findUniqueOrThrow({ where: { id: m.id }, select: { remindedDays: true } });
      if (fresh.remindedDays.includes(days)) return;
      await tx.membership.update({
        where: { id: m.id },
        data: { remindedDays: [...new Set([...fresh.remindedDays, ...due])] },
      });
      const version = `${businessDate(m.currentPeriodEnd!)}-${days}`;
      outbox.add(
        "membership-email",
        { membershipId: m.id, notice: "renewal-reminder", version },
        { subject: membershipSubject(m.id) },
      );
      // Its text twin: at once, or at 8 AM when the look falls in the quiet hours (docs/product.md#texts).
      outbox.add(
        "membership-text",
        { membershipId: m.id, notice: "renewal-reminder", version },
        { subject: membershipSubject(m.id), availableAt: textSendAt(now) },
      );
      reminded++;
    });
  }
  const over = await db.membership.findMany({
    where: {
      status: { in: ["active", "past_due", "paused"] },
      currentPeriodEnd: { lte: now },
      paysOnline: false,
    },
    select: { id: true, status: true, cancelAtPeriodEnd: true, currentPeriodEnd: true },
  });
  for (const m of over) {
    await inTransaction(context, async (tx, outbox) => {
      await lockMembership(tx, m.id);
      const fresh = await tx.membership.findUniqueOrThrow({
        where: { id: m.id },
        select: { status: true, currentPeriodEnd: true },
      });
      if (
        !fresh.currentPeriodEnd ||
        fresh.currentPeriodEnd > now ||
        fresh.status === "cancelled" ||
        fresh.status === "expired"
      )
        return;
      if (m.cancelAtPeriodEnd) {
        await endMembership(tx, outbox, m.id, "cancelled", context.requestId);
        ended++;
      } else if (addLocalDays(businessDate(fresh.currentPeriodEnd), OFFICE_GRACE_DAYS) <= today) {
        await endMembership(tx, outbox, m.id, "expired", context.requestId);
        ended++;
      } else if (fresh.status === "active") {
        await tx.membership.update({ where: { id: m.id }, data: { status: "past_due" } });
        lapsed++;
      }
    });
  }
  return { reminded, ended, lapsed };
}
