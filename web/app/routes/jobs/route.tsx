import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { business } from "@app/shared/business";
import { WEEKDAYS } from "@app/shared/time";
import { Button } from "~/components/ui/button";
import { Label, NativeSelect } from "~/components/ui/field";
import { Outcome } from "~/components/ui/outcome";
import { accessDeniedBoundary } from "~/features/auth/access-denied";
import { PushToggle } from "~/features/push/push-toggle";
import { announceOnTheWay, setVisitStatus, setWorkingDays, technicianDay } from "~/features/jobs/jobs.server";
import { PHOTO_MAX_BYTES } from "@app/shared/api/job-record";
import { idFrom } from "@app/shared/api/values";
import { onTheWayFormSchema, visitStatusFormSchema, workingDaysFormSchema } from "@app/shared/api/technician-day";
import { answer, firstError, refused, submissionOf } from "~/utils/action.server";
import { requireRole, type SessionUser } from "~/utils/auth.server";
import { discardUploads, formFields, readForm } from "~/utils/form.server";
import { failure } from "@app/shared/result";
import { staffPage } from "~/utils/route-handle";
import { useActionOutcome } from "~/utils/use-action-outcome";
import type { ActionResult } from "~/utils/schema-form";
import { areaOf, openVisitId, shownDay } from "~/features/jobs/day-view";
import { isJobIntent, jobRecordAction, recordsForDay } from "~/features/jobs/job-record-actions.server";
import { visitOfPost, withVisit, type JobsAnswer } from "~/features/jobs/posted-visit.server";
import { VisitCard } from "~/features/jobs/visit-card";
import { isInvoiceIntent } from "~/features/jobs/visit-invoice";
import { invoicesOfVisits, onlinePaymentOn, visitInvoiceAction } from "~/features/jobs/visit-invoice.server";
import { VisitList } from "~/features/jobs/visit-list";

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
  const visits = [...result.value.earlier, ...result.value.days].flatMap((day) => day.visits);
  const [records, invoices] = await Promise.all([
    recordsForDay(context, visits),
    invoicesOfVisits(
      context.services.db,
      visits.map((v) => v.id),
    ),
  ]);
  return {
    ...result.value,
    ...records,
    invoices,
    viewerRole: viewer.role,
    onlinePayment: onlinePaymentOn(context),
    // When the server read this: a post's answer newer than this shows over it (day-view.ts).
    loadedAt: Date.now(),
  };
}

/** Opening another visit (`?visit=`) shows what the page has already: nothing is read again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  // A post, another page, or the same address (a revalidation asked for: photos sent): as Remix would.
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search)
    return defaultShouldRevalidate;
  const others = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("visit");
    params.sort();
    return params.toString();
  };
  return others(currentUrl) === others(nextUrl) ? false : defaultShouldRevalidate;
};

/**
 * `set-status` (bookingId, status: in_progress | completed), `on-the-way` (bookingId, minutes: 15 | 30 | 45 | 60)
 * and `working-days` (days: 0-6, repeated), each checked with its schema (packages/shared/src/api/technician-day.ts);
 * the job record's `job-*` forms (web/app/features/jobs/job-record-actions.server.ts); a visit's invoice's
 * `invoice-send:<id>` and `invoice-payment:<id>` (web/app/features/jobs/visit-invoice.server.ts). Each answer
 * about a visit carries it as it is once the post is done (`view`), so the page shows it at once.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, ["technician", "admin"]);
  // Photos sent without JavaScript stream to disk (utils/form.server.ts), removed once answered.
  const form = await readForm(request, { maxFileBytes: PHOTO_MAX_BYTES });
  try {
    return withVisit(await jobsAction(context, viewer, form), await visitOfPost(context, viewer, form));
  } finally {
    await discardUploads(form);
  }
}

async function jobsAction(context: ActionFunctionArgs["context"], viewer: SessionUser, form: FormData) {
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
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<JobsAnswer>();
  // The visit of the last post stays open until the technician opens another, also once the page's
  // data is read again (photos sent with JavaScript), which drops the post's answer.
  const lastPosted = useActionOutcome<JobsAnswer>();
  const [searchParams] = useSearchParams();
  const { technician, technicians, today, viewerRole, priceBook, onlinePayment } = loaded;
  // The day as it is now: what the page read, with the last post's answer over it when that is newer.
  const { earlier, days, records, invoices, extra } = shownDay(loaded, posted);
  const visits = [...earlier, ...days].flatMap((day) => day.visits);
  const openId = openVisitId(extra ? [...visits, extra] : visits, today, {
    posted: lastPosted?.bookingId,
    requested: idFrom(searchParams.get("visit")),
  });
  const open = openId === null ? null : (visits.find((v) => v.id === openId) ?? extra);
  // An answer the open card does not show (working days show theirs; a visit no longer listed): at the top.
  const elsewhere =
    posted &&
    posted.intent !== "working-days" &&
    (areaOf(posted.intent) === null || posted.bookingId === undefined || posted.bookingId !== open?.id);
  useFocusOnOpen(openId);

  return (
    <div className="min-h-full bg-slate-50">
      <div className="mx-auto max-w-2xl px-3 py-5 sm:px-6 sm:py-8 md:max-w-6xl">
        <h1 className="text-2xl font-bold text-slate-900">
          {viewerRole === "technician" ? "My Jobs" : technician ? `Jobs for ${technician.name}` : "Technicians' days"}
        </h1>
        <PushToggle audience={viewerRole === "admin" ? "admin" : "technician"} className="mt-4" />
        {viewerRole === "admin" ? <TechnicianPicker technicians={technicians} chosen={technician?.id} /> : null}

        {elsewhere ? (
          <Outcome tone={posted.ok ? "success" : "destructive"} revealKey={posted.at} className="mt-4">
            {posted.message}
          </Outcome>
        ) : null}

        {technician ? (
          // A phone: the open visit, then the list. From 768 px: the open visit beside the list.
          <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[minmax(0,1fr)_20rem] md:items-start">
            <div className="min-w-0">
              {open ? (
                <VisitCard
                  key={open.id}
                  visit={open}
                  record={records[open.id]}
                  invoice={invoices[open.id]}
                  priceBook={priceBook}
                  posted={posted?.bookingId === open.id ? posted : undefined}
                  onlinePayment={onlinePayment}
                  today={today}
                />
              ) : (
                <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">
                  No visits today or in the coming days.
                </p>
              )}
            </div>
            <div className="md:sticky md:top-24">
              <VisitList earlier={earlier} today={today} days={days} openId={openId} />
            </div>
          </div>
        ) : null}
        {viewerRole === "technician" && technician ? (
          <WorkingDays days={technician.workingDays} posted={posted?.intent === "working-days" ? posted : undefined} />
        ) : null}
      </div>
    </div>
  );
}

/**
 * Another visit opened from the list (with JavaScript): its title takes focus, so a screen reader
 * reads it and the keyboard goes on from there. Not on the page's first showing.
 */
function useFocusOnOpen(openId: number | null) {
  const shown = useRef(openId);
  useEffect(() => {
    if (shown.current === openId) return;
    shown.current = openId;
    if (openId !== null) document.getElementById(`visit-${openId}`)?.focus({ preventScroll: true });
  }, [openId]);
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

/** The weekdays this technician works; a window counts them only on those days. */
function WorkingDays({ days, posted }: { days: number[]; posted?: ActionResult }) {
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
      {posted ? (
        <Outcome tone={posted.ok ? "success" : "destructive"} revealKey={posted.at} className="mt-3">
          {posted.message}
        </Outcome>
      ) : null}
    </section>
  );
}
