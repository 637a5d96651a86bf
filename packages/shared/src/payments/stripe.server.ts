/**
 * Online payment with Stripe Checkout (docs/product.md#payments, docs/decisions/020-money-and-payments.md).
 *
 * "Pay online" makes a Checkout Session for what is due at that moment (an invoice's balance, or an
 * approved estimate's deposit), records it in CheckoutSession (Stripe's id, what it is for, the
 * amount), and sends the customer to Stripe's page. Nothing is recorded when the customer comes
 * back: the payment is known only from the webhook (`handleStripeWebhook`), verified by its
 * signature over the raw body, each event id recorded once, and the amount and the document taken
 * from OUR CheckoutSession row, never from the event's metadata.
 *
 * Without STRIPE_SECRET_KEY none of this is offered (`stripeEnabled`), and staff payments work as ever.
 */
import Stripe from "stripe";
import { fieldErrors } from "../api/errors";
import { stripeCheckoutSessionSchema, stripeEventSchema } from "../api/payments";
import { recordAudit } from "../audit-log.server";
import type { Env } from "../env.server";
import type { Logger } from "../logger.server";
import { balanceCents } from "../money/money";
import type { Prisma, Reader } from "../db.server";
import { inTransaction, type ChangeContext, type Outbox } from "../outbox.server";
import { failure, success, type Result } from "../result";
import { sha256 } from "../tokens.server";
import type { z } from "../zod";
import { handleMembershipEvent, linkSubscription, MEMBERSHIP_EVENTS } from "../plans/billing.server";
import { applyPayment, depositOf } from "./apply-payment.server";

type StripeSettings = NonNullable<Env["STRIPE"]>;

/** What the Checkout and webhook functions use: the web's load context has this shape. */
export interface PaymentContext extends ChangeContext {
  services: ChangeContext["services"] & { env: Env };
  logger: Pick<Logger, "warn" | "info" | "error">;
}

/** How long a Checkout Session stays open (Stripe allows 30 minutes to 24 hours). */
const SESSION_MINUTES = 60;
/** A session is reused only when it has at least this long left. */
const REUSE_MARGIN_MS = 10 * 60_000;

const clients = new Map<string, Stripe>();

/** The SDK's client for these settings (one per key and host, made on first use). */
export function stripeClient(settings: StripeSettings): Stripe {
  const cacheKey = `${settings.secretKey}@${settings.api?.host ?? ""}:${settings.api?.port ?? ""}`;
  let client = clients.get(cacheKey);
  if (!client) {
    client = new Stripe(settings.secretKey, {
      maxNetworkRetries: 1,
      timeout: 15_000,
      telemetry: false,
      ...(settings.api ? { host: settings.api.host, port: settings.api.port, protocol: settings.api.protocol } : {}),
    });
    clients.set(cacheKey, client);
  }
  return client;
}

export const stripeEnabled = (env: Env) => Boolean(env.STRIPE);

/** Why no session was made, with the code the page reads back (`payProblems` in ../api/payments.ts). */
type CheckoutFailure = Result<never> & { ok: false };
const problem = (status: 404 | 409 | 503, code: string, message: string): CheckoutFailure => ({
  ...failure(status, message),
  errors: { payment: code },
});

export const checkoutProblemCode = (result: Result<unknown>) => (!result.ok ? (result.errors?.payment ?? null) : null);

interface CheckoutRequest {
  subject: { invoiceId: number } | { estimateId: number };
  amountCents: number;
  name: string;
  metadata: Record<string, string>;
  clientReferenceId: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /** Same request, same session at Stripe (a double click). */
  idempotencyKey: string;
}

/**
 * A bank debit of an invoice or of an estimate's deposit started on Stripe's page and not settled
 * or failed yet (docs/product.md#payments): what it is for and when it started; null when there is none.
 */
export async function pendingDebit(db: Reader, subject: { invoiceId: number } | { estimateId: number }) {
  return db.checkoutSession.findFirst({
    where: { ...subject, debitStartedAt: { not: null }, completedAt: null, failedAt: null },
    orderBy: { debitStartedAt: "desc" },
    select: { amountCents: true, debitStartedAt: true },
  });
}

/**
 * An older session of the same invoice or deposit, still open at Stripe (as far as we know), is expired
 * there before a newer one is handed out, so an old tab cannot pay it too
 * (docs/security.md#superseded-checkout-pages). Answers null once it is expired (by us now, or already),
 * or the refusal to give the customer instead of a new session:
 * - Stripe says it is complete: it was paid (or a bank debit started) and its webhook is on its way:
 *   409 `being-confirmed`, no second page;
 * - Stripe cannot be asked (down, a timeout, any other answer): 503 `unavailable`, no second page either;
 *   the customer tries again, and the older page is expired then.
 */
