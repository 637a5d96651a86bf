import { formatCents, formatRate } from "@app/shared/money/money";
import { formatDateTime, formatLocalDate } from "@app/shared/time";

/** A detail of an audit entry as text: the JSON column holds strings and numbers; anything else is shown as JSON. */
function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || value === null || value === undefined)
    return String(value);
  return JSON.stringify(value);
}

/** A details change as "phone from X to Y, address from (none) to Z". */
function changes(d: Record<string, unknown>): string {
  const from = (d.from ?? {}) as Record<string, unknown>;
  const to = (d.to ?? {}) as Record<string, unknown>;
  const shown = (v: unknown) => (v === null || v === undefined || v === "" ? "(none)" : text(v));
  return Object.keys(to)
    .map((field) => `${field} from ${shown(from[field])} to ${shown(to[field])}`)
    .join(", ");
}

/** A price book item's change, its amounts in dollars: "unitPriceCents" from 8900 reads "unit price from $89.00". */
function itemChanges(d: Record<string, unknown>): string {
  const cents = (v: unknown) => (typeof v === "number" ? formatCents(v) : text(v));
  const from = (d.from ?? {}) as Record<string, unknown>;
  const to = (d.to ?? {}) as Record<string, unknown>;
  const price = "unitPriceCents" in to ? { "unit price": [cents(from.unitPriceCents), cents(to.unitPriceCents)] } : {};
  const rest = Object.fromEntries(
    Object.keys(to)
      .filter((field) => field !== "unitPriceCents")
      .map((field) => [field, [text(from[field] ?? "(none)"), text(to[field] ?? "(none)")]]),
  );
  return Object.entries({ ...price, ...rest })
    .map(([field, [a, b]]) => `${field} from ${a} to ${b}`)
    .join(", ");
}

/** One line a person reads, e.g. "changed ann@example.com's role from customer to technician". */
export function describeAudit(entry: {
  action: string;
  targetType: string;
  targetId: string;
  details: Record<string, unknown> | null;
}): string {
  const d = entry.details ?? {};
  const words = (v: unknown) => text(v).replace(/_/g, " ");
  const byCustomer = d.by === "customer" ? " (the customer, with the link in their email)" : "";
  const who = d.email === null || d.email === undefined ? `user #${entry.targetId}` : text(d.email);
  if (entry.action === "user.role_changed") return `changed ${who}'s role from ${words(d.from)} to ${words(d.to)}`;
  if (entry.action === "booking.status_changed")
    return `set booking #${entry.targetId} from ${words(d.from)} to ${words(d.to)}${byCustomer}`;
  if (entry.action === "booking.technician_changed")
    return d.to === null
      ? `unassigned booking #${entry.targetId} from ${text(d.from)}${d.by === "customer" ? " (the customer moved it to a time they were not free)" : ""}`
      : `assigned booking #${entry.targetId} to ${text(d.to)}${d.from === null ? "" : ` (was ${text(d.from)})`}`;
  if (entry.action === "booking.rescheduled")
    return `moved booking #${entry.targetId} from ${formatDateTime(text(d.from))} to ${formatDateTime(text(d.to))}${byCustomer}`;
  if (entry.action === "booking.on_the_way")
    return `told the customer of booking #${entry.targetId} they are on the way (about ${text(d.minutes)} minutes)`;
  if (entry.action === "booking.confirmation_resent")
    return `sent the customer of booking #${entry.targetId} their confirmation again`;
  if (entry.action === "customer.merged") {
    return `merged customer #${text(d.from)} into customer #${text(d.into)} (from booking #${text(d.bookingId)})`;
  }
  if (entry.action === "lead.emergency_acknowledged")
    return `dismissed the emergency alert of ${entry.targetType === "contact" ? `contact message #${entry.targetId}` : `chat ${entry.targetId}`}`;
  if (entry.action === "closure.added") return `closed ${formatLocalDate(entry.targetId)} (${text(d.reason)})`;
  if (entry.action === "closure.removed")
    return `opened ${formatLocalDate(entry.targetId)} again (was ${text(d.reason)})`;
  if (entry.action === "customer.merge_undone")
    return `undid the merge of customer #${text(d.from)} into customer #${text(d.into)} (${text(d.bookingsMoved)} visits back)`;
  if (entry.action === "customer.updated") return `changed customer #${entry.targetId}'s ${changes(d)}`;
  if (entry.action === "customer.emails_resubscribed")
    return `turned reminders and review requests back on for customer #${entry.targetId}, at their request`;
  if (entry.action === "price_book.item_created")
    return `added ${text(d.name)} to the price book (${typeof d.unitPriceCents === "number" ? formatCents(d.unitPriceCents) : "?"} ${text(d.unit)})`;
  if (entry.action === "price_book.item_updated") return `changed ${text(d.name)} in the price book: ${itemChanges(d)}`;
  if (entry.action === "settings.sales_tax_changed")
    return typeof d.from === "number" && typeof d.to === "number"
      ? `set the sales tax from ${formatRate(d.from)} to ${formatRate(d.to)}`
      : "changed the sales tax";
  if (entry.action === "on_call.shift_added" || entry.action === "on_call.shift_removed")
    return `${entry.action === "on_call.shift_added" ? "put" : "took"} ${text(d.name)} ${entry.action === "on_call.shift_added" ? "on" : "off"} call ${text(d.days)}`;
  if (entry.action === "user.phone_changed")
    return `set ${who}'s phone to ${d.phone === null ? "none" : text(d.phone)}${d.takesCalls ? ", ringing with the office" : ""}`;
  return `${entry.action} ${entry.targetType} #${entry.targetId}`;
}
