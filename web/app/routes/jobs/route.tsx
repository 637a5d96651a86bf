import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MapPin, Phone } from "lucide-react";
import { business } from "@app/shared/business";
import { ON_THE_WAY_MINUTES } from "@app/shared/booking/visits";
import { nextStatuses } from "@app/shared/booking/visit-status";
import { formatLocalDate, WEEKDAYS } from "@app/shared/time";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Label, NativeSelect } from "~/components/ui/field";
import { PriorityBadge, StatusBadge } from "~/features/admin/badges";
import { telHref } from "~/features/admin/format";
import { accessDeniedBoundary } from "~/features/auth/access-denied";
import { cn } from "~/utils/cn";
import { PushToggle } from "~/features/push/push-toggle";
import {
  announceOnTheWay,
  setVisitStatus,
  setWorkingDays,
  technicianDay,
  type Visit,
} from "~/features/jobs/jobs.server";
import { onTheWayFormSchema, visitStatusFormSchema, workingDaysFormSchema } from "@app/shared/api/technician-day";
import { answer, firstError, refused, submissionOf } from "~/utils/action.server";
import { requireRole } from "~/utils/auth.server";
import { formFields, readForm } from "~/utils/form.server";
import { failure } from "@app/shared/result";
import { staffPage } from "~/utils/route-handle";
import { JobRecordSection } from "~/features/jobs/job-record";
import { isJobIntent, jobRecordAction, recordsForDay } from "~/features/jobs/job-record-actions.server";
import { isInvoiceIntent, VisitInvoiceSection } from "~/features/jobs/visit-invoice";
import { invoicesOfVisits, visitInvoiceAction } from "~/features/jobs/visit-invoice.server";

export const handle = staffPage;

export const meta: MetaFunction = () => [
  { title: `My Jobs | ${business.name}` },
  { name: "robots", content: "noindex" },
];

/** Technicians see their own day; admins any technician's (`?technician=ID`). Customers are refused. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, ["technician", "admin"]);
  const result = await technicianDay(context, viewer, new URL(request.url).searchParams.get("technician"));
  if (!result.ok) throw new Response(result.message, { status: result.status });
  const visits = result.value.days.flatMap((day) => day.visits);
  const [records, invoices] = await Promise.all([
    recordsForDay(context, visits),
    invoicesOfVisits(
      context.services.db,
      visits.map((v) => v.id),
    ),
  ]);
  return { ...result.value, ...records, invoices, viewerRole: viewer.role };
}

/**
 * `set-status` (bookingId, status: in_progress | completed), `on-the-way` (bookingId, minutes: 15 | 30 | 45 | 60)
 * and `working-days` (days: 0-6, repeated), each checked with its schema (packages/shared/src/api/jobs.ts);
 * the job record's `job-*` forms (web/app/features/jobs/job-record-actions.server.ts); a visit's invoice's
 * `invoice-send:<id>` and `invoice-payment:<id>` (web/app/features/jobs/visit-invoice.server.ts).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, ["technician", "admin"]);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (isJobIntent(intent)) return jobRecordAction(context, viewer, form, intent);
  if (isInvoiceIntent(intent)) return visitInvoiceAction(context, viewer, form, intent);
  switch (intent) {
    case "set-status": {
      const submission = submissionOf(form, visitStatusFormSchema);
      if (submission.status !== "success")
        return refused(submission, { intent: "set-status", message: firstError(submission) });
      return answer(submission, await setVisitStatus(context, viewer, formFields(form)), { intent: "set-status" });
    }
    case "on-the-way": {
      const submission = submissionOf(form, onTheWayFormSchema);
      if (submission.status !== "success")
        return refused(submission, { intent: "on-the-way", message: firstError(submission) });
      return answer(submission, await announceOnTheWay(context, viewer, formFields(form)), { intent: "on-the-way" });
    }
    case "working-days": {
      const submission = submissionOf(form, workingDaysFormSchema);
      if (submission.status !== "success")
        return refused(submission, { intent: "working-days", message: "Choose days of the week" });
      return answer(submission, await setWorkingDays(context, viewer, form.getAll("days")), { intent: "working-days" });
    }
    default:
      return answer(null, failure(400, "Unknown action. Please reload the page and try again."));
  }
}

export const ErrorBoundary = accessDeniedBoundary("This page is for technicians and admins.");

export default function JobsPage() {
  const { technician, technicians, days, today, viewerRole } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const [first, ...coming] = days;
  const upcoming = coming.filter((d) => d.visits.length > 0);

  return (
    <div className="min-h-full bg-slate-50">
      <div className="mx-auto max-w-2xl px-3 py-5 sm:px-6 sm:py-8">
        <h1 className="text-2xl font-bold text-slate-900">
          {viewerRole === "technician" ? "My Jobs" : technician ? `Jobs for ${technician.name}` : "Technicians' days"}
        </h1>
        <PushToggle audience={viewerRole === "admin" ? "admin" : "technician"} className="mt-4" />
        {viewerRole === "admin" ? <TechnicianPicker technicians={technicians} chosen={technician?.id} /> : null}

        {/* A visit's invoice answers beside its own forms. */}
        {posted && !isInvoiceIntent(posted.intent) ? (
          <Alert tone={posted.ok ? "success" : "destructive"} role={posted.ok ? "status" : "alert"} className="mt-4">
            {posted.message}
          </Alert>
        ) : null}

        {technician && first ? (
          <>
            <section aria-labelledby="today-heading" className="mt-6">
              <h2 id="today-heading" className="text-lg font-semibold text-slate-900">
                Today, {formatLocalDate(today)}
              </h2>
              <VisitList visits={first.visits} empty="No visits today." />
            </section>
            <section aria-labelledby="coming-heading" className="mt-8">
              <h2 id="coming-heading" className="text-lg font-semibold text-slate-900">
                Coming days
              </h2>
              {upcoming.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">Nothing scheduled in the coming days.</p>
              ) : (
                upcoming.map((day) => (
                  <section key={day.date} aria-label={formatLocalDate(day.date)} className="mt-4">
                    <h3 className="font-medium text-slate-800">{formatLocalDate(day.date)}</h3>
                    <VisitList visits={day.visits} empty="" />
                  </section>
                ))
              )}
            </section>
            {viewerRole === "technician" ? <WorkingDays days={technician.workingDays} /> : null}
          </>
        ) : null}
      </div>
    </div>
  );
}

