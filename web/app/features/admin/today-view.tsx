/** The top of the dashboard (docs/product.md#dashboard): open emergencies, today by technician, what to place, the week. */
import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { CalendarClock, CalendarDays, Inbox, Phone, Siren, TrendingUp, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { formatDateTime } from "@app/shared/time";
import { cn } from "~/utils/cn";
import { StatusBadge } from "./badges";
import { telHref } from "./format";
import type { DashboardToday, DashboardVisit } from "./today.server";

type Today = SerializeFrom<DashboardToday>;
type Visit = SerializeFrom<DashboardVisit>;

const numberFmt = new Intl.NumberFormat("en-US");

function Section({
  id,
  title,
  icon,
  tone,
  children,
}: {
  id: string;
  title: ReactNode;
  icon: ReactNode;
  tone?: "danger";
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn(
        "rounded-xl border bg-white p-4 shadow-sm",
        tone === "danger" ? "border-2 border-red-700" : "border-slate-200",
      )}
    >
      <h2
        id={id}
        className={cn(
          "mb-3 flex items-center gap-2 text-lg font-bold",
          tone === "danger" ? "text-red-800" : "text-slate-900",
        )}
      >
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-slate-300 p-3 text-sm text-slate-600">{children}</p>;
}

/** One visit: when, the customer, what, its status; the summary links to the booking's page. */
function VisitLine({ visit }: { visit: Visit }) {
  return (
    <li
      className="flex flex-col gap-1 py-2 text-sm sm:flex-row sm:items-baseline sm:gap-3"
      data-dashboard-visit={visit.id}
    >
      <span className="shrink-0 font-semibold tabular-nums text-slate-900 sm:w-40">{visit.when}</span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-slate-900">{visit.customerName}</span>
        <Link to={visit.href} prefetch="intent" className="text-brand-700 underline hover:text-brand-900">
          #{visit.id}: {visit.summary}
        </Link>
      </span>
      <span className="flex shrink-0 flex-wrap items-center gap-1.5">
        {visit.emergency ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
            <Siren aria-hidden="true" className="size-3" />
            Emergency
          </span>
        ) : null}
        <StatusBadge status={visit.status} />
      </span>
    </li>
  );
}