async function expireSuperseded(
  context: PaymentContext,
  stripe: Stripe,
  older: { id: string },
  subject: CheckoutRequest["subject"],
): Promise<CheckoutFailure | null> {
  let status: Stripe.Checkout.Session["status"];
  try {
    status = (await stripe.checkout.sessions.expire(older.id)).status;
  } catch (error) {
    // Refused because it is not open any more (expired by time, or completed): ask what it is.
    const refusal = error instanceof Stripe.errors.StripeInvalidRequestError;
    context.logger.warn(
      { err: (error as Error).message, session: older.id, ...subject },
      refusal ? "stripe: an older session was not open" : "stripe: an older session could not be expired",
    );
    if (!refusal) return problem(503, "unavailable", "Online payment is not available right now");
    try {
      status = (await stripe.checkout.sessions.retrieve(older.id)).status;
    } catch (again) {
      context.logger.error({ err: (again as Error).message, session: older.id }, "stripe: an older session unreadable");
      return problem(503, "unavailable", "Online payment is not available right now");
    }
  }
  if (status === "complete")
    return problem(409, "being-confirmed", "A payment of this document was just made and is being confirmed");
  if (status !== "expired") return problem(503, "unavailable", "Online payment is not available right now");
  await inTransaction(context, async (tx) => {
    // Only a session the webhook has not recorded meanwhile (paid or a debit started) is marked expired.
    const marked = await tx.checkoutSession.updateMany({
      where: { id: older.id, expiredAt: null, completedAt: null, debitStartedAt: null },
      data: { expiredAt: new Date() },
    });
    if (marked.count)
      await recordAudit(tx, {
        actor: null,
        action: "checkout.superseded",
        targetType: "invoiceId" in subject ? "invoice" : "estimate",
        targetId: "invoiceId" in subject ? subject.invoiceId : subject.estimateId,
        details: { stripeSessionId: older.id },
      });
  });
  return null;
}

/**
 * An open session for the same thing and amount, or a new one; stored in CheckoutSession. Before a
 * new one is made, every older session of the same invoice or deposit still open is expired at
 * Stripe (`expireSuperseded`); when one cannot be, no new session is made.
 */
async function checkoutSession(context: PaymentContext, request: CheckoutRequest): Promise<Result<{ url: string }>> {
  const { db, env } = context.services;
  const settings = env.STRIPE;
  if (!settings) return problem(503, "unavailable", "Online payment is not set up");
  const now = Date.now();
  if (await pendingDebit(db, request.subject))
    return problem(409, "debit-pending", "A bank payment of this document is on its way");
  // The sessions of this document that may still be paid at Stripe, read once: one is reused, or all
  // are expired (two clicks at once never expire the session the other just made with the same key).
  const open = await db.checkoutSession.findMany({
    where: {
      ...request.subject,
      completedAt: null,
      failedAt: null,
      debitStartedAt: null,
      expiredAt: null,
      expiresAt: { gt: new Date(now) },
    },
    orderBy: { createdAt: "desc" },
    select: { id: true, url: true, amountCents: true, expiresAt: true },
  });
  const reusable = open.find(
    (s) => s.amountCents === request.amountCents && s.expiresAt.getTime() > now + REUSE_MARGIN_MS,
  );
  if (reusable) return success({ url: reusable.url });
  const stripe = stripeClient(settings);
  for (const older of open) {
    const refused = await expireSuperseded(context, stripe, older, request.subject);
    if (refused) return refused;
  }
  // After a failed bank debit or a session we expired, paying again must make a new session, not get
  // that one back from Stripe under the same idempotency key.
  const retired = await db.checkoutSession.count({
    where: { ...request.subject, OR: [{ failedAt: { not: null } }, { expiredAt: { not: null } }] },
  });
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        // Card and US bank account (ACH) only: `allowed_payment_method_types` filters what Stripe offers.
        allowed_payment_method_types: ["card", "us_bank_account"],
        line_items: [
          {
            quantity: 1,
            price_data: { currency: "usd", unit_amount: request.amountCents, product_data: { name: request.name } },
          },
        ],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata: request.metadata,
        client_reference_id: request.clientReferenceId,
        customer_email: request.customerEmail,
        expires_at: Math.floor(now / 1000) + SESSION_MINUTES * 60,
      },
      { idempotencyKey: `${request.idempotencyKey}-f${retired}` },
    );
  } catch (error) {
    context.logger.error({ err: (error as Error).message, ...request.subject }, "stripe: checkout session not made");
    return problem(503, "unavailable", "Online payment is not available right now");
  }
  if (!session.url) {
    context.logger.error({ session: session.id }, "stripe: checkout session without a url");
    return problem(503, "unavailable", "Online payment is not available right now");
  }
  const expiresAt = new Date((session.expires_at ?? Math.floor(now / 1000) + SESSION_MINUTES * 60) * 1000);
  await db.checkoutSession.upsert({
    where: { id: session.id },
    create: { id: session.id, ...request.subject, amountCents: request.amountCents, url: session.url, expiresAt },
    update: {},
  });
  return success({ url: session.url });
}

