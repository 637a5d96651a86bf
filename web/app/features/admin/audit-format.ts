/** One line a person reads, e.g. "changed ann@example.com's role from customer to technician". */
export function describeAudit(entry: { action: string; targetType: string; targetId: string; details: Record<string, unknown> | null }): string {
  const d = entry.details ?? {};
  const words = (v: unknown) => String(v).replace(/_/g, " ");
  if (entry.action === "user.role_changed") return `changed ${d.email ?? `user #${entry.targetId}`}'s role from ${words(d.from)} to ${words(d.to)}`;
  if (entry.action === "booking.status_changed") return `set booking #${entry.targetId} from ${words(d.from)} to ${words(d.to)}`;
  if (entry.action === "customer.merged") return `merged customer #${d.from} into customer #${d.into} (from booking #${d.bookingId})`;
  return `${entry.action} ${entry.targetType} #${entry.targetId}`;
}
