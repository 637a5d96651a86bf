import { Form, useNavigation } from "@remix-run/react";
import { MapPin, Phone } from "lucide-react";
import { ON_THE_WAY_MINUTES } from "@app/shared/booking/visits";
import { nextStatuses } from "@app/shared/booking/visit-status";
import type { JobRecordView } from "@app/shared/job-record/job-record.server";
import { formatLocalDay } from "@app/shared/time";
import { buttonVariants, Button } from "~/components/ui/button";
import { Label, NativeSelect } from "~/components/ui/field";
import { PriorityBadge } from "~/components/staff/badges";
import { telHref } from "~/components/staff/format";
import { cn } from "~/utils/cn";
import type { ActionResult } from "~/utils/schema-form";
import { areaOf } from "./day-view";
import { AnswerHere, JobRecordSection, type PriceChoice } from "./job-record";
import type { Visit } from "./jobs.server";
import { VisitInvoiceSection, type VisitInvoice } from "./visit-invoice";
import { VisitStatusBadge } from "./visit-status-badge";
import { ON_THE_WAY_INTENT, SET_STATUS_INTENT } from "./jobs-intents";

/** The id the open visit's card has: `?visit=ID#open-visit` brings it into view without JavaScript. */
export const OPEN_VISIT_ID = "open-visit";

/**
 * The open visit on /jobs (docs/product.md#technicians-day): when, what, who and where, the
 * technician's next step (On my way, Start visit, Mark completed), the job record and the invoice.
 * `posted` is the page's last answer when it was about this visit: it shows beside the form sent.
 */
export function VisitCard({
  visit,
  record,
  invoice,
  priceBook,
  posted,
  onlinePayment,
  today,
}: {
  visit: Visit;
  record: JobRecordView | undefined;
  invoice: VisitInvoice | undefined;
  priceBook: PriceChoice[];
  posted?: ActionResult;
  onlinePayment: boolean;
  today: string;
}) {
  const navigation = useNavigation();
  // Only while the post is on its way: its answer already says what the visit is now.
  const busy = navigation.state === "submitting" && navigation.formData?.get("bookingId") === String(visit.id);
  const headingId = `visit-${visit.id}`;
  const area = areaOf(posted?.intent);
  // The technician's one next step, from the visit's state machine (pending → in progress → completed).
  const step = nextStatuses("technician", visit.status)[0];
  const next = step ? { status: step, label: step === "in_progress" ? "Start visit" : "Mark completed" } : null;
  return (
    <article
      id={OPEN_VISIT_ID}
      aria-labelledby={headingId}
      className={cn(
        "scroll-mt-24 rounded-xl border bg-white p-4 shadow-sm",
        visit.priority === "emergency" && visit.status !== "completed" ? "border-red-300" : "border-slate-200",
      )}
    >
      {/* "between 4 PM and 6 PM" reads "Between 4 PM and 6 PM": its first letter only (not `capitalize`, every word).
          Another day's visit says its day first ("Friday, November 27, between 4 PM and 6 PM"). */}
      <p className="text-sm font-semibold text-brand-800 first-letter:uppercase">
        {visit.date === today ? visit.when : `${formatLocalDay(visit.date)}, ${visit.when}`}
      </p>
      <h2
        id={headingId}
        tabIndex={-1}
        className="mt-0.5 text-lg font-semibold text-slate-900 wrap-anywhere focus:outline-none"
      >
        {visit.summary} <span className="font-mono text-sm font-normal text-slate-600">#{visit.id}</span>
      </h2>
      <div className="mt-1.5 flex flex-wrap gap-1.5">
        <PriorityBadge priority={visit.priority} />
        <VisitStatusBadge visit={visit} />
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
          <input type="hidden" name="intent" value={SET_STATUS_INTENT} />
          <input type="hidden" name="bookingId" value={visit.id} />
          <input type="hidden" name="status" value={next.status} />
          <Button type="submit" className="h-11 w-full sm:w-auto" disabled={busy}>
            {next.label}
            <span className="sr-only"> (visit #{visit.id})</span>
          </Button>
        </Form>
      ) : null}
      {area === "status" && posted ? <AnswerHere posted={posted} /> : null}
      {record ? <JobRecordSection record={record} priceBook={priceBook} posted={posted} /> : null}
      {invoice ? (
        <VisitInvoiceSection
          invoice={invoice}
          posted={area === "invoice" ? posted : undefined}
          onlinePayment={onlinePayment}
          today={today}
        />
      ) : null}
    </article>
  );
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
      <input type="hidden" name="intent" value={ON_THE_WAY_INTENT} />
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
