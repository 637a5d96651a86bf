/**
 * The money of memberships through Stripe (docs/product.md#plans, docs/decisions/029-maintenance-plans.md):
 * Checkout in subscription mode for the first period (the card is kept by Stripe, never by us), the
 * subscription's invoices for each renewal, its customer portal for a new card, and the webhook's events:
 *
 * - `checkout.session.completed` (subscription mode): the subscription and Stripe's customer are linked to OUR
 *   membership, found by OUR CheckoutSession row;
 * - `invoice.paid`: one Payment per Stripe invoice (its id is unique: a second delivery records nothing), and the
 *   period it paid starts (`startPeriod`): the first activates the membership;
 * - `invoice.payment_failed`: the membership is past due, the member is emailed the link to update their card and
 *   the office is told (once per invoice);
 * - `customer.subscription.updated` / `.deleted`: cancellation at the period's end, pause, the end.
 *
 * Each runs in the webhook's one transaction, after its event id was recorded (./../payments/stripe.server.ts).
 * A subscription's invoice names the subscription (and the metadata we gave it: our membership's id), so an
 * `invoice.paid` that arrives before the completed session (Stripe does not promise their order) still finds it.
 */
import type Stripe from "stripe";
import { fieldErrors } from "../api/errors";
import { recordAudit } from "../audit-log.server";
import { business } from "../business";
import type { Prisma } from "../db.server";
import type { Outbox } from "../outbox.server";
import { stripeClient, type PaymentContext } from "../payments/stripe.server";
import { failure, success, type Result } from "../result";
import { z } from "../zod";
import {
  endMembership,
  lockMembership,
  membershipSubject,
  startPeriod,
  type MembershipContext,
} from "./memberships.server";

type Tx = Prisma.TransactionClient;

/** How long the first period's Checkout page stays open. */
const SESSION_MINUTES = 60;

const unavailable = () =>
  failure(503, `Joining online is not available right now. Please call us at ${business.phone}.`, {
    errors: { payment: "unavailable" },
  });

/**
 * Stripe's page for a pending membership's first period (its plan, price and interval are OUR membership's):
 * a Checkout Session in subscription mode, recorded in CheckoutSession. The same membership gets the same session
 * while it is open (a double click, a back button).
 */
export async function startMembershipCheckout(
  context: MembershipContext,
  membershipId: number,
  token: string,
): Promise<Result<{ url: string }>> {
  const { db, env } = context.services;
  const settings = env.STRIPE;
  if (!settings) return unavailable();
  const m = await db.membership.findUnique({
    where: { id: membershipId },
    select: {
      id: true,
      status: true,
      interval: true,
      priceCents: true,
      plan: { select: { name: true } },
      customer: { select: { email: true } },
    },
  });
  if (!m) return failure(404, "No such membership");
  if (m.status !== "pending") return failure(409, "This membership is paid already", { errors: { payment: "paid" } });
  const now = Date.now();
  const open = await db.checkoutSession.findFirst({
    where: { membershipId, completedAt: null, expiredAt: null, expiresAt: { gt: new Date(now + 10 * 60_000) } },
    orderBy: { createdAt: "desc" },
    select: { url: true },
  });
  if (open) return success({ url: open.url });
  const page = `${env.APP_URL}/membership/${token}`;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripeClient(settings).checkout.sessions.create(
      {
        mode: "subscription",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: m.priceCents,
              recurring: { interval: m.interval },
              product_data: { name: `${m.plan.name} (${m.interval === "year" ? "yearly" : "monthly"})` },
            },
          },
        ],
        subscription_data: { metadata: { membershipId: String(m.id) } },
        metadata: { membershipId: String(m.id) },
        client_reference_id: `membership-${m.id}`,
        customer_email: m.customer.email,
        success_url: `${page}?joined=1`,
        cancel_url: `${env.APP_URL}/plans?cancelled=${m.id}`,
        expires_at: Math.floor(now / 1000) + SESSION_MINUTES * 60,
      },
      { idempotencyKey: `checkout-membership-${m.id}-${Math.floor(now / (SESSION_MINUTES * 60_000))}` },
    );
  } catch (error) {
    context.logger.error({ err: (error as Error).message, membershipId }, "stripe: membership checkout not made");
    return unavailable();
  }
  if (!session.url) return unavailable();
  const expiresAt = new Date((session.expires_at ?? Math.floor(now / 1000) + SESSION_MINUTES * 60) * 1000);
  await db.checkoutSession.upsert({
    where: { id: session.id },
    create: { id: session.id, membershipId, amountCents: m.priceCents, url: session.url, expiresAt },
    update: {},
  });
  return success({ url: session.url });
}

