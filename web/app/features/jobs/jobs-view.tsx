import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { WEEKDAYS } from "@app/shared/time";
import { idFrom } from "@app/shared/api/values";
import { Button } from "~/components/ui/button";
import { Label, NativeSelect } from "~/components/ui/field";
import { Outcome } from "~/components/ui/outcome";
import { PushToggle } from "~/features/push/push-toggle";
import type { ActionResult } from "~/utils/schema-form";
import { useActionOutcome } from "~/utils/use-action-outcome";
import { areaOf, openVisitId, shownDay } from "./day-view";
import { WORKING_DAYS_INTENT } from "./jobs-intents";
import type { jobsLoader } from "./jobs-page.server";
import type { JobsAnswer } from "./posted-visit.server";
import { VisitCard } from "./visit-card";
import { VisitList } from "./visit-list";

/**
 * The page at /jobs (docs/product.md#technicians-day): a technician's day, or the chosen
 * technician's for an admin; the open visit beside the list, and the technician's working days.
 */
export function JobsView() {
  const loaded = useLoaderData<typeof jobsLoader>();
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
    posted.intent !== WORKING_DAYS_INTENT &&
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
          <WorkingDays
            days={technician.workingDays}
            posted={posted?.intent === WORKING_DAYS_INTENT ? posted : undefined}
          />
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
        <input type="hidden" name="intent" value={WORKING_DAYS_INTENT} />
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
