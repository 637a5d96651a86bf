/**
 * The top of the dashboard (docs/product.md#dashboard): open emergencies (one row per person, with what
 * they said and a Dismiss), the missed calls to return, today by technician, what to place (requests, and plan
 * visits the worker found no window for), the week.
 */
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import {
  BellOff,
  CalendarClock,
  CalendarDays,
  CalendarX2,
  Inbox,
  Phone,
  PhoneMissed,
  Siren,
  TrendingUp,
  UserRound,
} from "lucide-react";
import { Button } from "~/components/ui/button";
import { Outcome } from "~/components/ui/outcome";
import type { ReactNode } from "react";
import { formatDateTime, formatLocalDate } from "@app/shared/time";
import { cn } from "~/utils/cn";
import { StatusBadge } from "~/components/staff/badges";
import { telHref } from "~/components/staff/format";
import type { DashboardToday, DashboardVisit } from "./today.server";
import { DISMISS_INTENT } from "./dashboard-intents";
import { CallList, callsHref } from "~/features/calls/calls-view";

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

type Group = Today["emergencies"]["leads"]["groups"][number];
type Lead = Group["latest"];

/** A dismissal's answer (the dashboard's action), shown at the top of the open emergencies. */
export interface Dismissed {
  ok: boolean;
  message: string;
  at?: number;
}

const whoWrote = (lead: Lead) =>
  lead.kind === "contact"
    ? `Emergency message from ${lead.name ?? "a visitor"}`
    : `Emergency in the chat: ${lead.name ?? "a website chat visitor"}`;

const repeats = (group: Group) => {
  const n = group.keys.length;
  if (n === 1) return null;
  const chats = [group.latest, ...group.earlier].every((l) => l.kind === "chat");
  return `${n} ${chats ? "conversations" : "messages"}`;
};

