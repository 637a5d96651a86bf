/**
 * The money side of the customer hub on /account (docs/product.md#customer-portal): the signed-in
 * customer's estimates (with the link to approve or decline on the estimate's page), invoices (the
 * balance, when it is due and how to pay, the link to the invoice's page) and receipts (the payments
 * made). Only the records of the account's own customer records (`Customer.userId`, linked once the
 * account's email is verified, as its visits are: account.server.ts). The links are the ones the
 * customer was emailed: their tokens are opened from the seal the worker emails them with
 * (packages/shared/src/tokens.server.ts), for this account's own documents only.
 */
import type { AppLoadContext } from "@remix-run/node";
import { paymentMethodLabels } from "@app/shared/api/payments";
import { dueSentence, waysToPay, type WayToPay } from "@app/shared/invoices/how-to-pay";
import { tokenSealKeys } from "@app/shared/keys.server";
import { balanceCents } from "@app/shared/money/money";
import { stripeEnabled } from "@app/shared/payments/stripe.server";
import { formatDate } from "@app/shared/time";
import { unsealToken } from "@app/shared/tokens.server";

/** How many of each the hub lists (newest first). */
const LIST_LIMIT = 50;

export interface AccountEstimate {
  id: number;
  number: string;
  status: "sent" | "approved" | "declined";
  /** "Sent Dec 1, 2026". */
  date: string;
  /** The approved option's name and total, or each option's. */
  options: Array<{ name: string; totalCents: number }>;
  /** The estimate's page (approve or decline there), while its link works. */
  href: string | null;
  /** Still waiting for the customer's answer, and its link works. */
  awaitingAnswer: boolean;
}

export interface AccountInvoice {
  id: number;
  number: string;
  status: "sent" | "partially_paid" | "paid";
  date: string;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  /** While a balance is due: "Due by …" and the ways to pay (online only when it is on). */
  due: string | null;
  waysToPay: WayToPay[];
  href: string | null;
}

export interface AccountReceipt {
  id: number;
  date: string;
  method: string;
  amountCents: number;
  /** What it paid: "Invoice INV-2026-0107", "Deposit on estimate EST-2026-0031". */
  paid: string;
}

export interface AccountMoney {
  estimates: AccountEstimate[];
  invoices: AccountInvoice[];
  receipts: AccountReceipt[];
}

const NONE: AccountMoney = { estimates: [], invoices: [], receipts: [] };

/** The verified account `userId`'s estimates, invoices and receipts. */
export async function accountMoney(context: AppLoadContext, userId: number, now = new Date()): Promise<AccountMoney> {
  const { db, env } = context.services;
  const customers = await db.customer.findMany({ where: { userId }, select: { id: true } });
  if (customers.length === 0) return NONE;
  const customerId = { in: customers.map((c) => c.id) };
  const keys = tokenSealKeys(env);
  const open = (sealed: string | null) => (sealed ? unsealToken(sealed, keys) : null);
  const [estimates, invoices, payments] = await Promise.all([
    db.estimate.findMany({
      where: { customerId, status: { in: ["sent", "approved", "declined"] } },
      orderBy: [{ sentAt: "desc" }, { id: "desc" }],
      take: LIST_LIMIT,
      select: {
        id: true,
        number: true,
        status: true,
        sentAt: true,
        createdAt: true,
        sealedToken: true,
        tokenExpiresAt: true,
        approvedOption: { select: { name: true, totalCents: true } },
        options: { orderBy: { position: "asc" }, select: { name: true, totalCents: true } },
      },
    }),
    db.invoice.findMany({
      where: { customerId, status: { in: ["sent", "partially_paid", "paid"] } },
      orderBy: [{ sentAt: "desc" }, { id: "desc" }],
      take: LIST_LIMIT,
      select: {
        id: true,
        number: true,
        status: true,
        sentAt: true,
        createdAt: true,
        totalCents: true,
        paidCents: true,
        sealedToken: true,
      },
    }),
    db.payment.findMany({
      where: { customerId },
      orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
      take: LIST_LIMIT,
      select: {
        id: true,
        method: true,
        amountCents: true,
        receivedAt: true,
        invoice: { select: { number: true } },
        estimate: { select: { number: true } },
      },
    }),
  ]);
  const online = stripeEnabled(env);
  return {
    estimates: estimates.map((e) => {
      const linkWorks = !e.tokenExpiresAt || e.tokenExpiresAt > now;
      const token = linkWorks ? open(e.sealedToken) : null;
      return {
        id: e.id,
        number: e.number,
        status: e.status as AccountEstimate["status"],
        date: formatDate(e.sentAt ?? e.createdAt),
        options: e.approvedOption ? [e.approvedOption] : e.options,
        href: token ? `/estimates/${token}` : null,
        awaitingAnswer: e.status === "sent" && token !== null,
      };
    }),
    invoices: invoices.map((i) => {
      const balance = balanceCents(i.totalCents, i.paidCents);
      const token = open(i.sealedToken);
      const sent = i.sentAt ?? i.createdAt;
      return {
        id: i.id,
        number: i.number,
        status: i.status as AccountInvoice["status"],
        date: formatDate(sent),
        totalCents: i.totalCents,
        paidCents: i.paidCents,
        balanceCents: balance,
        due: balance > 0 ? dueSentence(sent) : null,
        waysToPay: balance > 0 ? waysToPay(i.number, online) : [],
        href: token ? `/invoices/${token}` : null,
      };
    }),
    receipts: payments.map((p) => ({
      id: p.id,
      date: formatDate(p.receivedAt),
      method: paymentMethodLabels[p.method],
      amountCents: p.amountCents,
      paid: p.invoice
        ? `Invoice ${p.invoice.number}`
        : p.estimate
          ? `Deposit on estimate ${p.estimate.number}`
          : "Payment",
    })),
  };
}
