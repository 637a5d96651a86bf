/**
 * Memberships of the plans (docs/product.md#plans, docs/decisions/029-maintenance-plans.md): a homeowner joins on
 * /plans and pays the first period on Stripe's page (a subscription), or the office enrols a customer who pays by
 * check. Whatever starts or renews a period goes through `startPeriod`, in the transaction that recorded its
 * payment: the membership's dates and status, the plan year's visits (placed by the worker), the receipt.
 *
 * The money's events (Stripe's webhook) are ./billing.server.ts; the visits' dates and placing ./plan-visits.server.ts.
 */
import { type BillingIntervalName, type JoinPlanInput, type MembershipStatusName } from "../api/plans";
import { recordAudit } from "../audit-log.server";
import { business } from "../business";
import type { Prisma, Reader } from "../db.server";
import type { Env } from "../env.server";
import type { Logger } from "../logger.server";
import { tokenSealKeys } from "../keys.server";
import { inTransaction, type ChangeContext, type Outbox } from "../outbox.server";
import { failure, success, throttled, type Result } from "../result";
import { grantTextConsent } from "../texts/consent.server";
import { addLocalYears, businessDate } from "../time";
import { randomToken, sealToken, sha256, unsealToken } from "../tokens.server";
import { z } from "../zod";
import { createPlanYearVisits, dropPlanVisits } from "./plan-visits.server";

type Tx = Prisma.TransactionClient;

interface Actor {
  id: number;
  email: string;
}

/** What the membership services use: the web's load context and the worker's have this shape. */
export interface MembershipContext extends ChangeContext {
  services: ChangeContext["services"] & { env: Env };
  logger: Pick<Logger, "warn" | "info" | "error">;
}

/** A membership as the pages and the API show it. Declared once. */
export const membershipJson = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  planName: z.string(),
  customerId: z.number().int(),
  status: z.enum(["pending", "active", "past_due", "paused", "cancelled", "expired"]),
  interval: z.enum(["year", "month"]),
  priceCents: z.number().int(),
  discountPercent: z.number().int(),
  paysOnline: z.boolean(),
  startedAt: z.string().nullable(),
  renewsOn: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type MembershipJson = z.output<typeof membershipJson>;

export const membershipSelect = {
  id: true,
  planId: true,
  customerId: true,
  status: true,
  interval: true,
  priceCents: true,
  discountPercent: true,
  paysOnline: true,
  startedAt: true,
  currentPeriodStart: true,
  currentPeriodEnd: true,
  cancelAtPeriodEnd: true,
  stripeCustomerId: true,
  stripeSubscriptionId: true,
  plan: { select: { name: true, visitsPerYear: true, serviceType: true, emergencyPriority: true } },
} as const;

export type MembershipRow = Prisma.MembershipGetPayload<{ select: typeof membershipSelect }>;

export function toMembershipJson(m: MembershipRow): MembershipJson {
  return {
    id: m.id,
    planId: m.planId,
    planName: m.plan.name,
    customerId: m.customerId,
    status: m.status,
    interval: m.interval,
    priceCents: m.priceCents,
    discountPercent: m.discountPercent,
    paysOnline: m.paysOnline,
    startedAt: m.startedAt?.toISOString() ?? null,
    renewsOn: m.currentPeriodEnd ? businessDate(m.currentPeriodEnd) : null,
    cancelAtPeriodEnd: m.cancelAtPeriodEnd,
  };
}

/** The statuses in which a customer is a member: their discount and priority hold, their visits are placed. */
export const MEMBER_STATUSES: readonly MembershipStatusName[] = ["active", "past_due"];

export const statusLabel: Record<MembershipStatusName, string> = {
  pending: "Awaiting first payment",
  active: "Active",
  past_due: "Past due",
  paused: "Paused",
  cancelled: "Cancelled",
  expired: "Expired",
};

