import type { JobRecordView } from "@app/shared/job-record/job-record.server";
import type { JobsDay, Visit } from "./jobs.server";
import type { VisitInvoice } from "./visit-invoice";
import { isInvoiceIntent, JOB_INTENTS, ON_THE_WAY_INTENT, SET_STATUS_INTENT } from "./jobs-intents";

/**
 * What /jobs shows (docs/product.md#technicians-day), worked out the same way on the server's page
 * and in the browser: which visit is open, the status a visit shows, and the day's data with the
 * last post's answer laid over it until the page's data is read again.
 */

/** One visit as a post's answer carries it (web/app/features/jobs/posted-visit.server.ts). */
export interface VisitView {
  visit: Visit;
  record: JobRecordView | null;
  invoice: VisitInvoice | null;
}

/** The page's data about the visits, and when the server read it (ms). */
export interface DayData {
  earlier: JobsDay[];
  days: JobsDay[];
  records: Record<number, JobRecordView>;
  invoices: Record<number, VisitInvoice>;
  loadedAt: number;
}

/** What the page reads of a post's answer: when it was answered, its visit, and that visit as it is now. */
export interface PostedAnswer {
  at: number;
  bookingId?: number | null;
  view?: VisitView | null;
}

/** The status a visit shows: "On the way" is a pending visit whose customer was told the technician is coming. */
export type ShownStatus = Visit["status"] | "on_the_way";

export const shownStatus = (visit: Pick<Visit, "status" | "onTheWay">): ShownStatus =>
  visit.status === "pending" && visit.onTheWay ? "on_the_way" : visit.status;

export const shownStatusLabels: Record<ShownStatus, string> = {
  pending: "Pending",
  on_the_way: "On the way",
  in_progress: "In progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

/**
 * The day's data as it is now: the loader's, with the visit of the last post's answer in its place
 * when the answer is the newer of the two (a post's answer comes before the page's data is read
 * again, and the page never shows the older). `extra` is that visit when the day does not list it
 * (cancelled meanwhile, or moved off these days): the page still shows it, as it now is.
 */
export function shownDay<Data extends DayData>(
  data: Data,
  posted?: PostedAnswer | null,
): Data & { extra: Visit | null } {
  const view = posted?.view && posted.at > data.loadedAt ? posted.view : null;
  if (!view) return { ...data, extra: null };
  const { visit } = view;
  const replace = (days: JobsDay[]) =>
    days.map((day) => ({ ...day, visits: day.visits.map((v) => (v.id === visit.id ? visit : v)) }));
  const listed = [...data.earlier, ...data.days].some((day) => day.visits.some((v) => v.id === visit.id));
  const records = { ...data.records };
  if (view.record) records[visit.id] = view.record;
  const invoices = { ...data.invoices };
  if (view.invoice) invoices[visit.id] = view.invoice;
  else delete invoices[visit.id];
  return {
    ...data,
    earlier: replace(data.earlier),
    days: replace(data.days),
    records,
    invoices,
    extra: listed ? null : visit,
  };
}

/**
 * The one visit shown open: the one a post was just about, else the one asked for (`?visit=`),
 * else the one the technician is on (in progress), else the next still to do from today on, else
 * one still pending from an earlier day, else (nothing left to do) the last one completed, whose
 * invoice may be collected; null when the page lists no visit.
 * `visits` are in the page's order (earlier days, today, the coming days).
 */
export function openVisitId(
  visits: Visit[],
  today: string,
  { posted, requested }: { posted?: number | null; requested?: number | null },
): number | null {
  const shown = (id: number | null | undefined): id is number => id != null && visits.some((v) => v.id === id);
  if (shown(posted)) return posted;
  if (shown(requested)) return requested;
  return (
    visits.find((v) => v.status === "in_progress")?.id ??
    visits.find((v) => v.status === "pending" && v.date >= today)?.id ??
    visits.find((v) => v.status === "pending")?.id ??
    visits.findLast((v) => v.status === "completed")?.id ??
    null
  );
}

/** Where in a visit's card a post's answer shows: beside the form that was sent. */
export type AnswerArea = "status" | "record" | "items" | "photos" | "invoice";

export function areaOf(intent: string | null | undefined): AnswerArea | null {
  if (!intent) return null;
  if (intent === SET_STATUS_INTENT || intent === ON_THE_WAY_INTENT) return "status";
  // A job record's form answers under `<intent>:<visit id>` (job-record.tsx).
  const recordForm = intent.slice(0, intent.lastIndexOf(":"));
  if (recordForm === JOB_INTENTS.record) return "record";
  if (recordForm === JOB_INTENTS.itemAdd || recordForm === JOB_INTENTS.itemRemove) return "items";
  if (recordForm === JOB_INTENTS.photos || recordForm === JOB_INTENTS.photoRemove) return "photos";
  if (isInvoiceIntent(intent)) return "invoice";
  return null;
}
