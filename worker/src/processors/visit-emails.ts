import { UnrecoverableError } from "bullmq";
import { business } from "@app/shared/business";
import { bookingInclude } from "@app/shared/booking/booking-json";
import { personName } from "@app/shared/scheduling/technicians";
import {
  reviewRequestEmail,
  visitCancelledEmail,
  visitConfirmationEmail,
  visitOnTheWayEmail,
  visitReminderEmail,
  bookingRescheduledEmail,
  type ManageLinks,
  type VisitForEmail,
} from "@app/shared/email/visit-templates";
import { visitCancellation, visitInvite } from "@app/shared/ics.server";
import type { JobData } from "@app/shared/jobs";
import { unsubscribeToken } from "@app/shared/email/unsubscribe.server";
import { visitManageUrl } from "@app/shared/booking/visit-link.server";
import { sha256 } from "@app/shared/tokens.server";
import { customerServiceName, isScheduled, visitEnd } from "@app/shared/booking/visits";
import { HeldBack } from "@app/shared/visitor-email-cap.server";
import { takeVisitorEmailPlace, type WorkerContext } from "../worker-context";

/**
 * The customer's emails about a visit (docs/product.md#the-customers-loop).
 * Each reads the booking as it is when it runs, and stands down when the
 * visit changed in a way that makes it wrong (moved since, cancelled, no
 * longer done): whatever replaced it owes its own email. Reminders and
 * review requests are the non-essential ones: an address that unsubscribed
 * does not get them, and they carry RFC 8058 one-click unsubscribe headers.
 */

type Visit = NonNullable<Awaited<ReturnType<typeof loadVisit>>>;

async function loadVisit(ctx: WorkerContext, bookingId: number) {
  return ctx.db.booking.findUnique({
    where: { id: bookingId },
    include: { ...bookingInclude, visitLink: true },
  });
}

export async function requireVisit(ctx: WorkerContext, bookingId: number): Promise<Visit> {
  const visit = await loadVisit(ctx, bookingId);
  if (!visit) throw new UnrecoverableError(`booking ${bookingId} not found`);
  return visit;
}

const forEmail = (v: Visit): VisitForEmail => ({
  id: v.id,
  service: customerServiceName(v.summary),
  scheduledDate: v.scheduledDate,
  durationMinutes: v.durationMinutes,
  technicianFirstName: v.technician?.firstName ?? null,
  toBeArranged: v.needsPlacing,
});

/** The visit's manage links (packages/shared/src/booking/visit-link.server.ts): made once, the same in every notice. */
export async function manageLinks(ctx: WorkerContext, visit: Visit): Promise<ManageLinks> {
  const manageUrl = await visitManageUrl(ctx.db, ctx.env, visit.id);
  if (!manageUrl)
    throw new UnrecoverableError(`visit link of booking ${visit.id} cannot be opened with SESSION_SECRET`);
  return { manageUrl, cancelUrl: `${manageUrl}?step=cancel` };
}

/**
 * The one-click unsubscribe link of an address (an HMAC of it, so nothing
 * secret is stored), or null when the address has unsubscribed already.
 */
async function unsubscribeLink(ctx: WorkerContext, email: string): Promise<string | null> {
  const address = email.toLowerCase();
  const token = unsubscribeToken(ctx.env.SESSION_SECRETS, address);
  const preference = await ctx.db.emailPreference.upsert({
    where: { email: address },
    create: { email: address, tokenHash: sha256(token) },
    update: { tokenHash: sha256(token) },
    select: { unsubscribedAt: true },
  });
  return preference.unsubscribedAt ? null : `${ctx.env.APP_URL}/unsubscribe/${token}`;
}

