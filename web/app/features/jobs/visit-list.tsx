import { Link, useLocation } from "@remix-run/react";
import { formatLocalDate } from "@app/shared/time";
import { cn } from "~/utils/cn";
import type { JobsDay, Visit } from "./jobs.server";
import { OPEN_VISIT_ID } from "./visit-card";
import { VisitStatusBadge } from "./visit-status-badge";

/**
 * The technician's visits on /jobs, one line each (docs/product.md#technicians-day): still open
 * from earlier days, today, then the coming days. Each line is a link to the page with that visit
 * open (`?visit=ID`, the admin's `?technician=` kept), which works without JavaScript.
 */
export function VisitList({
  earlier,
  today,
  days,
  openId,
}: {
  earlier: JobsDay[];
  today: string;
  days: JobsDay[];
  openId: number | null;
}) {
  const [first, ...coming] = days;
  const upcoming = coming.filter((d) => d.visits.length > 0);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {earlier.length > 0 ? (
        <section aria-labelledby="earlier-heading">
          <h2 id="earlier-heading" className="text-lg font-semibold text-slate-900">
            Still open from earlier days
          </h2>
          {earlier.map((day) => (
            <Day key={day.date} day={day} openId={openId} />
          ))}
        </section>
      ) : null}
      <section aria-labelledby="today-heading">
        <h2 id="today-heading" className="text-lg font-semibold text-slate-900">
          Today, {formatLocalDate(today)}
        </h2>
        {first && first.visits.length > 0 ? (
          <Rows visits={first.visits} openId={openId} />
        ) : (
          <p className="mt-2 text-sm text-slate-600">No visits today.</p>
        )}
      </section>
      <section aria-labelledby="coming-heading">
        <h2 id="coming-heading" className="text-lg font-semibold text-slate-900">
          Coming days
        </h2>
        {upcoming.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nothing scheduled in the coming days.</p>
        ) : (
          upcoming.map((day) => <Day key={day.date} day={day} openId={openId} />)
        )}
      </section>
    </div>
  );
}

function Day({ day, openId }: { day: JobsDay; openId: number | null }) {
  const label = formatLocalDate(day.date);
  return (
    <section aria-label={label} className="mt-3">
      <h3 className="text-sm font-medium text-slate-700">{label}</h3>
      <Rows visits={day.visits} openId={openId} />
    </section>
  );
}

function Rows({ visits, openId }: { visits: Visit[]; openId: number | null }) {
  const { search } = useLocation();
  const to = (id: number) => {
    const params = new URLSearchParams(search);
    params.set("visit", String(id));
    return { search: `?${params}`, hash: OPEN_VISIT_ID };
  };
  return (
    <ol className="mt-2 grid grid-cols-[minmax(0,1fr)] gap-2">
      {visits.map((visit) => {
        const open = visit.id === openId;
        return (
          <li key={visit.id}>
            <Link
              to={to(visit.id)}
              aria-current={open ? "true" : undefined}
              className={cn(
                "flex min-h-11 items-center gap-2 rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600",
                open ? "border-brand-600 ring-1 ring-brand-600" : "border-slate-200",
                visit.priority === "emergency" && visit.status !== "completed" && !open ? "border-red-300" : null,
              )}
            >
              <span className="w-[4.5rem] shrink-0 font-semibold text-brand-800">{visit.startsAt}</span>
              <span className="min-w-0 flex-1 truncate">
                {visit.summary}
                <span className="text-slate-600"> · {visit.customerName}</span>
              </span>
              <VisitStatusBadge visit={visit} />
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