function VisitList({ visits }: { visits: Visit[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {visits.map((v) => (
        <VisitLine key={v.id} visit={v} />
      ))}
    </ul>
  );
}

function More({ shown, total, to, what }: { shown: number; total: number; to?: string; what: string }) {
  if (total <= shown) return null;
  const text = `${numberFmt.format(total - shown)} more ${what}`;
  return (
    <p className="mt-2 text-sm text-slate-600">
      {to ? (
        <Link to={to} className="text-brand-700 underline">
          {text}
        </Link>
      ) : (
        text
      )}
    </p>
  );
}

function OpenEmergencies({ emergencies }: { emergencies: Today["emergencies"] }) {
  const { bookings, bookingTotal, leads } = emergencies;
  const none = bookings.length === 0 && leads.length === 0;
  return (
    <Section
      id="dashboard-emergencies"
      title="Open emergencies"
      tone={none ? undefined : "danger"}
      icon={<Siren aria-hidden="true" className={cn("size-5", none ? "text-brand-700" : "text-red-700")} />}
    >
      {none ? <Empty>No open emergencies.</Empty> : null}
      {bookings.length ? (
        <>
          <VisitList visits={bookings} />
          <More
            shown={bookings.length}
            total={bookingTotal}
            to="/admin/bookings?priority=emergency"
            what="emergency bookings"
          />
        </>
      ) : null}
      {leads.length ? (
        <ul
          className="mt-2 divide-y divide-slate-100 border-t border-slate-100"
          aria-label="Emergency messages and chats"
        >
          {leads.map((lead) => (
            <li key={lead.key} className="flex flex-col gap-1 py-2 text-sm sm:flex-row sm:items-baseline sm:gap-3">
              <span className="shrink-0 text-slate-700 sm:w-40">{formatDateTime(lead.at)}</span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-slate-900">
                  {lead.kind === "contact" ? "Message" : "Chat"} from {lead.name}
                </span>
                <span className="block break-words text-slate-700">{lead.summary}</span>
              </span>
              <span className="flex shrink-0 flex-wrap gap-2">
                {lead.phone ? (
                  <a
                    href={telHref(lead.phone)}
                    className="inline-flex items-center gap-1 font-semibold text-red-800 underline"
                  >
                    <Phone aria-hidden="true" className="size-3.5" />
                    {lead.phone}
                  </a>
                ) : null}
                <Link to={lead.href} className="inline-flex items-center gap-1 text-brand-700 underline">
                  <Inbox aria-hidden="true" className="size-3.5" />
                  Open in the inbox
                  <span className="sr-only">: {lead.name}</span>
                </Link>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}

function TodaysVisits({ today, day }: { today: Today["today"]; day: string }) {
  const { technicians, unassigned, more } = today;
  return (
    <Section
      id="dashboard-today"
      title={<>Today&apos;s visits · {day}</>}
      icon={<CalendarDays aria-hidden="true" className="size-5 text-brand-700" />}
    >
      {technicians.length === 0 && unassigned.length === 0 ? <Empty>No visits today.</Empty> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {technicians.map((t) => (
          <section
            key={t.technicianId}
            aria-labelledby={`dashboard-tech-${t.technicianId}`}
            data-dashboard-technician={t.technicianId}
            className="rounded-lg border border-slate-200 p-3"
          >
            <h3
              id={`dashboard-tech-${t.technicianId}`}
              className="flex items-center gap-2 font-semibold text-slate-900"
            >
              <UserRound aria-hidden="true" className="size-4 text-brand-700" />
              {t.name}
              <span className="text-sm font-normal text-slate-600">
                ({t.visits.length} {t.visits.length === 1 ? "visit" : "visits"})
              </span>
            </h3>
            <VisitList visits={t.visits} />
          </section>
        ))}
        {unassigned.length ? (
          <section
            aria-labelledby="dashboard-unassigned"
            data-dashboard-unassigned
            className="rounded-lg border border-amber-300 bg-amber-50/50 p-3"
          >
            <h3 id="dashboard-unassigned" className="font-semibold text-slate-900">
              No technician yet ({unassigned.length})
            </h3>
            <VisitList visits={unassigned} />
          </section>
        ) : null}
      </div>
      {more ? (
        <p className="mt-2 text-sm text-slate-600">
          Only the first visits of the day are listed here; the calendar has them all.
        </p>
      ) : null}
    </Section>
  );
}

function ToPlace({ toPlace }: { toPlace: Today["toPlace"] }) {
  return (
    <Section
      id="dashboard-to-place"
      title="Requests to be placed"
      icon={<CalendarClock aria-hidden="true" className="size-5 text-brand-700" />}
    >
      {toPlace.visits.length ? (
        <>
          <p className="mb-1 text-sm text-slate-600">Asked for without a window: give each a time and a technician.</p>
          <VisitList visits={toPlace.visits} />
          <More shown={toPlace.visits.length} total={toPlace.total} what="requests to place" />
        </>
      ) : (
        <Empty>Every request has its time.</Empty>
      )}
    </Section>
  );
}

function WeekNumbers({ week }: { week: Today["week"] }) {
  const figures: Array<[string, number, string]> = [
    ["Visits booked", week.booked, "Booked since Sunday"],
    ["Completed", week.completed, "Visits this week, done"],
    ["Cancelled", week.cancelled, "Visits this week, cancelled"],
    ["New leads", week.leads, "Contact messages and appointment requests"],
  ];
  return (
    <Section
      id="dashboard-week"
      title="This week's numbers"
      icon={<TrendingUp aria-hidden="true" className="size-5 text-brand-700" />}
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value, hint]) => (
          <div key={label} className="flex flex-col rounded-lg border border-slate-200 p-3">
            <dt className="order-1 text-sm font-medium text-slate-600">{label}</dt>
            <dd className="order-2 mt-1 text-2xl font-bold tabular-nums text-slate-900">{numberFmt.format(value)}</dd>
            <dd className="order-3 mt-1 text-xs text-slate-600">{hint}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

/** The day at the top of the dashboard; `day` is today's date as Baton Rouge reads it. */
export function TodayBoard({ data, day }: { data: Today; day: string }) {
  return (
    <div className="space-y-6">
      <OpenEmergencies emergencies={data.emergencies} />
      <TodaysVisits today={data.today} day={day} />
      <ToPlace toPlace={data.toPlace} />
      <WeekNumbers week={data.week} />
    </div>
  );
}