/** The price of a period of a plan, or null when the plan does not offer that interval. */
export function periodPrice(
  plan: { yearlyPriceCents: number; monthlyPriceCents: number | null },
  interval: BillingIntervalName,
): number | null {
  return interval === "year" ? plan.yearlyPriceCents : plan.monthlyPriceCents;
}

/** One interval after an instant: the same Baton Rouge date a month or a year later, at the same time of day. */
export function periodEndAfter(start: Date, interval: BillingIntervalName): Date {
  const end = new Date(start);
  if (interval === "year") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** The plan year holding a period's start: the membership's start date's latest anniversary not after it. */
export function planYearStart(startedOn: string, periodStartOn: string): string {
  let year = startedOn;
  while (addLocalYears(year, 1) <= periodStartOn) year = addLocalYears(year, 1);
  return year;
}

/** A member's page, /membership/<token>: the token is made with the membership, stored hashed and sealed. */
export function newMembershipToken(env: Pick<Env, "SESSION_SECRETS">) {
  const token = randomToken();
  return { token, tokenHash: sha256(token), sealedToken: sealToken(token, tokenSealKeys(env)[0]!) };
}

/** The member's page's address for the worker's emails; null when the sealed token cannot be opened any more. */
export function membershipUrl(env: Pick<Env, "SESSION_SECRETS" | "APP_URL">, sealedToken: string): string | null {
  const token = unsealToken(sealedToken, tokenSealKeys(env));
  return token ? `${env.APP_URL}/membership/${token}` : null;
}

/** The subject its emails are owed under (`Outbox.cancel`). */
export const membershipSubject = (id: number) => `membership:${id}`;

/**
 * A period paid (or, for the office, enrolled): in the caller's transaction with its outbox, the membership
 * locked. The first one starts the membership (active, its start, the welcome email with the receipt); each one
 * sets the period's dates, clears the reminders sent for the last, makes the plan year's visits when a plan year
 * begins with it, and asks the worker to place what is due.
 */
export async function startPeriod(
  tx: Tx,
  outbox: Outbox,
  membershipId: number,
  period: { start: Date; end: Date; paymentId: number | null },
  requestId?: string,
): Promise<"started" | "renewed"> {
  const m = await tx.membership.findUniqueOrThrow({ where: { id: membershipId }, select: membershipSelect });
  const first = m.status === "pending" || m.startedAt === null;
  const startedAt = m.startedAt ?? period.start;
  await tx.membership.update({
    where: { id: membershipId },
    data: {
      status: "active",
      startedAt,
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      remindedDays: [],
      pausedAt: null,
    },
  });
  const yearStart = planYearStart(businessDate(startedAt), businessDate(period.start));
  await createPlanYearVisits(tx, { membershipId, yearStart, visitsPerYear: m.plan.visitsPerYear });
  outbox.add("plan-visits-place", { membershipId, version: String(period.start.getTime()), requestId });
  outbox.add(
    "membership-email",
    {
      membershipId,
      notice: first ? "welcome" : "renewed",
      version: String(period.start.getTime()),
      paymentId: period.paymentId ?? undefined,
      requestId,
    },
    { subject: membershipSubject(membershipId) },
  );
  await recordAudit(tx, {
    actor: null,
    action: first ? "membership.activated" : "membership.renewed",
    targetType: "membership",
    targetId: membershipId,
    details: {
      plan: m.plan.name,
      periodStart: period.start.toISOString(),
      periodEnd: period.end.toISOString(),
      paymentId: period.paymentId,
    },
  });
  return first ? "started" : "renewed";
}

/** Locks a membership's row for the rest of the transaction (every change of its status takes it first). */
export async function lockMembership(tx: Tx, id: number) {
  await tx.$queryRaw`SELECT id FROM "Membership" WHERE id = ${id} FOR UPDATE`;
}

/**
 * A membership ends (cancelled at its period's end, or expired unpaid): its visits not placed yet are dropped,
 * what it still owed to the member is cancelled, and the member is told.
 */
export async function endMembership(
  tx: Tx,
  outbox: Outbox,
  membershipId: number,
  status: "cancelled" | "expired",
  requestId?: string,
) {
  const now = new Date();
  await tx.membership.update({
    where: { id: membershipId },
    data: { status, cancelledAt: now, cancelAtPeriodEnd: false },
  });
  await dropPlanVisits(tx, membershipId);
  await outbox.cancel(membershipSubject(membershipId), ["membership-email"]);
  outbox.add(
    "membership-email",
    { membershipId, notice: "ended", version: String(now.getTime()), requestId },
    { subject: membershipSubject(membershipId) },
  );
  await recordAudit(tx, {
    actor: null,
    action: "membership.ended",
    targetType: "membership",
    targetId: membershipId,
    details: { status },
  });
}

/** Plans a homeowner may join: active ones. */
async function joinablePlan(db: Reader, planId: number, interval: BillingIntervalName) {
  const plan = await db.plan.findUnique({ where: { id: planId } });
  if (!plan || !plan.active)
    return failure(400, "Please choose one of the plans", { errors: { planId: "Choose one of the plans" } });
  const price = periodPrice(plan, interval);
  if (price === null)
    return failure(400, `${plan.name} is paid yearly`, { errors: { interval: `${plan.name} is paid yearly` } });
  return success({ plan, price });
}

/** The rate limits joining counts under (the web's, sized there). */
interface JoinLimits {
  consume(name: "bookAppointmentPerIp", key: string): Promise<number | null>;
}

export interface JoinContext extends MembershipContext {
  services: MembershipContext["services"] & { rateLimits: JoinLimits };
  clientNetwork: string;
}

/**
 * /plans: a homeowner joins. The customer record and the membership (pending) are stored first, whatever happens
 * next (a lead is never lost); then the caller opens Stripe's page for the first period (./billing.server.ts).
 * A visitor's typed address proves nothing: a new customer record, never attached to another; a signed-in
 * customer with a confirmed email joins with their own record.
 */
export async function joinPlan(
  context: JoinContext,
  input: JoinPlanInput,
  account: { userId: number; email: string } | null,
): Promise<Result<{ membershipId: number; token: string; planName: string; priceCents: number; email: string }>> {
  const { db, env } = context.services;
  const chosen = await joinablePlan(db, input.planId, input.interval);
  if (!chosen.ok) return chosen;
  const retryAfter = await context.services.rateLimits.consume("bookAppointmentPerIp", context.clientNetwork);
  if (retryAfter !== null)
    return throttled(retryAfter, `You've sent several requests already. Please call us at ${business.phone}.`);
  const { plan, price } = chosen.value;
  const email = (account?.email ?? input.customerEmail).toLowerCase();
  const minted = newMembershipToken(env);
  const membership = await inTransaction(context, async (tx) => {
    const fields = { name: input.customerName, email, phone: input.customerPhone, address: input.address };
    const customer = account
      ? ((await tx.customer.findFirst({ where: { userId: account.userId }, orderBy: { id: "asc" } })) ??
        (await tx.customer.create({ data: { ...fields, userId: account.userId } })))
      : await tx.customer.create({ data: fields });
    if (!customer.address) await tx.customer.update({ where: { id: customer.id }, data: { address: input.address } });
    if (input.textConsent)
      await grantTextConsent(tx, input.customerPhone, { source: "plans", network: context.clientNetwork });
    const created = await tx.membership.create({
      data: {
        planId: plan.id,
        customerId: customer.id,
        status: "pending",
        interval: input.interval,
        priceCents: price,
        discountPercent: plan.discountPercent,
        paysOnline: true,
        tokenHash: minted.tokenHash,
        sealedToken: minted.sealedToken,
      },
      select: { id: true },
    });
    await recordAudit(tx, {
      actor: null,
      action: "membership.joined",
      targetType: "membership",
      targetId: created.id,
      details: { plan: plan.name, interval: input.interval, priceCents: price, customerId: customer.id },
    });
    return created;
  });
  return success(
    { membershipId: membership.id, token: minted.token, planName: plan.name, priceCents: price, email },
    201,
  );
}

/**
 * The customer record's "Enrol in a plan" (admin): the office enrols a customer who pays by check; the first
 * period's payment is recorded with it (its receipt emailed) and the membership starts at once.
 */
export async function enrolCustomer(
  context: MembershipContext,
  actor: Actor,
  customerId: number,
  input: { planId: number; interval: BillingIntervalName; reference?: string | undefined },
): Promise<Result<{ membership: MembershipJson }>> {
  const { db, env } = context.services;
  const chosen = await joinablePlan(db, input.planId, input.interval);
  if (!chosen.ok) return chosen;
  const { plan, price } = chosen.value;
  return inTransaction(context, async (tx, outbox) => {
    const customer = await tx.customer.findUnique({
      where: { id: customerId },
      select: { id: true, mergedIntoId: true },
    });
    if (!customer || customer.mergedIntoId !== null) return failure(404, "No such customer");
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`memberships:${customerId}`}))`;
    const already = await tx.membership.count({
      where: { customerId, planId: plan.id, status: { in: ["pending", "active", "past_due", "paused"] } },
    });
    if (already)
      return failure(409, `This customer is already a member of ${plan.name}`, {
        errors: { planId: `Already a member of ${plan.name}` },
      });
    const minted = newMembershipToken(env);
    const created = await tx.membership.create({
      data: {
        planId: plan.id,
        customerId,
        status: "pending",
        interval: input.interval,
        priceCents: price,
        discountPercent: plan.discountPercent,
        paysOnline: false,
        tokenHash: minted.tokenHash,
        sealedToken: minted.sealedToken,
        enrolledById: actor.id,
      },
      select: { id: true },
    });
    const now = new Date();
    const payment = await tx.payment.create({
      data: {
        membershipId: created.id,
        customerId,
        method: "check",
        amountCents: price,
        reference: input.reference?.trim() || null,
        recordedById: actor.id,
      },
    });
    await startPeriod(
      tx,
      outbox,
      created.id,
      { start: now, end: periodEndAfter(now, input.interval), paymentId: payment.id },
      context.requestId,
    );
    await recordAudit(tx, {
      actor,
      action: "membership.enrolled",
      targetType: "membership",
      targetId: created.id,
      details: { plan: plan.name, customerId, interval: input.interval, priceCents: price, paymentId: payment.id },
    });
    const membership = await tx.membership.findUniqueOrThrow({ where: { id: created.id }, select: membershipSelect });
    return success({ membership: toMembershipJson(membership) }, 201);
  });
}

/** A customer's memberships, newest first (the customer record, /account). */
export async function membershipsOf(db: Reader, customerId: number) {
  return db.membership.findMany({
    where: { customerId, status: { not: "pending" } },
    orderBy: { id: "desc" },
    select: membershipSelect,
  });
}

/** The membership a member's page shows, by its token; null when the link is not valid. */
export async function membershipByToken(db: Reader, token: string) {
  return db.membership.findUnique({
    where: { tokenHash: sha256(token) },
    select: {
      ...membershipSelect,
      sealedToken: true,
      customer: { select: { name: true, email: true } },
      visits: {
        orderBy: { dueOn: "asc" },
        select: {
          id: true,
          dueOn: true,
          state: true,
          booking: { select: { id: true, scheduledDate: true, status: true } },
        },
      },
    },
  });
}

/** The member's discount in force for a customer (the highest of their memberships), or 0. */
export async function memberDiscountOf(
  db: Reader,
  customerId: number,
): Promise<{ percent: number; planName: string } | null> {
  const best = await db.membership.findFirst({
    where: { customerId, status: { in: [...MEMBER_STATUSES] }, discountPercent: { gt: 0 } },
    orderBy: { discountPercent: "desc" },
    select: { discountPercent: true, plan: { select: { name: true } } },
  });
  return best ? { percent: best.discountPercent, planName: best.plan.name } : null;
}
