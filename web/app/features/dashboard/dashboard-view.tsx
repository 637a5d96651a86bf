/** /dashboard's page (docs/product.md#dashboard): today, the quick links, the money, the plans' figures, statistics, the audit log and the calendar feed. */
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  CalendarDays,
  CalendarX2,
  ClipboardList,
  Inbox,
  List,
  LogOut,
  PhoneCall,
  PhoneMissed,
  ShieldCheck,
  Tags,
  Users,
  type LucideIcon,
} from "lucide-react";
import { Button, buttonVariants } from "~/components/ui/button";
import { AdminPageHeader } from "~/components/staff/staff-frame";
import { AdminShell } from "~/features/live/admin-shell";
import { AuditLogSection, CalendarFeedSection } from "./dashboard-records";
import { TodayBoard } from "./today-view";
import { DISMISS_INTENT } from "./dashboard-intents";
import { PushToggle } from "~/features/push/push-toggle";
import { cn } from "~/utils/cn";
import { useActionOutcome } from "~/utils/use-action-outcome";
import { MoneySection } from "~/features/reports/money-section";
import { PlansSection } from "~/features/reports/plans-section";
import type { dashboardAction } from "./dashboard-actions.server";
import type { dashboardLoader } from "./dashboard-page.server";

const quickLinks: Array<{ to: string; label: string; hint: string; icon: LucideIcon }> = [
  { to: "/admin/users", label: "Manage Users", hint: "Roles and accounts", icon: Users },
  { to: "/admin/bookings", label: "Manage Bookings", hint: "Create and update visits", icon: ClipboardList },
  { to: "/admin/calendar", label: "Calendar View", hint: "The month at a glance", icon: CalendarDays },
  { to: "/admin/inbox", label: "Inbox", hint: "Contact messages and chats", icon: Inbox },
  { to: "/admin/calls", label: "Calls", hint: "Missed calls to return", icon: PhoneMissed },
  { to: "/admin/on-call", label: "On Call", hint: "Who takes emergencies, staff phones", icon: PhoneCall },
  { to: "/admin/closures", label: "Closed Days", hint: "Holidays and other days off", icon: CalendarX2 },
  { to: "/admin/price-book", label: "Price Book", hint: "Prices and sales tax", icon: Tags },
  { to: "/admin/plans", label: "Plans", hint: "Maintenance plans and members", icon: ShieldCheck },
];

export function DashboardPage() {
  const { admin, today, day, stats, audit, feedUrl, money, plans, thisMonth, monthError } =
    useLoaderData<typeof dashboardLoader>();
  // Kept through the live reloads its own post sets off (every staff page hears a dismissal).
  const posted = useActionOutcome<typeof dashboardAction>();
  const u = stats.users;
  const b = stats.bookings;
  return (
    <AdminShell>
      <AdminPageHeader
        title="Admin Dashboard"
        description={
          <>
            Signed in as {admin.firstName} {admin.lastName} ({admin.email})
          </>
        }
        actions={
          <Form method="post" action="/logout">
            <Button type="submit" variant="outline">
              <LogOut aria-hidden="true" />
              Logout
            </Button>
          </Form>
        }
      />

      <PushToggle audience="admin" className="mb-6" />

      <TodayBoard data={today} day={day} dismissed={posted?.intent === DISMISS_INTENT ? posted : null} />

      <nav aria-label="Admin" className="mt-8 grid gap-3 sm:grid-cols-3">
        {quickLinks.map(({ to, label, hint, icon: Icon }) => (
          <Link
            key={label}
            to={to}
            prefetch="intent"
            className="group flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50"
          >
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span className="min-w-0">
              <span className="block font-semibold text-slate-900">{label}</span>
              <span aria-hidden="true" className="block text-sm text-slate-600">
                {hint}
              </span>
            </span>
          </Link>
        ))}
      </nav>

      <MoneySection report={money} thisMonth={thisMonth} monthError={monthError} />

      <PlansSection figures={plans} />

      <StatsSection
        id="bookings-stats"
        title="Bookings"
        action={
          <Link to="/admin/bookings" prefetch="intent" className={buttonVariants({ variant: "outline", size: "sm" })}>
            <List aria-hidden="true" />
            View All Bookings
          </Link>
        }
        stats={[
          { label: "Total bookings", value: b.total },
          { label: "This week", value: b.thisWeek, hint: "Scheduled Sunday to Saturday" },
          {
            label: "Pending",
            value: b.pending,
            hint: "Requests awaiting a time or a technician",
            to: "/admin/bookings?status=pending",
            tone: b.pending > 0 ? "attention" : undefined,
          },
          { label: "Completed", value: b.completed, to: "/admin/bookings?status=completed" },
        ]}
      />

      <StatsSection
        id="users-stats"
        title="Users"
        stats={[
          { label: "Total users", value: u.total },
          { label: "Active this week", value: u.activeThisWeek, hint: "Signed in within 7 days" },
          { label: "Admins", value: u.admins },
          { label: "Technicians", value: u.technicians },
          { label: "Customers", value: u.customers },
        ]}
      />

      <AuditLogSection entries={audit} />
      <CalendarFeedSection url={feedUrl} posted={posted?.intent?.startsWith("calendar-feed") ? posted : null} />
    </AdminShell>
  );
}

interface Stat {
  label: string;
  value: number;
  hint?: string;
  to?: string;
  tone?: "attention";
}

const numberFmt = new Intl.NumberFormat("en-US");

function StatsSection({ id, title, stats, action }: { id: string; title: string; stats: Stat[]; action?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      <dl
        className={cn("grid grid-cols-2 gap-3", stats.length > 4 ? "sm:grid-cols-3 lg:grid-cols-5" : "sm:grid-cols-4")}
      >
        {stats.map((stat) => (
          <div
            key={stat.label}
            className={cn(
              "relative flex flex-col rounded-xl border bg-white p-4 shadow-sm",
              stat.tone === "attention" ? "border-amber-300" : "border-slate-200",
              stat.to && "hover:border-brand-300",
            )}
          >
            <dt className="order-1 text-sm font-medium text-slate-600">
              {stat.to ? (
                <Link
                  to={stat.to}
                  prefetch="intent"
                  className="after:absolute after:inset-0 after:rounded-xl hover:underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center"
                >
                  {stat.label}
                </Link>
              ) : (
                stat.label
              )}
            </dt>
            <dd className="order-2 mt-1 text-3xl font-bold tabular-nums text-slate-900">
              {numberFmt.format(stat.value)}
            </dd>
            {stat.hint ? <dd className="order-3 mt-1 text-xs text-slate-600">{stat.hint}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}
