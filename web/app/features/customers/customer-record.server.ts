import { askToText } from "@app/shared/texts/consent.server";
import { textablePhone } from "@app/shared/texts/phone";
import type { AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import type { customerChangeSchema } from "@app/shared/api/customers";
import { recordAudit } from "@app/shared/audit-log.server";
import { bookingInclude, serializeBooking } from "@app/shared/booking/booking-json";
import { mergeUndoStates } from "@app/shared/booking/merge-undo.server";
import { UNPAID_STATUSES } from "@app/shared/api/invoices";
import { balanceCents } from "@app/shared/money/money";
import { membersAmong } from "@app/shared/plans/members.server";
import { failure, success, type Result } from "@app/shared/result";
import { estimateTotals } from "~/features/documents/documents";

/**
 * A customer's record (/admin/customers/{id} and /api/customers/{id}, docs/product.md#customer-record):
 * what the page and the API read, and the changes they make, audited. A record merged into
 * another is still read (its page says where it went) but no longer changed.
 */

/** The newest emails the record lists (the email log keeps every attempt; older ones are in it). */
const EMAILS_SHOWN = 50;

/** The newest estimates and invoices the record lists, each; the rest are on their lists, found by the customer's email. */
const DOCUMENTS_SHOWN = 20;

const customerSelect = {
  id: true,
  name: true,
  email: true,
  phone: true,
  address: true,
  createdAt: true,
  updatedAt: true,
  userId: true,
  mergedIntoId: true,
  mergedAt: true,
} as const;

type CustomerRow = {
  id: number;
  name: string;
  email: string;
  phone: string;
  address: string | null;
  createdAt: Date;
  updatedAt: Date;
  userId: number | null;
  mergedIntoId: number | null;
  mergedAt: Date | null;
};

/** A customer as the API and the record show it. */
function customerJson(c: CustomerRow) {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    address: c.address,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    accountLinked: c.userId !== null,
    /** Set when this record was merged into another (it is hidden from every list). */
    mergedIntoId: c.mergedIntoId,
    mergedAt: c.mergedAt?.toISOString() ?? null,
  };
}

export type CustomerJson = ReturnType<typeof customerJson>;

/**
 * The customer's money (the record's Money section): their newest estimates and invoices, newest
 * first as on their lists (by id), DOCUMENTS_SHOWN of each, how many they have in all, and what
 * they owe now: the balance of every sent or partially paid invoice of theirs (not only the ones
 * shown). Only the documents made for this record: a merge moves visits, requests and notes, not
 * documents (docs/decisions/018-customer-merge-undo.md).
 */
async function customerMoney(context: AppLoadContext, customerId: number) {
  const { db } = context.services;
  const newest = { where: { customerId }, orderBy: { id: "desc" }, take: DOCUMENTS_SHOWN } as const;
  const [estimates, invoices, estimateCount, invoiceCount, unpaid] = await Promise.all([
    db.estimate.findMany({
      ...newest,
      select: {
        id: true,
        number: true,
        status: true,
        createdAt: true,
        sentAt: true,
        approvedOptionId: true,
        options: { select: { id: true, totalCents: true } },
      },
    }),
    db.invoice.findMany({
      ...newest,
      select: {
        id: true,
        number: true,
        status: true,
        createdAt: true,
        sentAt: true,
        totalCents: true,
        paidCents: true,
      },
    }),
    db.estimate.count({ where: { customerId } }),
    db.invoice.count({ where: { customerId } }),
    db.invoice.findMany({
      where: { customerId, status: { in: [...UNPAID_STATUSES] } },
      select: { totalCents: true, paidCents: true },
    }),
  ]);
  return {
    estimates: estimates.map((e) => ({
      id: e.id,
      number: e.number,
      status: e.status,
      createdAt: e.createdAt.toISOString(),
      sentAt: e.sentAt?.toISOString() ?? null,
      /** The approved option's total; before approval, the lowest option's to the highest's. */
      ...estimateTotals(e.options, e.approvedOptionId),
    })),
    estimateCount,
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number,
      status: i.status,
      createdAt: i.createdAt.toISOString(),
      sentAt: i.sentAt?.toISOString() ?? null,
      totalCents: i.totalCents,
      paidCents: i.paidCents,
      balanceCents: balanceCents(i.totalCents, i.paidCents),
    })),
    invoiceCount,
    owedCents: unpaid.reduce((sum, i) => sum + balanceCents(i.totalCents, i.paidCents), 0),
  };
}

