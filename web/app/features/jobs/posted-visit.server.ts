import { data, type AppLoadContext } from "@remix-run/node";
import { idFrom } from "@app/shared/api/values";
import { jobRecordsOf } from "@app/shared/job-record/job-record.server";
import type { SessionUser } from "~/utils/auth.server";
import type { ActionResult } from "~/utils/schema-form";
import type { VisitView } from "./day-view";
import { visitOfViewer } from "./jobs.server";
import { isInvoiceIntent } from "./jobs-intents";
import { invoicesOfVisits, visitOfInvoiceIntent } from "./visit-invoice.server";

/**
 * What a post to /jobs answers about its visit (docs/product.md#technicians-day, "Every answer at
 * once"): the visit, its job record and its invoice as the server holds them once the post is done,
 * so the page shows the new status, the buttons that follow from it, the saved record and the
 * invoice's balance from the answer itself, not after reading the whole day again.
 */

/** The visit a post is about: its `bookingId`, or the visit of the invoice it names; null for none (working days). */
async function postedVisitId(context: AppLoadContext, form: FormData): Promise<number | null> {
  const intent = form.get("intent");
  if (isInvoiceIntent(intent)) return visitOfInvoiceIntent(context.services.db, intent);
  return form.has("bookingId") ? idFrom(form.get("bookingId")) : null;
}

/** The visit as the page shows it, with its record and live invoice; null when the viewer may not see it. */
async function visitView(context: AppLoadContext, viewer: SessionUser, bookingId: number): Promise<VisitView | null> {
  const { db, env } = context.services;
  const visit = await visitOfViewer(context, viewer, bookingId);
  if (!visit) return null;
  const [records, invoices] = await Promise.all([jobRecordsOf(db, env, [visit]), invoicesOfVisits(db, [visit.id])]);
  return { visit, record: records.get(visit.id) ?? null, invoice: invoices[visit.id] ?? null };
}

/** Every answer of /jobs: an `ActionResult`, with the visit it was about as it now is (when the viewer may see it). */
export type JobsAnswer = ActionResult & { bookingId?: number; view?: VisitView };

/** The visit a post was about, and its view when the viewer may see it. */
export async function visitOfPost(context: AppLoadContext, viewer: SessionUser, form: FormData) {
  const bookingId = await postedVisitId(context, form);
  return bookingId ? { bookingId, view: await visitView(context, viewer, bookingId) } : null;
}

/** The page's answer (`data(ActionResult, init)`), with the visit it was about when the viewer may see it. */
export function withVisit(
  answered: { data: ActionResult; init: ResponseInit | null },
  about: { bookingId: number; view: VisitView | null } | null,
) {
  const body: JobsAnswer = answered.data;
  return data<JobsAnswer>(
    about?.view ? { ...body, bookingId: about.bookingId, view: about.view } : body,
    answered.init ?? undefined,
  );
}