/** The events of memberships the webhook passes here (besides a subscription-mode session's completion). */
export const MEMBERSHIP_EVENTS = new Set([
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.updated",
  "customer.subscription.deleted",
]);

const stripeId = (prefix: string) =>
  z
    .string()
    .max(255)
    .regex(new RegExp(`^${prefix}_\\w+$`));
const idOf = (prefix: string) => z.union([stripeId(prefix), z.object({ id: stripeId(prefix) }).loose()]);
const plainId = (value: string | { id: string }) => (typeof value === "string" ? value : value.id);

/** What an invoice event must carry: its id, its subscription (and our metadata), what it paid, its period. */
const invoiceSchema = z.object({
  id: stripeId("in"),
  amount_paid: z.number().int().nonnegative(),
  customer: idOf("cus").nullish(),
  parent: z.object({
    subscription_details: z.object({
      subscription: idOf("sub"),
      metadata: z.record(z.string(), z.string()).nullish(),
    }),
  }),
  lines: z.object({
    data: z.array(z.object({ period: z.object({ start: z.number().int(), end: z.number().int() }) }).loose()).min(1),
  }),
});

const subscriptionSchema = z.object({
  id: stripeId("sub"),
  status: z.string().max(40),
  cancel_at_period_end: z.boolean(),
  pause_collection: z.object({ behavior: z.string() }).loose().nullish(),
  items: z
    .object({
      data: z.array(z.object({ current_period_end: z.number().int().optional() }).loose()),
    })
    .optional(),
});

/** The subscription-mode session's part the webhook reads. */
const subscriptionSessionSchema = z.object({
  id: z.string().regex(/^cs_\w+$/),
  subscription: idOf("sub"),
  customer: idOf("cus").nullish(),
});

type Incomplete = Result<never>;
function incomplete(error: z.ZodError): Incomplete {
  const errors = Object.fromEntries(Object.entries(fieldErrors(error)).map(([k, v]) => [`data.object.${k}`, v]));
  return failure(400, "The event lacks what this endpoint needs: nothing was recorded", { errors });
}

/** Our membership for a subscription: by its id, or (not linked yet) by the metadata we gave it at Checkout. */
async function membershipOfSubscription(tx: Tx, subscriptionId: string, metadata?: Record<string, string> | null) {
  const linked = await tx.membership.findUnique({
    where: { stripeSubscriptionId: subscriptionId },
    select: { id: true },
  });
  if (linked) return linked.id;
  const claimed = Number(metadata?.membershipId);
  if (!Number.isSafeInteger(claimed) || claimed < 1) return null;
  // Only a membership joined online and not linked to another subscription takes it.
  const found = await tx.membership.findFirst({
    where: { id: claimed, paysOnline: true, stripeSubscriptionId: null },
    select: { id: true },
  });
  return found?.id ?? null;
}

/**
 * A subscription-mode Checkout Session completed (our row found by its id): the membership takes its
 * subscription and Stripe's customer; its first payment is recorded from `invoice.paid`.
 */
export async function linkSubscription(
  tx: Tx,
  checkout: { id: string; membershipId: number },
  object: unknown,
): Promise<Result<{ message: string }>> {
  const read = subscriptionSessionSchema.safeParse(object);
  if (!read.success) return incomplete(read.error);
  const subscription = plainId(read.data.subscription);
  await lockMembership(tx, checkout.membershipId);
  await tx.checkoutSession.updateMany({
    where: { id: checkout.id, completedAt: null },
    data: { completedAt: new Date() },
  });
  await tx.membership.updateMany({
    where: { id: checkout.membershipId, stripeSubscriptionId: null },
    data: {
      stripeSubscriptionId: subscription,
      stripeCustomerId: read.data.customer ? plainId(read.data.customer) : null,
    },
  });
  return success({ message: "Subscription linked" });
}

