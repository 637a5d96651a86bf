/**
 * /invoices/<token>: the invoice a customer opens from our email, without signing in
 * (docs/product.md#invoices). The token is the key: 256 random bits, stored only as its hash; a new
 * send makes a new one (packages/shared/src/invoices/invoices.server.ts). Whoever holds the link may
 * not be the customer (a forwarded email), so the page shows the invoice's number, work, amounts and
 * payments, never the customer's name, email, phone or address. Every request counts against the
 * client network's limit, as the visit's page does.
 */
import type { AppLoadContext } from "@remix-run/node";
import { customerLine } from "~/features/documents/public.server";
import { pendingDebit, stripeEnabled } from "@app/shared/payments/stripe.server";
import { invoiceTokenSchema } from "@app/shared/api/invoices";
import { dueSentence, waysToPay } from "@app/shared/invoices/how-to-pay";
import { invoiceByToken, isDeposit, type InvoiceRow } from "@app/shared/invoices/invoices.server";
import { balanceCents, formatRate } from "@app/shared/money/money";
import { memberDiscountJson } from "@app/shared/plans/member-discount";
import { failure, success, type Result } from "@app/shared/result";
import { formatDate } from "@app/shared/time";
import { throttleLinkRequest } from "~/features/appointments/public.server";
import { paymentMethodLabels } from "@app/shared/api/payments";

const NOT_VALID = "This invoice link is not valid. Please check the link in your email.";

/** A bank debit on its way (docs/product.md#payments): how much, and the day it started. */
type PendingDebit = Awaited<ReturnType<typeof pendingDebit>>;

/**
 * What the customer's page shows of an invoice: fixed words and the stored amounts; while a balance
 * is due, when it is due and the ways to pay it (online only when `online`, Stripe set up).
 */
function customerView(i: InvoiceRow, debit: PendingDebit, online: boolean) {
  const owed = i.status !== "void" && i.status !== "draft" && balanceCents(i.totalCents, i.paidCents) > 0;
  return {
    due: owed ? dueSentence(i.sentAt ?? i.createdAt) : null,
    waysToPay: owed ? waysToPay(i.number, online) : [],
    pendingDebit: debit?.debitStartedAt
      ? { amountCents: debit.amountCents, date: formatDate(debit.debitStartedAt) }
      : null,
    number: i.number,
    status: i.status,
    date: formatDate(i.sentAt ?? i.createdAt),
    visit: i.bookingId,
    taxRate: formatRate(i.taxRatePpm),
    subtotalCents: i.subtotalCents,
    discountCents: i.discountCents,
    /** A member's discount, its own line (docs/decisions/029-maintenance-plans.md). */
    memberDiscountLabel: memberDiscountJson(i)?.label ?? null,
    memberDiscountCents: i.memberDiscountCents,
    taxCents: i.taxCents,
    totalCents: i.totalCents,
    paidCents: i.paidCents,
    balanceCents: balanceCents(i.totalCents, i.paidCents),
    paidAt: i.paidAt ? formatDate(i.paidAt) : null,
    lines: i.lines.map(customerLine),
    payments: i.payments.map((p) => ({
      id: p.id,
      label: `${paymentMethodLabels[p.method]}${isDeposit(i, p) ? " (deposit)" : ""}`,
      date: formatDate(p.receivedAt),
      amountCents: p.amountCents,
    })),
  };
}

export type CustomerInvoice = ReturnType<typeof customerView>;

/**
 * GET /invoices/<token>: the invoice, or why not (404 unknown, 429). `canPayOnline`: whether the page
 * offers "Pay online" (Stripe is set up, docs/product.md#payments; the form shows only while a balance is due).
 */
export async function invoiceLinkPage(
  context: AppLoadContext,
  token: string,
): Promise<Result<{ invoice: CustomerInvoice; canPayOnline: boolean }>> {
  const refusedRequest = await throttleLinkRequest(context);
  if (refusedRequest) return refusedRequest;
  if (!invoiceTokenSchema.safeParse(token).success) return failure(404, NOT_VALID);
  const found = await invoiceByToken(context.services.db, token);
  if (!found.ok) return found;
  const debit = await pendingDebit(context.services.db, { invoiceId: found.value.id });
  const online = stripeEnabled(context.services.env);
  return success({ invoice: customerView(found.value, debit, online), canPayOnline: online });
}