/**
 * The customer, their visits, newest first, and their money (estimates, invoices, what they owe):
 * `GET /api/customers/{id}`.
 */
export async function customerWithBookings(context: AppLoadContext, id: number) {
  const { db } = context.services;
  const [customer, bookings, money] = await Promise.all([
    db.customer.findUnique({ where: { id }, select: customerSelect }),
    db.booking.findMany({
      where: { customerId: id },
      include: bookingInclude,
      orderBy: [{ scheduledDate: "desc" }, { id: "desc" }],
    }),
    customerMoney(context, id),
  ]);
  if (!customer) return failure(404, "Customer not found");
  return success({ customer: customerJson(customer), bookings: bookings.map(serializeBooking), ...money });
}

/** Everything the record's page shows; null for an id that is no customer. */
export async function customerRecord(context: AppLoadContext, id: number) {
  const { db } = context.services;
  const found = await customerWithBookings(context, id);
  if (!found.ok) return null;
  const { customer } = found.value;
  const phone = textablePhone(customer.phone);
  const [notes, emails, preference, account, merges, texts, members] = await Promise.all([
    db.customerNote.findMany({
      where: { customerId: id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true, text: true, authorEmail: true, createdAt: true },
    }),
    db.emailLog.findMany({
      where: { to: customer.email },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: EMAILS_SHOWN,
      select: { id: true, subject: true, kind: true, status: true, createdAt: true },
    }),
    db.emailPreference.findUnique({ where: { email: customer.email }, select: { unsubscribedAt: true } }),
    db.customer
      .findUnique({ where: { id }, select: { user: { select: { email: true, emailVerifiedAt: true } } } })
      .then((c) => c?.user ?? null),
    mergeEntries(context, id, customer.mergedIntoId),
    phone ? textsOf(context, phone) : null,
    membersAmong(db, [id]),
  ]);
  return {
    ...found.value,
    notes: notes.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
    emails: emails.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    emailsShown: EMAILS_SHOWN,
    /** Reminders and review requests (no preference row: on). */
    reminders: { on: !preference?.unsubscribedAt, unsubscribedAt: preference?.unsubscribedAt?.toISOString() ?? null },
    account: account ? { email: account.email, verified: account.emailVerifiedAt !== null } : null,
    merges,
    /** The customer's plans when they are a member (the header's badge, docs/product.md#plans), else null. */
    member: members.get(id) ?? null,
    /** Texts (docs/product.md#texts): shown when they are set up or the number has any; null otherwise. */
    texts: texts && (context.services.env.TWILIO || texts.consent || texts.messages.length) ? texts : null,
  };
}

const TEXTS_SHOWN = 20;

/** The number's consent and its texts both ways, newest first (docs/product.md#texts). */
async function textsOf(context: AppLoadContext, phone: string) {
  const { db } = context.services;
  const [consent, messages] = await Promise.all([
    db.textConsent.findUnique({
      where: { phone },
      select: { status: true, grantedAt: true, source: true, optedOutAt: true, requestedAt: true },
    }),
    db.textMessage.findMany({
      where: { phone },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: TEXTS_SHOWN,
      select: { id: true, direction: true, body: true, kind: true, status: true, errorCode: true, createdAt: true },
    }),
  ]);
  return {
    phone,
    consent: consent
      ? {
          status: consent.status,
          grantedAt: consent.grantedAt?.toISOString() ?? null,
          source: consent.source,
          optedOutAt: consent.optedOutAt?.toISOString() ?? null,
          requestedAt: consent.requestedAt?.toISOString() ?? null,
        }
      : null,
    /** Texts are set up: the office may ask the number once ("Ask to text them"). */
    on: Boolean(context.services.env.TWILIO),
    messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    shown: TEXTS_SHOWN,
  };
}

export type CustomerRecord = NonNullable<Awaited<ReturnType<typeof customerRecord>>>;

/**
 * The merges into this record and, for a merged record, the one that merged it away (an entry of
 * the record it joined), newest first, each with its Undo state. Read by the audit log's
 * (targetType, targetId) index.
 */