/**
 * `invoice.paid`, `invoice.payment_failed`, `customer.subscription.updated` and `.deleted`, in the webhook's
 * transaction (its event id recorded). An event about a subscription that is not ours changes nothing.
 */
export async function handleMembershipEvent(
  context: PaymentContext,
  tx: Tx,
  outbox: Outbox,
  event: { id: string; type: string; data: { object: Record<string, unknown> } },
): Promise<Result<{ message: string }>> {
  if (event.type === "invoice.paid" || event.type === "invoice.payment_failed") {
    const read = invoiceSchema.safeParse(event.data.object);
    if (!read.success) return incomplete(read.error);
    const invoice = read.data;
    const details = invoice.parent.subscription_details;
    const subscriptionId = plainId(details.subscription);
    const membershipId = await membershipOfSubscription(tx, subscriptionId, details.metadata);
    if (membershipId === null) {
      context.logger.warn(
        { event: event.id, subscription: subscriptionId },
        "stripe: invoice of a subscription not ours",
      );
      return success({ message: "Ignored: unknown subscription" });
    }
    await lockMembership(tx, membershipId);
    const m = await tx.membership.findUniqueOrThrow({
      where: { id: membershipId },
      select: { id: true, status: true, customerId: true, stripeSubscriptionId: true, stripeCustomerId: true },
    });
    if (!m.stripeSubscriptionId)
      await tx.membership.update({
        where: { id: m.id },
        data: {
          stripeSubscriptionId: subscriptionId,
          stripeCustomerId: invoice.customer ? plainId(invoice.customer) : m.stripeCustomerId,
        },
      });
    return event.type === "invoice.paid"
      ? recordPaidInvoice(context, tx, outbox, m, invoice)
      : recordFailedCharge(context, tx, outbox, m, invoice);
  }
  const read = subscriptionSchema.safeParse(event.data.object);
  if (!read.success) return incomplete(read.error);
  const subscription = read.data;
  const membershipId = await membershipOfSubscription(tx, subscription.id);
  if (membershipId === null) return success({ message: "Ignored: unknown subscription" });
  await lockMembership(tx, membershipId);
  const m = await tx.membership.findUniqueOrThrow({
    where: { id: membershipId },
    select: { id: true, status: true, cancelAtPeriodEnd: true, pausedAt: true },
  });
  if (m.status === "cancelled" || m.status === "expired") return success({ message: "Already ended" });
  if (event.type === "customer.subscription.deleted") {
    // Ended by Stripe: at the period's end after a cancellation, or after its retries of an unpaid renewal.
    await endMembership(tx, outbox, m.id, m.status === "past_due" ? "expired" : "cancelled", context.requestId);
    return success({ message: "Membership ended" });
  }
  const paused = Boolean(subscription.pause_collection);
  const data: Prisma.MembershipUpdateInput = {};
  if (subscription.cancel_at_period_end !== m.cancelAtPeriodEnd)
    data.cancelAtPeriodEnd = subscription.cancel_at_period_end;
  if (paused && m.status === "active") Object.assign(data, { status: "paused", pausedAt: new Date() });
  if (!paused && m.status === "paused") Object.assign(data, { status: "active", pausedAt: null });
  if (subscription.status === "past_due" && m.status === "active") data.status = "past_due";
  if (Object.keys(data).length) await tx.membership.update({ where: { id: m.id }, data });
  return success({ message: Object.keys(data).length ? "Membership updated" : "Nothing changed" });
}

type Invoice = z.output<typeof invoiceSchema>;
type MembershipOfEvent = { id: number; status: string; customerId: number };

