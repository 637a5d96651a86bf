import { CircleCheck, CircleX, Clock, Wrench, type LucideIcon } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/utils/cn";
import {
  priorityDot,
  priorityLabel,
  roleLabel,
  statusLabel,
  type BookingPriority,
  type BookingStatus,
  type Role,
} from "./format";

/** Role badges (docs/product.md#users): admin destructive, technician default, customer secondary. */
export function RoleBadge({ role }: { role: Role }) {
  const variant = role === "admin" ? "destructive" : role === "technician" ? "default" : "secondary";
  return (
    <Badge variant={variant} className="whitespace-nowrap">
      {roleLabel(role)}
    </Badge>
  );
}

const priorityTone: Record<BookingPriority, string> = {
  emergency: "border-red-700 bg-red-700 text-white",
  high: "border-orange-300 bg-orange-100 text-orange-950",
  medium: "border-yellow-300 bg-yellow-100 text-yellow-950",
  low: "border-blue-200 bg-blue-50 text-blue-950",
};

export function PriorityBadge({ priority, className }: { priority: BookingPriority; className?: string }) {
  return (
    <Badge variant="outline" className={cn("whitespace-nowrap", priorityTone[priority], className)}>
      <span
        aria-hidden="true"
        className={cn("size-2 rounded-full", priority === "emergency" ? "bg-white" : priorityDot[priority])}
      />
      {priorityLabel(priority)}
    </Badge>
  );
}

const statusStyle: Record<BookingStatus, { icon: LucideIcon; tone: string }> = {
  pending: { icon: Clock, tone: "border-slate-300 bg-slate-100 text-slate-800" },
  in_progress: { icon: Wrench, tone: "border-blue-200 bg-blue-100 text-blue-900" },
  completed: { icon: CircleCheck, tone: "border-green-200 bg-green-100 text-green-900" },
  cancelled: { icon: CircleX, tone: "border-red-200 bg-red-100 text-red-900" },
};

/** A status badge with its icon; the underscore is shown as a space ("In progress"). */
export function StatusBadge({ status, className }: { status: BookingStatus; className?: string }) {
  const { icon: Icon, tone } = statusStyle[status] ?? statusStyle.pending;
  return (
    <Badge variant="outline" className={cn("whitespace-nowrap", tone, className)}>
      <Icon aria-hidden="true" className="size-3.5" />
      {statusLabel(status)}
    </Badge>
  );
}
