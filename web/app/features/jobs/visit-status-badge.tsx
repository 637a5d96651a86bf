import { Truck } from "lucide-react";
import { StatusBadge } from "~/components/staff/badges";
import { shownStatus, shownStatusLabels } from "./day-view";
import type { Visit } from "./jobs.server";

/**
 * A visit's status on /jobs: the staff pages' badge, or "On the way" for a pending visit whose
 * customer was told the technician is coming (a way of showing it, not a status of its own).
 */
export function VisitStatusBadge({ visit }: { visit: Pick<Visit, "status" | "onTheWay"> }) {
  const status = shownStatus(visit);
  if (status !== "on_the_way") return <StatusBadge status={status} />;
  return (
    <span className="badge border-amber-300 bg-amber-100 text-amber-900">
      <Truck aria-hidden="true" className="size-3.5 shrink-0" />
      {shownStatusLabels.on_the_way}
    </span>
  );
}