/** A subscription's invoice paid: one Payment (by the invoice's id), and the period it paid starts. */
async function recordPaidInvoice(
  context: PaymentContext,
  tx: Tx,
  outbox: Outbox,
  m: MembershipOfEvent,
  invoice: Invoice,
): Promise<Result<{ message: string }>> {
  if (await tx.payment.findUnique({ where: { stripeInvoiceId: invoice.id }, select: { id: true } }))
    return success({ message: "Already recorded" });
  const line = invoice.lines.data[0]!;
  if (invoice.amount_paid < 1) return success({ message: "Nothing paid" });
  const payment = await tx.payment.create({
    data: {
      membershipId: m.id,
      customerId: m.customerId,
      method: "card",
      amountCents: invoice.amount_paid,
      reference: invoice.id,
      stripeInvoiceId: invoice.id,
    },
  });
  if (m.status === "cancelled" || m.status === "expired") {
    // Paid after it ended (a retry that went through late): recorded, and the office refunds it.
    context.logger.error({ invoice: invoice.id, membershipId: m.id }, "stripe: an ended membership's invoice was paid");
    await recordAudit(tx, {
      actor: null,
      action: "payment.refund_due",
      targetType: "membership",
      targetId: m.id,
      details: { paymentId: payment.id, amountCents: payment.amountCents, stripeInvoiceId: invoice.id },
    });
    return success({ message: "Recorded: the membership had ended" });
  }
  const outcome = await startPeriod(
    tx,
    outbox,
    m.id,
    { start: new Date(line.period.start * 1000), end: new Date(line.period.end * 1000), paymentId: payment.id },
    context.requestId,
  );
  return success({ message: outcome === "started" ? "Membership started" : "Renewal recorded" });
}

/** A renewal's charge refused: past due, the member emailed the card link and the office told (once per invoice). */
async function recordFailedCharge(
  context: PaymentContext,
  tx: Tx,
  outbox: Outbox,
  m: MembershipOfEvent,
  invoice: Invoice,
): Promise<Result<{ message: string }>> {
  if (m.status !== "active" && m.status !== "past_due") return success({ message: `Ignored: ${m.status}` });
  if (m.status === "active") await tx.membership.update({ where: { id: m.id }, data: { status: "past_due" } });
  outbox.add(
    "membership-email",
    { membershipId: m.id, notice: "payment-failed", version: invoice.id, requestId: context.requestId },
    { subject: membershipSubject(m.id) },
  );
  outbox.add("membership-office-email", { membershipId: m.id, notice: "payment-failed", version: invoice.id });
  await recordAudit(tx, {
    actor: null,
    action: "membership.past_due",
    targetType: "membership",
    targetId: m.id,
    details: { stripeInvoiceId: invoice.id },
  });
  return success({ message: "Past due: the member and the office are told" });
}

/** Stripe's customer portal for the member's card, returning to their page; null when it cannot be opened now. */
export async function cardUpdateUrl(
  context: MembershipContext,
  membership: { id: number; stripeCustomerId: string | null },
  returnUrl: string,
): Promise<string | null> {
  const settings = context.services.env.STRIPE;
  if (!settings || !membership.stripeCustomerId) return null;
  try {
    const portal = await stripeClient(settings).billingPortal.sessions.create({
      customer: membership.stripeCustomerId,
      return_url: returnUrl,
    });
    return portal.url;
  } catch (error) {
    context.logger.error({ err: (error as Error).message, membershipId: membership.id }, "stripe: portal not opened");
    return null;
  }
}

/**
 * Tells Stripe a subscription is to end at its period's end (or not), or to pause or resume collection; Stripe's
 * `customer.subscription.updated` comes back to the webhook. False when Stripe cannot be reached (nothing changed).
 */
export async function updateSubscription(
  context: MembershipContext,
  subscriptionId: string,
  change: { cancelAtPeriodEnd?: boolean; paused?: boolean },
): Promise<boolean> {
  const settings = context.services.env.STRIPE;
  if (!settings) return false;
  try {
    await stripeClient(settings).subscriptions.update(subscriptionId, {
      ...(change.cancelAtPeriodEnd === undefined ? {} : { cancel_at_period_end: change.cancelAtPeriodEnd }),
      ...(change.paused === undefined
        ? {}
        : // Stripe's way to resume: an empty value unsets the pause.
          { pause_collection: change.paused ? { behavior: "void" as const } : "" }),
    });
    return true;
  } catch (error) {
    context.logger.error({ err: (error as Error).message, subscriptionId }, "stripe: subscription not updated");
    return false;
  }
}
