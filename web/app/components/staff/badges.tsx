import { Siren } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { priorityLabel, roleLabel, statusLabel, type BookingPriority, type BookingStatus, type Role } from "./format";

/** Role badges (docs/product.md#users): admin destructive, technician default, customer secondary. */
export function RoleBadge({ role }: { role: Role }) {
  const variant = role === "admin" ? "destructive" : role === "technician" ? "default" : "secondary";
  return (
    <Badge variant={variant} className="whitespace-nowrap">
      {roleLabel(role)}
    </Badge>
  );
}

/*
 * Priority and status badges are drawn by styles.css (`.badge`, `.prio-*`,
 * `.st-*`, the priority's dot and the status's icon included): a page that
 * lists many bookings repeats a short class, not a list of utilities and an SVG.
 */

export function PriorityBadge({ priority }: { priority: BookingPriority }) {
  return <span className={`badge prio-${priority}`}>{priorityLabel(priority)}</span>;
}

/** A status badge with its icon; the underscore is shown as a space ("In progress"). */
export function StatusBadge({ status }: { status: BookingStatus }) {
  return <span className={`badge st-${status}`}>{statusLabel(status)}</span>;
}

/** The "Emergency Priority" warning of an emergency booking (docs/product.md#calendar, a booking's page). */
export function EmergencyAlert() {
  return (
    <Alert tone="destructive" className="mt-3 flex items-start gap-2 border-red-300">
      <Siren aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong className="block font-semibold">Emergency Priority</strong>
        This customer needs immediate attention. Call them and dispatch a technician right away.
      </span>
    </Alert>
  );
}
