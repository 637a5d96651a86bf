/** /admin/closures' page (docs/product.md#closed-days): the closed days from today, the visits already on each, add and remove one. */
import { CLOSURE_INTENTS } from "./closures-intents";
import { getFormProps } from "@conform-to/react";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CalendarX2 } from "lucide-react";
import { newClosureSchema } from "@app/shared/api/scheduling";
import { formatLocalDate, formatTime } from "@app/shared/time";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { AdminPageHeader } from "~/components/staff/staff-frame";
import { AdminShell } from "~/features/live/admin-shell";
import { PriorityBadge, StatusBadge } from "~/components/staff/badges";
import type { ClosureListing } from "./closed-days.server";
import { useSchemaForm, type ActionResult } from "~/utils/schema-form";
import { useActionOutcome } from "~/utils/use-action-outcome";
import type { closuresLoader } from "./closed-days.server";

export function ClosuresPage() {
  const { today, closures } = useLoaderData<typeof closuresLoader>();
  // Kept through the live reloads of the visits until the next navigation.
  const posted = useActionOutcome<ActionResult>();
  return (
    <AdminShell>
      <AdminPageHeader
        back={{ to: "/dashboard", label: "Back to Dashboard" }}
        title="Closed Days"
        description="Customers are offered no arrival windows on a closed day: not in the chat, the booking forms, their links or the API. Emergencies are still taken, and staff can still book a visit at an exact time."
      />
      {posted ? (
        <Alert tone={posted.ok ? "success" : "destructive"} role={posted.ok ? "status" : "alert"} className="mb-4">
          {posted.message}
        </Alert>
      ) : null}
      <AddClosureForm today={today} posted={posted} />
      <section aria-labelledby="closures-heading" className="mt-6">
        <h2 id="closures-heading" className="mb-3 text-lg font-bold text-slate-900">
          Upcoming closed days
        </h2>
        {closures.length === 0 ? (
          <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-600">
            No closed days ahead.
          </p>
        ) : (
          <ul className="grid gap-3">
            {closures.map((closure) => (
              <ClosureItem key={closure.date} closure={closure} />
            ))}
          </ul>
        )}
      </section>
    </AdminShell>
  );
}

/** Close a day: the date (today or later) and why; refusals show beside the fields. */
function AddClosureForm({ today, posted }: { today: string; posted?: ActionResult }) {
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === CLOSURE_INTENTS.add;
  const [form, fields] = useSchemaForm(newClosureSchema, {
    id: "add-closure",
    lastResult: posted?.intent === CLOSURE_INTENTS.add ? posted.result : undefined,
  });
  return (
    <section aria-labelledby="add-closure-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="add-closure-heading" className="mb-3 text-lg font-bold text-slate-900">
        Close a day
      </h2>
      <Form
        method="post"
        {...getFormProps(form)}
        className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-start"
      >
        <input type="hidden" name="intent" value={CLOSURE_INTENTS.add} />
        <TextField field={fields.date} label="Date" type="date" min={today} />
        <TextField field={fields.reason} label="Reason" placeholder="Staff training" />
        <Button type="submit" disabled={adding} className="sm:mt-6">
          <CalendarX2 aria-hidden="true" />
          {adding ? "Closing..." : "Close this day"}
        </Button>
      </Form>
    </section>
  );
}

function ClosureItem({ closure }: { closure: ClosureListing }) {
  const day = formatLocalDate(closure.date);
  const headingId = `closure-${closure.date}`;
  return (
    <li data-closure={closure.date} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="font-semibold text-slate-900">
            {day}: {closure.reason}
          </h3>
          {closure.holiday ? (
            <Badge variant="secondary">Holiday</Badge>
          ) : (
            <p className="text-sm text-slate-600">Added by {closure.addedBy?.name ?? "a former staff member"}</p>
          )}
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value={CLOSURE_INTENTS.remove} />
          <input type="hidden" name="date" value={closure.date} />
          <Button type="submit" variant="outline" size="sm">
            Remove<span className="sr-only"> the closure on {day}</span>
          </Button>
        </Form>
      </div>
      <ClosureVisits closure={closure} day={day} />
    </li>
  );
}

/** The visits already on a closed day, for the office to move (each links to its booking's page). */
function ClosureVisits({ closure, day }: { closure: ClosureListing; day: string }) {
  if (closure.visits.length === 0) return <p className="mt-2 text-sm text-slate-600">No visits on this day.</p>;
  return (
    <div className="mt-3">
      <p className="text-sm font-medium text-amber-900">
        {closure.visits.length === 1 ? "1 visit" : `${closure.visits.length} visits`} on this day to move:
      </p>
      <ul aria-label={`Visits on ${day}`} className="mt-1 divide-y divide-slate-100">
        {closure.visits.map((v) => (
          <li key={v.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
            <Link to={`/admin/bookings/${v.id}`} className="font-semibold text-brand-700 underline">
              #{v.id}
            </Link>
            <span className="text-slate-900">{v.customerName}</span>
            <span className="text-slate-700">{formatTime(v.scheduledDate)}</span>
            <span className="text-slate-700">{v.technicianName ?? "Unassigned"}</span>
            <span className="text-slate-600">{v.summary}</span>
            {v.priority === "emergency" ? <PriorityBadge priority={v.priority} /> : null}
            <StatusBadge status={v.status} />
          </li>
        ))}
      </ul>
    </div>
  );
}