async function mergeEntries(context: AppLoadContext, id: number, mergedIntoId: number | null) {
  const { db } = context.services;
  const targets = [id, ...(mergedIntoId === null ? [] : [mergedIntoId])].map(String);
  const found = await db.auditLog.findMany({
    where: { targetType: "customer", targetId: { in: targets }, action: "customer.merged" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 50,
  });
  const entries = found
    .filter((e) => e.targetId === String(id) || (e.details as { from?: unknown } | null)?.from === id)
    .slice(0, 20);
  const states = await mergeUndoStates(db, entries);
  return entries.map((e) => ({
    id: e.id,
    actorEmail: e.actorEmail,
    createdAt: e.createdAt.toISOString(),
    from: (e.details as { from?: unknown } | null)?.from,
    into: Number(e.targetId),
    undo: states[e.id] ?? null,
  }));
}

type CustomerChange = z.output<typeof customerChangeSchema>;
const FIELDS = ["name", "email", "phone", "address"] as const;

/**
 * Changes a customer's details (any of name, email, phone, address), audited as
 * `customer.updated` with each changed field's from and to. A merged-away record answers 409.
 */
export async function updateCustomer(
  context: AppLoadContext,
  admin: { id: number; email: string },
  id: number,
  input: CustomerChange,
): Promise<Result<{ customer: CustomerJson; message: string }>> {
  const changes = { ...input, ...(input.email !== undefined ? { email: input.email.toLowerCase() } : {}) };
  return context.services.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Customer" WHERE id = ${id} FOR UPDATE`;
    const before = await tx.customer.findUnique({ where: { id }, select: customerSelect });
    if (!before) return failure(404, "Customer not found");
    if (before.mergedIntoId !== null)
      return failure(409, `This record was merged into customer #${before.mergedIntoId}: change that one.`);
    const changed = FIELDS.filter((f) => changes[f] !== undefined && changes[f] !== before[f]);
    if (changed.length === 0) return success({ customer: customerJson(before), message: "Nothing to change." });
    const data = Object.fromEntries(changed.map((f) => [f, changes[f]]));
    const after = await tx.customer.update({ where: { id }, data, select: customerSelect });
    await recordAudit(tx, {
      actor: admin,
      action: "customer.updated",
      targetType: "customer",
      targetId: id,
      details: {
        from: Object.fromEntries(changed.map((f) => [f, before[f]])),
        to: Object.fromEntries(changed.map((f) => [f, after[f]])),
      },
    });
    return success({ customer: customerJson(after), message: "Customer details saved." });
  });
}

/** A staff note on the record, with who wrote it. */
export async function addCustomerNote(
  context: AppLoadContext,
  admin: { id: number; email: string },
  id: number,
  text: string,
): Promise<Result<{ message: string }>> {
  const { db } = context.services;
  const customer = await db.customer.findUnique({ where: { id }, select: { mergedIntoId: true } });
  if (!customer) return failure(404, "Customer not found");
  if (customer.mergedIntoId !== null)
    return failure(409, `This record was merged into customer #${customer.mergedIntoId}: add the note there.`);
  await db.customerNote.create({ data: { customerId: id, authorId: admin.id, authorEmail: admin.email, text } });
  return success({ message: "Note added." });
}

/**
 * Turns reminders and review requests back on for the customer's address, which staff do only when
 * the customer asked (the form makes them say so); audited. The same switch as the emails'
 * unsubscribe link and the portal (docs/product.md#the-customers-loop).
 */
export async function resubscribeCustomer(
  context: AppLoadContext,
  admin: { id: number; email: string },
  id: number,
): Promise<Result<{ message: string }>> {
  const { db } = context.services;
  const customer = await db.customer.findUnique({ where: { id }, select: { email: true } });
  if (!customer) return failure(404, "Customer not found");
  return db.$transaction(async (tx) => {
    const turnedOn = await tx.emailPreference.updateMany({
      where: { email: customer.email, unsubscribedAt: { not: null } },
      data: { unsubscribedAt: null },
    });
    if (turnedOn.count === 0) return success({ message: "Reminders and review requests are already on." });
    await recordAudit(tx, {
      actor: admin,
      action: "customer.emails_resubscribed",
      targetType: "customer",
      targetId: id,
      details: { email: customer.email },
    });
    return success({ message: "Reminders and review requests are on again for this customer." });
  });
}

/** The office's one-time "may we text you?" to the customer's number (docs/product.md#texts). */
export async function askCustomerToText(context: AppLoadContext, admin: { id: number }, id: number) {
  if (!context.services.env.TWILIO) return failure(409, "Texts are not set up.");
  const customer = await context.services.db.customer.findUnique({ where: { id }, select: { phone: true } });
  if (!customer) return failure(404, "Customer not found");
  return askToText(context, customer.phone, admin);
}
