import { business } from "@app/shared/business";
import { jobKey, type JobData } from "@app/shared/jobs";
import { balanceCents, formatCents } from "@app/shared/money/money";
import { ADMIN_ROOM } from "@app/shared/realtime";
import { isScheduled, visitEnd } from "@app/shared/booking/visits";
import { textablePhone } from "@app/shared/texts/phone";
import { textThreadKey } from "@app/shared/texts/webhooks.server";
import {
  consentRequest,
  estimateText,
  invoiceText,
  onTheWayText,
  reviewRequestText,
  visitConfirmedText,
  visitReminderText,
  visitTextInput,
} from "@app/shared/texts/wording";
import type { WorkerContext } from "../worker-context";
import { manageLinks, requireVisit, standDown } from "./visit-emails";
import { sentEstimate } from "./estimate-emails";
import { sentInvoice } from "./invoice-emails";

/**
 * A visit email's text twin (docs/product.md#texts): read from the booking as it is when it runs, standing down
 * exactly where the email would (moved since, cancelled, over), then sent through the one sender, which texts
 * only a number with consent (packages/shared/src/texts/text-sender.server.ts).
 */
export async function sendVisitText(ctx: WorkerContext, data: JobData<"visit-text">) {
  if (!ctx.env.TWILIO) return { skipped: "texts are off" };
  const visit = await requireVisit(ctx, data.bookingId);
  const phone = textablePhone(visit.customer.phone);
  if (!phone) return { skipped: "no number that takes texts" };
  const body = await bodyOf(ctx, visit, data);
  if (typeof body !== "string") return body;
  const outcome = await ctx.texts.send({
    phone,
    body,
    kind: data.notice,
    purpose: "notice",
    relatedKey: data.notice === "review-request" ? `review-request:${visit.id}` : `booking:${visit.id}`,
    outboxKey: jobKey("visit-text", data),
  });
  return outcome.sent ? { sid: outcome.sid } : { skipped: outcome.reason };
}

type Visit = Awaited<ReturnType<typeof requireVisit>>;

async function bodyOf(ctx: WorkerContext, visit: Visit, data: JobData<"visit-text">) {
  switch (data.notice) {
    case "visit-confirmation": {
      const skipped = standDown(visit, data.at);
      if (skipped) return { skipped };
      if (visitEnd(visit) <= new Date()) return { skipped: "visit is over" };
      const { manageUrl } = await manageLinks(ctx, visit);
      return visitConfirmedText(visitTextInput(visit.scheduledDate, manageUrl));
    }
    case "visit-reminder": {
      const skipped = standDown(visit, data.at);
      if (skipped) return { skipped };
      if (visit.scheduledDate <= new Date()) return { skipped: "visit has started" };
      const { manageUrl } = await manageLinks(ctx, visit);
      return visitReminderText(visitTextInput(visit.scheduledDate, manageUrl));
    }
    case "review-request": {
      // Where the email would ask (visit-emails.ts): a completed visit, once, after its invoice has gone.
      if (!visit.emailCustomer) return { skipped: "customer not told of this booking" };
      if (visit.status !== "completed") return { skipped: `visit is ${visit.status}` };
      const asked = await ctx.db.textMessage.count({ where: { relatedKey: `review-request:${visit.id}` } });
      if (asked > 0) return { skipped: "asked for a review of this visit already" };
      const invoice = await ctx.db.invoice.findFirst({
        where: { bookingId: visit.id, status: { not: "void" } },
        select: { sentAt: true },
      });
      if (invoice && !invoice.sentAt) return { skipped: "its invoice is not sent yet: sending it owes the request" };
      return reviewRequestText({ link: business.reviews.url });
    }
    case "visit-on-the-way": {
      if (!visit.emailCustomer) return { skipped: "customer not told of this booking" };
      if (!isScheduled(visit) && visit.status !== "in_progress") return { skipped: `visit is ${visit.status}` };
      const told = visit.onTheWayAt ?? new Date();
      const minutes = data.minutes ?? visit.onTheWayMinutes ?? 30;
      return onTheWayText({
        technicianFirstName: visit.technician?.firstName ?? null,
        arriveAt: new Date(told.getTime() + minutes * 60_000),
      });
    }
  }
}

/** The office's reply in a customer's text conversation: written by the inbox with its row; sent here. */
export async function sendStaffText(ctx: WorkerContext, data: JobData<"staff-text">) {
  const row = await ctx.db.textMessage.findUnique({ where: { id: data.textMessageId } });
  if (!row) return { skipped: "text not found" };
  const outcome = await ctx.texts.send({
    phone: row.phone,
    body: row.body,
    kind: "staff-reply",
    purpose: "reply",
    outboxKey: row.outboxKey ?? undefined,
  });
  ctx.emitter.to(ADMIN_ROOM).emit("chat:activity", { item: textThreadKey(row.phone) });
  return outcome.sent ? { sid: outcome.sid } : { skipped: outcome.reason };
}

/** The office's one-time "may we text you?": sent unless the number agreed already or replied STOP since. */
export async function sendConsentRequest(ctx: WorkerContext, data: JobData<"consent-request-text">) {
  const outcome = await ctx.texts.send({
    phone: data.phone,
    body: consentRequest(),
    kind: "consent-request",
    purpose: "consent-request",
    outboxKey: jobKey("consent-request-text", data),
  });
  return outcome.sent ? { sid: outcome.sid } : { skipped: outcome.reason };
}

/** An estimate's or invoice's text twin: its send's link, where that send's email would go (./estimate-emails.ts, ./invoice-emails.ts). */
export async function sendDocumentText(ctx: WorkerContext, data: JobData<"document-text">) {
  if (!ctx.env.TWILIO) return { skipped: "texts are off" };
  const estimate = data.notice === "estimate-email";
  const sent = estimate
    ? await sentEstimate(ctx, data.documentId, data.sentAt)
    : await sentInvoice(ctx, data.documentId, data.sentAt);
  if ("skipped" in sent) return sent;
  const document = "estimate" in sent ? sent.estimate : sent.invoice;
  const customer = await ctx.db.customer.findUniqueOrThrow({ where: { id: document.customer.id } });
  const phone = textablePhone(customer.phone);
  if (!phone) return { skipped: "no number that takes texts" };
  const body =
    "estimate" in sent
      ? estimateText({ number: sent.estimate.number, link: sent.link })
      : invoiceText({
          number: sent.invoice.number,
          amount: formatCents(balanceCents(sent.invoice.totalCents, sent.invoice.paidCents) || sent.invoice.totalCents),
          link: sent.link,
        });
  const outcome = await ctx.texts.send({
    phone,
    body,
    kind: estimate ? "estimate" : "invoice",
    purpose: "notice",
    relatedKey: `${estimate ? "estimate" : "invoice"}:${document.id}`,
    outboxKey: jobKey("document-text", data),
  });
  return outcome.sent ? { sid: outcome.sid } : { skipped: outcome.reason };
}