const unsubscribeHeaders = (url: string) => ({
  "List-Unsubscribe": `<${url}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

/** Why a visit email about a visit that must still happen stands down, or null to send. */
export function standDown(visit: Visit, at?: number): string | null {
  if (!visit.emailCustomer) return "customer not emailed for this booking";
  if (!isScheduled(visit)) return `visit is ${visit.needsPlacing ? "not placed" : visit.status}`;
  if (at !== undefined && visit.scheduledDate.getTime() !== at) return "visit moved since";
  return null;
}

export async function sendVisitConfirmation(ctx: WorkerContext, data: JobData<"visit-confirmation">) {
  const visit = await requireVisit(ctx, data.bookingId);
  const skipped = standDown(visit, data.at);
  if (skipped) return { skipped };
  if (visitEnd(visit) <= new Date()) return { skipped: "visit is over" };
  const links = await manageLinks(ctx, visit);
  const previous = data.from === undefined ? undefined : new Date(data.from);
  const email = visitConfirmationEmail(forEmail(visit), links, data.reason, business, previous);
  await takeVisitorEmailPlace(ctx, data);
  return ctx.mailer.send({
    ...email,
    to: visit.customer.email,
    kind: "visit-confirmation",
    relatedKey: `visit-confirmation:${visit.id}:${data.version}`,
    attachments: [
      {
        filename: "visit.ics",
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: visitInvite(
          { ...visit, service: customerServiceName(visit.summary) },
          { appUrl: ctx.env.APP_URL, manageUrl: links.manageUrl },
        ),
      },
    ],
  });
}

export async function sendVisitReminder(ctx: WorkerContext, data: JobData<"visit-reminder">) {
  const visit = await requireVisit(ctx, data.bookingId);
  const skipped = standDown(visit, data.at);
  if (skipped) return { skipped };
  if (visit.scheduledDate <= new Date()) return { skipped: "visit has started" };
  const unsubscribe = await unsubscribeLink(ctx, visit.customer.email);
  if (!unsubscribe) return { skipped: "address unsubscribed" };
  const email = visitReminderEmail(forEmail(visit), await manageLinks(ctx, visit), unsubscribe);
  return ctx.mailer.send({
    ...email,
    to: visit.customer.email,
    kind: "visit-reminder",
    relatedKey: `visit-reminder:${visit.id}:${data.version}`,
    headers: unsubscribeHeaders(unsubscribe),
  });
}

export async function sendVisitCancelled(ctx: WorkerContext, data: JobData<"visit-cancelled">) {
  const visit = await requireVisit(ctx, data.bookingId);
  if (!visit.emailCustomer) return { skipped: "customer not emailed for this booking" };
  if (visit.status !== "cancelled") return { skipped: "no longer cancelled" };
  const email = visitCancelledEmail(forEmail(visit), data.by, `${ctx.env.APP_URL}/book`);
  return ctx.mailer.send({
    ...email,
    to: visit.customer.email,
    kind: "visit-cancelled",
    relatedKey: `visit-cancelled:${visit.id}:${data.version}`,
    // The same event as every invitation of the visit, cancelled: the customer's calendar removes it.
    attachments: [
      {
        filename: "visit-cancelled.ics",
        contentType: "text/calendar; charset=utf-8; method=CANCEL",
        content: visitCancellation(
          { ...visit, service: customerServiceName(visit.summary) },
          { appUrl: ctx.env.APP_URL, attendeeEmail: visit.customer.email },
        ),
      },
    ],
  });
}

export async function sendVisitOnTheWay(ctx: WorkerContext, data: JobData<"visit-on-the-way">) {
  const visit = await requireVisit(ctx, data.bookingId);
  if (!visit.emailCustomer) return { skipped: "customer not emailed for this booking" };
  if (visit.status === "cancelled" || visit.status === "completed") return { skipped: `visit is ${visit.status}` };
  const email = visitOnTheWayEmail(forEmail(visit), data.minutes, visit.onTheWayAt ?? new Date());
  return ctx.mailer.send({
    ...email,
    to: visit.customer.email,
    kind: "visit-on-the-way",
    relatedKey: `visit-on-the-way:${visit.id}`,
  });
}

/**
 * How long a review request waits for its visit's invoice email, sent but not delivered yet, before it looks again.
 * Sending an invoice owes both at once, and a worker sends many emails at once, so the request often finds the
 * invoice's email still on its way: it looks again soon (one query), rather than leave the customer's two emails
 * half a minute apart.
 */
const INVOICE_EMAIL_WAIT_MS = 3_000;

/**
 * Every customer is asked, once per visit: never if the visit is no longer
 * completed (reopened or cancelled meanwhile), never if a request for it went
 * out already (a visit completed, reopened and completed again), and only after
 * the visit's invoice (docs/product.md#the-customers-loop): while it is a draft
 * the request is not sent (sending the invoice owes it anew,
 * packages/shared/src/invoices/invoices.server.ts), and while the sent
 * invoice's email has not gone yet, the request waits for it.
 */
export async function sendReviewRequest(ctx: WorkerContext, data: JobData<"review-request">) {
  const visit = await requireVisit(ctx, data.bookingId);
  if (!visit.emailCustomer) return { skipped: "customer not emailed for this booking" };
  if (visit.status !== "completed") return { skipped: `visit is ${visit.status}` };
  const asked = await ctx.db.emailLog.count({
    where: { relatedKey: `review-request:${visit.id}`, status: { in: ["sent", "logged"] } },
  });
  if (asked > 0) return { skipped: "asked for a review of this visit already" };
  const invoice = await ctx.db.invoice.findFirst({
    where: { bookingId: visit.id, status: { not: "void" } },
    select: { id: true, sentAt: true },
  });
  if (invoice && !invoice.sentAt) return { skipped: "its invoice is not sent yet: sending it owes the request" };
  if (invoice?.sentAt) {
    const invoiceEmailed = await ctx.db.emailLog.count({
      where: { relatedKey: `invoice:${invoice.id}:${invoice.sentAt.getTime()}`, status: { in: ["sent", "logged"] } },
    });
    if (!invoiceEmailed) throw new HeldBack(new Date(Date.now() + INVOICE_EMAIL_WAIT_MS), "until the invoice email");
  }
  const unsubscribe = await unsubscribeLink(ctx, visit.customer.email);
  if (!unsubscribe) return { skipped: "address unsubscribed" };
  const email = reviewRequestEmail(forEmail(visit), unsubscribe);
  return ctx.mailer.send({
    ...email,
    to: visit.customer.email,
    kind: "review-request",
    relatedKey: `review-request:${visit.id}`,
    headers: unsubscribeHeaders(unsubscribe),
  });
}

/** To staff: the customer moved the visit with their link. */
export async function sendBookingRescheduledNotification(
  ctx: WorkerContext,
  data: JobData<"booking-rescheduled-notification">,
) {
  const visit = await requireVisit(ctx, data.bookingId);
  const email = bookingRescheduledEmail(
    { ...visit, technicianName: visit.technician ? personName(visit.technician) : null },
    new Date(data.from),
    ctx.env.APP_URL,
  );
  return ctx.mailer.send({
    ...email,
    to: ctx.env.STAFF_EMAIL,
    kind: "booking-rescheduled-notification",
    relatedKey: `booking-rescheduled:${visit.id}:${data.to}`,
  });
}