/** A minute bucket for idempotency keys: a double click makes one session, a later click may make a fresh one. */
const bucket = () => Math.floor(Date.now() / (5 * 60_000));

/**
 * "Pay online" on /invoices/<token>: a Checkout Session for the balance due of a sent (or partly
 * paid) invoice; 404 unknown link, 409 when it is a draft, void or paid, 503 when Stripe is off or down.
 */
export async function startInvoiceCheckout(
  context: PaymentContext,
  token: string,
  origin: string,
): Promise<Result<{ url: string }>> {
  const invoice = await context.services.db.invoice.findUnique({
    where: { tokenHash: sha256(token) },
    select: {
      id: true,
      number: true,
      status: true,
      totalCents: true,
      paidCents: true,
      customer: { select: { email: true } },
    },
  });
  if (!invoice) return problem(404, "closed", "This invoice link is not valid. Please check the link in your email.");
  if (invoice.status !== "sent" && invoice.status !== "partially_paid")
    return problem(
      409,
      invoice.status === "paid" ? "nothing-due" : "closed",
      `Invoice ${invoice.number} is ${invoice.status}`,
    );
  const due = balanceCents(invoice.totalCents, invoice.paidCents);
  if (due === 0) return problem(409, "nothing-due", `Invoice ${invoice.number} is paid`);
  const page = `${origin}/invoices/${token}`;
  return checkoutSession(context, {
    subject: { invoiceId: invoice.id },
    amountCents: due,
    name: `Invoice ${invoice.number}`,
    metadata: { invoiceId: String(invoice.id), number: invoice.number },
    clientReferenceId: `invoice-${invoice.id}`,
    customerEmail: invoice.customer.email,
    successUrl: `${page}?paid=1`,
    cancelUrl: page,
    idempotencyKey: `checkout-invoice-${invoice.id}-${invoice.paidCents}-${due}-${bucket()}`,
  });
}

/**
 * The deposit of an approved estimate (/estimates/<token>): a Checkout Session for what is due of
 * the approved option's deposit; 409 when not approved, no deposit is asked or it is paid.
 */
export async function startDepositCheckout(
  context: PaymentContext,
  estimateToken: string,
  origin: string,
): Promise<Result<{ url: string }>> {
  const { db } = context.services;
  const found = await db.estimate.findUnique({
    where: { tokenHash: sha256(estimateToken) },
    select: { id: true, customer: { select: { email: true } } },
  });
  if (!found) return problem(404, "closed", "This estimate link is not valid. Please check the link in your email.");
  const estimate = await depositOf(db, found.id);
  if (!estimate || estimate.status !== "approved")
    return problem(409, "closed", `The estimate is not approved: no deposit is due`);
  const due = Math.max(0, estimate.depositCents - estimate.depositPaidCents);
  if (!estimate.depositPercent || due === 0)
    return problem(409, "nothing-due", `No deposit is due on estimate ${estimate.number}`);
  const page = `${origin}/estimates/${estimateToken}`;
  return checkoutSession(context, {
    subject: { estimateId: estimate.id },
    amountCents: due,
    name: `Deposit for estimate ${estimate.number}`,
    metadata: { estimateId: String(estimate.id), number: estimate.number },
    clientReferenceId: `estimate-${estimate.id}`,
    customerEmail: found.customer.email,
    successUrl: `${page}?paid=1`,
    cancelUrl: page,
    idempotencyKey: `checkout-deposit-${estimate.id}-${estimate.depositPaidCents}-${due}-${bucket()}`,
  });
}

