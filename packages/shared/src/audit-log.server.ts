import type { Prisma } from "./db.server";

/**
 * The audit log (table AuditLog): who changed what and when, for the staff changes the dashboard
 * lists (roles, a booking's status, technician and time, "on my way", a resent confirmation, a
 * customer merge and its undo, a customer's details, their emails turned back on, a closed day added or
 * removed, a price book item added or changed, the sales-tax rate, an estimate made, sent or approved by its
 * customer, an invoice made, sent or voided, a visit's job record: notes and checklist, items, photos, an
 * emergency lead's alert dismissed, an on-call shift added or removed, a staff member's phone and calls). Written in the transaction of the change it records.
 */
export interface AuditEntry {
  actor: { id: number; email: string } | null;
  action:
    | "user.role_changed"
    | "booking.status_changed"
    | "booking.technician_changed"
    | "booking.rescheduled"
    | "booking.on_the_way"
    | "booking.confirmation_resent"
    | "customer.merged"
    | "closure.added"
    | "closure.removed"
    | "customer.merge_undone"
    | "customer.updated"
    | "customer.emails_resubscribed"
    | "price_book.item_created"
    | "price_book.item_updated"
    | "settings.sales_tax_changed"
    | "estimate.created"
    | "estimate.updated"
    | "estimate.sent"
    | "estimate.approved"
    | "estimate.declined"
    | "estimate.voided"
    | "invoice.created"
    | "invoice.sent"
    | "invoice.voided"
    | "job.record_updated"
    | "job.item_added"
    | "job.item_removed"
    | "job.photo_added"
    | "job.photo_removed"
    | "payment.recorded"
    | "payment.not_recorded"
    | "payment.failed"
    | "payment.refund_due"
    | "checkout.superseded"
    | "lead.emergency_acknowledged"
    | "on_call.shift_added"
    | "on_call.shift_removed"
    | "user.phone_changed"
    | "plan.created"
    | "plan.updated"
    | "membership.joined"
    | "membership.enrolled"
    | "membership.activated"
    | "membership.renewed"
    | "membership.past_due"
    | "membership.cancelled"
    | "membership.cancel_scheduled"
    | "membership.paused"
    | "membership.resumed"
    | "membership.ended";
  targetType:
    | "user"
    | "booking"
    | "customer"
    | "closure"
    | "price_book_item"
    | "setting"
    | "estimate"
    | "invoice"
    | "contact"
    | "chat"
    | "on_call_shift"
    | "plan"
    | "membership";
  targetId: string | number;
  details: Prisma.InputJsonValue;
}

type Tx = Pick<Prisma.TransactionClient, "auditLog">;

/** Records a staff change (who, what, when), in the caller's transaction when given one. */
export function recordAudit(db: Tx, entry: AuditEntry) {
  return db.auditLog.create({
    data: {
      actorId: entry.actor?.id ?? null,
      actorEmail: entry.actor?.email ?? "system",
      action: entry.action,
      targetType: entry.targetType,
      targetId: String(entry.targetId),
      details: entry.details,
    },
  });
}