/** One person's open emergency: what they said last, their phone, the inbox, Dismiss, and their earlier ones folded. */
function LeadRow({ group }: { group: Group }) {
  const { latest, earlier } = group;
  const who = latest.name ?? (latest.kind === "chat" ? "a website chat visitor" : "a visitor");
  const more = repeats(group);
  return (
    <li className="py-2 text-sm" data-emergency-lead={group.key}>
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:gap-3">
        <span className="shrink-0 text-slate-700 sm:w-40">{formatDateTime(latest.at)}</span>
        <span className="min-w-0 flex-1">
          <span className="block font-medium text-slate-900">
            {whoWrote(latest)}
            {more ? (
              <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
                {more}
              </span>
            ) : null}
          </span>
          <span className="block break-words text-slate-700">
            {latest.said ? <>&ldquo;{latest.said}&rdquo;</> : "No words yet: open the chat to see it."}
          </span>
        </span>
        <span className="flex shrink-0 flex-wrap items-center gap-2">
          {latest.phone ? (
            <a
              href={telHref(latest.phone)}
              className="inline-flex min-h-11 items-center gap-1 font-semibold text-red-800 underline sm:min-h-0"
            >
              <Phone aria-hidden="true" className="size-3.5" />
              {latest.phone}
            </a>
          ) : null}
          <Link
            to={latest.href}
            className="inline-flex min-h-11 items-center gap-1 text-brand-700 underline sm:min-h-0"
          >
            <Inbox aria-hidden="true" className="size-3.5" />
            Open in the inbox
            <span className="sr-only">: {who}</span>
          </Link>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value={DISMISS_INTENT} />
            <input type="hidden" name="leads" value={group.keys.join(" ")} />
            <Button type="submit" variant="outline" size="sm" className="min-h-11 sm:min-h-0">
              <BellOff aria-hidden="true" />
              Dismiss
              <span className="sr-only">
                {" "}
                the alert from {who}
                {more ? ` (${more})` : ""}
              </span>
            </Button>
          </Form>
        </span>
      </div>
      {earlier.length ? (
        <details className="mt-1 sm:ml-[10.75rem]">
          <summary className="min-h-11 cursor-pointer content-center py-3 text-xs font-semibold text-slate-700 sm:min-h-0 sm:py-0">
            {earlier.length} earlier from the same {latest.kind === "chat" ? "visitor" : "person"}
          </summary>
          <ul className="mt-1 space-y-1">
            {earlier.map((lead) => (
              <li key={lead.key} className="flex flex-wrap gap-x-3 text-xs text-slate-700">
                <span>{formatDateTime(lead.at)}</span>
                <span className="min-w-0 flex-1 break-words">
                  {lead.said ? <>&ldquo;{lead.said}&rdquo;</> : "No words yet"}
                </span>
                <Link
                  to={lead.href}
                  className="inline-flex min-h-11 min-w-11 items-center justify-center text-brand-700 underline sm:min-h-0 sm:min-w-0"
                >
                  Open<span className="sr-only"> this {lead.kind === "chat" ? "conversation" : "message"}</span>
                </Link>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}

function OpenEmergencies({
  emergencies,
  dismissed,
}: {
  emergencies: Today["emergencies"];
  dismissed?: Dismissed | null;
}) {
  const { bookings, bookingTotal, leads } = emergencies;
  const none = bookings.length === 0 && leads.groups.length === 0;
  const shownLeads = leads.groups.reduce((n, g) => n + g.keys.length, 0);
  return (
    <Section
      id="dashboard-emergencies"
      title="Open emergencies"
      tone={none ? undefined : "danger"}
      icon={<Siren aria-hidden="true" className={cn("size-5", none ? "text-brand-700" : "text-red-700")} />}
    >
      {dismissed ? (
        <Outcome
          tone={dismissed.ok ? "success" : "destructive"}
          revealKey={dismissed.at ?? dismissed.message}
          className="mb-3"
        >
          {dismissed.message}
        </Outcome>
      ) : null}
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
      {leads.groups.length ? (
        <>
          <ul
            className="mt-2 divide-y divide-slate-100 border-t border-slate-100"
            aria-label="Emergency messages and chats"
          >
            {leads.groups.map((group) => (
              <LeadRow key={group.key} group={group} />
            ))}
          </ul>
          <More
            shown={shownLeads}
            total={leads.total}
            to="/admin/inbox"
            what="emergency messages and chats in the inbox"
          />
        </>
      ) : null}
    </Section>
  );
}

/** The missed calls nobody has called back and no booking followed (docs/product.md#calls). */
function CallsToReturn({ calls }: { calls: Today["calls"] }) {
  return (
    <Section
      id="dashboard-calls"
      title="Calls to return"
      icon={<PhoneMissed aria-hidden="true" className="size-5 text-brand-700" />}
    >
      {calls.calls.length === 0 ? (
        <Empty>Nobody to call back.</Empty>
      ) : (
        <>
          <CallList calls={calls.calls} label="Calls to return" />
          <More
            shown={calls.calls.length}
            total={calls.total}
            to={callsHref({ shown: "to-call-back" })}
            what="calls to return"
          />
        </>
      )}
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

/**
 * A maintenance plan's visits the worker found no open arrival window for near their date (docs/product.md#plans):
 * the office books each one by hand from the customer's record. Shown only when there are any.
 */
function PlanVisitsToPlace({ planVisits }: { planVisits: Today["planVisits"] }) {
  if (!planVisits.visits.length) return null;
  return (
    <Section
      id="dashboard-plan-visits"
      title="Plan visits to place"
      icon={<CalendarX2 aria-hidden="true" className="size-5 text-brand-700" />}
    >
      <p className="mb-1 text-sm text-slate-600">
        No open window near their date: book each from the customer&apos;s record.
      </p>
      <ul className="divide-y divide-slate-100">
        {planVisits.visits.map((v) => (
          <li
            key={v.id}
            className="flex flex-col gap-1 py-2 text-sm sm:flex-row sm:items-baseline sm:gap-3"
            data-plan-visit={v.id}
          >
            <span className="shrink-0 font-semibold text-slate-900 sm:w-40">Due {formatLocalDate(v.dueOn)}</span>
            <span className="min-w-0 flex-1">
              <Link
                to={`/admin/customers/${v.customerId}`}
                prefetch="intent"
                className="inline-flex min-h-11 items-center font-medium text-brand-700 underline hover:text-brand-900 md:min-h-0"
              >
                {v.customerName}
              </Link>
              <span className="block text-slate-900">{v.planName}</span>
              {v.note ? <span className="block text-slate-600">{v.note}</span> : null}
            </span>
          </li>
        ))}
      </ul>
      {planVisits.more ? <p className="mt-2 text-sm text-slate-600">More plan visits wait to be placed.</p> : null}
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

/**
 * The day at the top of the dashboard; `day` is today's date as Baton Rouge reads it, `dismissed` the
 * answer to a Dismiss just posted.
 */
export function TodayBoard({ data, day, dismissed }: { data: Today; day: string; dismissed?: Dismissed | null }) {
  return (
    <div className="space-y-6">
      <OpenEmergencies emergencies={data.emergencies} dismissed={dismissed} />
      <CallsToReturn calls={data.calls} />
      <TodaysVisits today={data.today} day={day} />
      <ToPlace toPlace={data.toPlace} />
      <PlanVisitsToPlace planVisits={data.planVisits} />
      <WeekNumbers week={data.week} />
    </div>
  );
}