/** Events that say a session's money arrived (a card at once; a bank debit days later). */
const PAYMENT_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/** Our CheckoutSession row as the webhook reads it, locked for its transaction. */
interface LockedCheckout {
  id: string;
  invoiceId: number | null;
  estimateId: number | null;
  membershipId: number | null;
  amountCents: number;
  completedAt: Date | null;
  failedAt: Date | null;
  debitStartedAt: Date | null;
}

/** The event that says a bank debit started on Stripe's page failed: nothing was paid. */
const FAILED_EVENT = "checkout.session.async_payment_failed";

/**
 * A bank debit failed (in the webhook's transaction, our CheckoutSession locked): the session is
 * marked failed once, the customer and the office are emailed (the customer with the link to pay
 * again), and it is audited. Nothing was recorded for it, so nothing is taken back; a session that
 * was recorded as paid (which Stripe never fails afterwards) is left as it is and logged.
 */
async function recordFailedDebit(
  context: PaymentContext,
  tx: Prisma.TransactionClient,
  outbox: Outbox,
  checkout: LockedCheckout,
  eventId: string,
): Promise<Result<{ message: string }>> {
  if (checkout.failedAt) return success({ message: "Already handled" });
  if (checkout.completedAt) {
    context.logger.error({ event: eventId, session: checkout.id }, "stripe: a failure for a session recorded as paid");
    return success({ message: "Ignored: recorded as paid" });
  }
  await tx.checkoutSession.update({ where: { id: checkout.id }, data: { failedAt: new Date() } });
  outbox.add("payment-failed-email", { checkoutSessionId: checkout.id, requestId: context.requestId });
  await recordAudit(tx, {
    actor: null,
    action: "payment.failed",
    targetType: checkout.invoiceId !== null ? "invoice" : "estimate",
    targetId: checkout.invoiceId ?? checkout.estimateId!,
    details: { stripeSessionId: checkout.id, amountCents: checkout.amountCents },
  });
  context.logger.warn({ event: eventId, session: checkout.id }, "stripe: a bank payment failed");
  return success({ message: "Payment failed: the customer and the office are told" });
}

type SessionOfEvent = z.output<typeof stripeCheckoutSessionSchema>;

/** How the customer paid: a bank debit confirms asynchronously; a session offering one method names it. */
function methodOf(event: { type: string }, session: SessionOfEvent): "card" | "us_bank_account" {
  if (event.type === "checkout.session.async_payment_succeeded") return "us_bank_account";
  const types = session.payment_method_types ?? [];
  return types.length === 1 && types[0] === "us_bank_account" ? "us_bank_account" : "card";
}

/** Records a Stripe event's id in the transaction: false when it was handled before (a second delivery). */
async function recordEventOnce(tx: Prisma.TransactionClient, event: { id: string; type: string }) {
  const inserted = await tx.$executeRaw`
    INSERT INTO "StripeEvent" (id, type) VALUES (${event.id}, ${event.type}) ON CONFLICT (id) DO NOTHING`;
  return inserted > 0;
}

const BAD_SIGNATURE = "The Stripe-Signature header does not match this body";
const INCOMPLETE_EVENT = "The event lacks what this endpoint needs: nothing was recorded";

/**
 * POST /api/webhooks/stripe. 400 (nothing read, nothing changed) without a valid `Stripe-Signature`
 * over the raw body, and 400 (nothing recorded) for a signed event without an id, a type or its
 * object, or a Checkout Session's event without the session's id or payment status
 * (`stripeEventSchema`, `stripeCheckoutSessionSchema`); 404 when Stripe is not set up. A payment event is recorded in ONE transaction:
 * the event id (a second delivery answers "already handled"), our CheckoutSession found by the
 * session's id (unknown: ignored), marked completed, and `applyPayment` with OUR stored document and
 * amount. Everything else answers 200 without a change; a 5xx only when our side fails (Stripe retries).
 */