function TechnicianPicker({
  technicians,
  chosen,
}: {
  technicians: Array<{ id: number; name: string }>;
  chosen?: number;
}) {
  if (technicians.length === 0) return <p className="mt-4 text-slate-700">There are no active technicians.</p>;
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
      <div className="space-y-1">
        <Label htmlFor="technician">Technician</Label>
        <NativeSelect id="technician" name="technician" defaultValue={chosen ?? ""} className="h-11 min-w-48">
          {chosen ? null : <option value="">Choose a technician</option>}
          {technicians.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" variant="outline" className="h-11">
        Show day
      </Button>
    </Form>
  );
}

function VisitList({ visits, empty }: { visits: Visit[]; empty: string }) {
  if (visits.length === 0) return empty ? <p className="mt-2 text-sm text-slate-600">{empty}</p> : null;
  return (
    <ol className="mt-3 grid gap-3">
      {visits.map((visit) => (
        <li key={visit.id}>
          <VisitCard visit={visit} />
        </li>
      ))}
    </ol>
  );
}

function VisitCard({ visit }: { visit: Visit }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("bookingId") === String(visit.id);
  const headingId = `visit-${visit.id}`;
  // The technician's one next step, from the visit's state machine (pending → in progress → completed).
  const step = nextStatuses("technician", visit.status)[0];
  const next = step ? { status: step, label: step === "in_progress" ? "Start visit" : "Mark completed" } : null;
  return (
    <article
      aria-labelledby={headingId}
      className={
        visit.priority === "emergency" && visit.status !== "completed"
          ? "rounded-xl border border-red-300 bg-white p-4 shadow-sm"
          : "rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      }
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          {/* "between 4 PM and 6 PM" reads "Between 4 PM and 6 PM": its first letter only (not `capitalize`, every word). */}
          <p className="text-sm font-semibold text-brand-800 first-letter:uppercase">{visit.when}</p>
          <h4 id={headingId} className="mt-0.5 text-base font-semibold text-slate-900 wrap-anywhere">
            {visit.summary} <span className="font-mono text-sm font-normal text-slate-600">#{visit.id}</span>
          </h4>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <PriorityBadge priority={visit.priority} />
          <StatusBadge status={visit.status} />
        </div>
      </div>
      <p className="mt-2 font-medium text-slate-900 wrap-anywhere">{visit.customerName}</p>
      {/* One column on a phone, two from `sm`; a long address wraps inside its button (and a long word breaks) rather than widen the page. */}
      <div className="mt-2 grid grid-cols-[minmax(0,1fr)] gap-2 sm:grid-cols-2">
        <a href={telHref(visit.phone)} className={cn(buttonVariants({ variant: "outline" }), "h-11 justify-start")}>
          <Phone aria-hidden="true" />
          {visit.phone}
        </a>
        {visit.address && visit.mapUrl ? (
          <a
            href={visit.mapUrl}
            target="_blank"
            rel="noreferrer"
            className={cn(
              buttonVariants({ variant: "outline" }),
              "h-auto min-h-11 justify-start whitespace-normal py-2 text-left wrap-anywhere",
            )}
          >
            <MapPin aria-hidden="true" />
            {visit.address}
            <span className="sr-only"> (opens a map)</span>
          </a>
        ) : (
          <p className="self-center text-sm text-slate-600">No address given: call the customer.</p>
        )}
      </div>
      {visit.details ? (
        <p className="mt-3 whitespace-pre-line text-sm text-slate-700 wrap-anywhere">{visit.details}</p>
      ) : null}
      <OnTheWay visit={visit} busy={busy} />
      {next ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="set-status" />
          <input type="hidden" name="bookingId" value={visit.id} />
          <input type="hidden" name="status" value={next.status} />
          <Button type="submit" className="h-11 w-full sm:w-auto" disabled={busy}>
            {next.label}
            <span className="sr-only"> (visit #{visit.id})</span>
          </Button>
        </Form>
      ) : null}
      <VisitRecord visitId={visit.id} />
      <VisitInvoice visitId={visit.id} />
    </article>
  );
}

/** The visit's job record (docs/product.md#job-record), from the page's data. */
function VisitRecord({ visitId }: { visitId: number }) {
  const { records, priceBook } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const record = records[visitId];
  return record ? <JobRecordSection record={record} priceBook={priceBook} posted={posted} /> : null;
}

/** The visit's invoice once there is one (drafted when the visit is completed): send it, collect a payment. */
function VisitInvoice({ visitId }: { visitId: number }) {
  const { invoices } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const invoice = invoices[visitId];
  return invoice ? <VisitInvoiceSection invoice={invoice} posted={posted} /> : null;
}

/** "On my way": emails the customer once, with the minutes chosen; afterwards says when they were told. */
function OnTheWay({ visit, busy }: { visit: Visit; busy: boolean }) {
  if (visit.onTheWay)
    return (
      <p className="mt-3 text-sm text-slate-700">
        Customer told at {visit.onTheWay.at} that you&apos;re on the way (about {visit.onTheWay.minutes} minutes).
      </p>
    );
  if (visit.status !== "pending" || !visit.emailCustomer) return null;
  const selectId = `eta-${visit.id}`;
  return (
    <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="on-the-way" />
      <input type="hidden" name="bookingId" value={visit.id} />
      <div className="space-y-1">
        <Label htmlFor={selectId}>Arriving in about</Label>
        <NativeSelect id={selectId} name="minutes" defaultValue="30" className="h-11 min-w-32">
          {ON_THE_WAY_MINUTES.map((m) => (
            <option key={m} value={m}>
              {m} minutes
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" variant="outline" className="h-11" disabled={busy}>
        On my way
        <span className="sr-only"> (visit #{visit.id})</span>
      </Button>
    </Form>
  );
}

/** The weekdays this technician works; a window counts them only on those days. */
function WorkingDays({ days }: { days: number[] }) {
  return (
    <section aria-labelledby="working-days-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="working-days-heading" className="text-lg font-semibold text-slate-900">
        My working days
      </h2>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="working-days" />
        <fieldset>
          <legend className="text-sm text-slate-700">Customers can book you on these days.</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {WEEKDAYS.map((name, i) => (
              <label key={name} className="flex min-h-11 items-center gap-2 rounded-md border border-slate-200 px-3">
                <input type="checkbox" name="days" value={i} defaultChecked={days.includes(i)} className="size-5" />
                {name}
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" variant="outline" className="mt-3 h-11">
          Save working days
        </Button>
      </Form>
    </section>
  );
}