export async function handleStripeWebhook(
  context: PaymentContext,
  rawBody: string,
  signature: string | null,
): Promise<Result<{ message: string }>> {
  const settings = context.services.env.STRIPE;
  if (!settings) return failure(404, "Online payment is not set up");
  if (!signature)
    return failure(400, "A Stripe-Signature header is required", { errors: { "stripe-signature": "Missing" } });
  let signed: unknown;
  try {
    signed = stripeClient(settings).webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
  } catch {
    return failure(400, BAD_SIGNATURE, { errors: { "stripe-signature": "Does not match the body" } });
  }
  // Signed, but without what we need (only a holder of the secret can send it): refused, nothing recorded.
  const parsed = stripeEventSchema.safeParse(signed);
  if (!parsed.success) return failure(400, INCOMPLETE_EVENT, { errors: fieldErrors(parsed.error) });
  const event = parsed.data;
  const failedDebit = event.type === FAILED_EVENT;
  // A membership's subscription (docs/product.md#plans): its invoices and its changes, each event once.
  if (MEMBERSHIP_EVENTS.has(event.type))
    return inTransaction(context, async (tx, outbox) => {
      if (!(await recordEventOnce(tx, event))) return success({ message: "Already handled" });
      return handleMembershipEvent(context, tx, outbox, event);
    });
  if (!PAYMENT_EVENTS.has(event.type) && !failedDebit) return success({ message: `Ignored: ${event.type}` });
  const read = stripeCheckoutSessionSchema.safeParse(event.data.object);
  if (!read.success) {
    const errors = Object.fromEntries(Object.entries(fieldErrors(read.error)).map(([k, v]) => [`data.object.${k}`, v]));
    return failure(400, INCOMPLETE_EVENT, { errors });
  }
  const session = read.data;
  // A bank debit started: the money is not there yet (async_payment_succeeded or _failed follows).
  const debitStarted = event.type === "checkout.session.completed" && session.payment_status === "unpaid";
  return inTransaction(context, async (tx, outbox) => {
    if (!(await recordEventOnce(tx, event))) return success({ message: "Already handled" });
    const rows = await tx.$queryRaw<
      LockedCheckout[]
    >`SELECT id, "invoiceId", "estimateId", "membershipId", "amountCents", "completedAt", "failedAt", "debitStartedAt" FROM "CheckoutSession" WHERE id = ${session.id} FOR UPDATE`;
    const checkout = rows[0];
    if (!checkout) {
      context.logger.warn(
        { event: event.id, session: session.id },
        "stripe: event for a session we did not make, ignored",
      );
      return success({ message: "Ignored: unknown session" });
    }
    // A membership's first period (subscription mode): its payment is the subscription's invoice.
    if (checkout.membershipId !== null)
      return failedDebit
        ? success({ message: "Ignored: a subscription's session" })
        : linkSubscription(tx, { id: checkout.id, membershipId: checkout.membershipId }, event.data.object);
    if (failedDebit) return recordFailedDebit(context, tx, outbox, checkout, event.id);
    if (debitStarted) {
      // Its page says the payment is on its way, and offers no second one meanwhile.
      if (!checkout.debitStartedAt && !checkout.completedAt && !checkout.failedAt)
        await tx.checkoutSession.update({ where: { id: checkout.id }, data: { debitStartedAt: new Date() } });
      return success({ message: "Awaiting the payment" });
    }
    const recorded = await tx.payment.findUnique({ where: { stripeSessionId: checkout.id }, select: { id: true } });
    if (checkout.completedAt || recorded) return success({ message: "Already recorded" });
    if (typeof session.amount_total === "number" && session.amount_total !== checkout.amountCents)
      context.logger.warn(
        { event: event.id, session: checkout.id, stripe: session.amount_total, ours: checkout.amountCents },
        "stripe: the session's amount differs from ours; ours is recorded",
      );
    await tx.checkoutSession.update({ where: { id: checkout.id }, data: { completedAt: new Date() } });
    const paymentIntent =
      typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
    const applied = await applyPayment(
      tx,
      outbox,
      {
        ...(checkout.invoiceId !== null ? { invoiceId: checkout.invoiceId } : { estimateId: checkout.estimateId! }),
        method: methodOf(event, session),
        amountCents: checkout.amountCents,
        reference: paymentIntent,
        stripeSessionId: checkout.id,
        recordedById: null,
      },
      context.requestId,
    );
    if (!applied.ok) {
      // The money was taken but the document takes no payment (voided meanwhile): the office refunds it.
      context.logger.error(
        { event: event.id, session: checkout.id, refusal: applied.message },
        "stripe: a paid session could not be recorded; refund it from Stripe's dashboard",
      );
      await recordAudit(tx, {
        actor: null,
        action: "payment.not_recorded",
        targetType: checkout.invoiceId !== null ? "invoice" : "estimate",
        targetId: checkout.invoiceId ?? checkout.estimateId!,
        details: { stripeSessionId: checkout.id, amountCents: checkout.amountCents, reason: applied.message },
      });
      return success({ message: `Not recorded: ${applied.message}` });
    }
    context.logger.info(
      { event: event.id, session: checkout.id, payment: applied.value.payment.id },
      "stripe: payment recorded",
    );
    return success({ message: "Payment recorded" });
  });
}
