import { UnrecoverableError } from "bullmq";
import {
  estimateApprovedEmail,
  estimateDeclinedEmail,
  estimateEmail,
  type EstimateForEmail,
} from "@app/shared/email/estimate-templates";
import { estimateInclude, type EstimateRow } from "@app/shared/estimates/estimates.server";
import type { JobData } from "@app/shared/jobs";
import { memberDiscountJson } from "@app/shared/plans/member-discount";
import { depositOf } from "@app/shared/payments/apply-payment.server";
import { ADMIN_ROOM } from "@app/shared/realtime";
import { estimatePdf } from "../estimate-pdf";
import { openSealedToken } from "../sealed-token";
import type { WorkerContext } from "../worker-context";

/**
 * An estimate's emails and live event (docs/product.md#estimates). The PDF is rendered here, in the
 * worker, from the stored estimate; the link's token is opened from its seal (the database keeps
 * only its hash and the seal, packages/shared/src/tokens.server.ts).
 */

async function requireEstimate(ctx: WorkerContext, id: number): Promise<EstimateRow> {
  const estimate = await ctx.db.estimate.findUnique({ where: { id }, include: estimateInclude });
  if (!estimate) throw new UnrecoverableError(`estimate ${id} not found`);
  return estimate;
}

const forEmail = (e: EstimateRow): EstimateForEmail => ({
  number: e.number,
  customerName: e.customer.name,
  memberDiscountLabel: memberDiscountJson(e)?.label ?? null,
  options: e.options.map((o) => ({
    name: o.name,
    totalCents: o.totalCents,
    memberDiscountCents: o.memberDiscountCents,
  })),
});

/** Where the work is: the visit's address, else the customer's (an estimate without a visit yet). */
async function serviceAddress(ctx: WorkerContext, e: EstimateRow): Promise<string | null> {
  const [booking, customer] = await Promise.all([
    e.bookingId ? ctx.db.booking.findUnique({ where: { id: e.bookingId }, select: { address: true } }) : null,
    ctx.db.customer.findUnique({ where: { id: e.customerId }, select: { address: true } }),
  ]);
  return booking?.address || customer?.address || null;
}

const pdfAttachment = async (ctx: WorkerContext, e: EstimateRow, suffix = "") => ({
  filename: `${e.number}${suffix}.pdf`,
  contentType: "application/pdf",
  content: await estimatePdf(e, await serviceAddress(ctx, e)),
});

/**
 * One send of an estimate and the link it carries, or why that send's notices (its email, its text) stand down:
 * a later send made a new link (and owes its own notices), or the estimate is no longer open.
 */
export async function sentEstimate(
  ctx: WorkerContext,
  estimateId: number,
  sentAt: number,
): Promise<{ estimate: EstimateRow & { tokenExpiresAt: Date }; link: string } | { skipped: string }> {
  const e = await requireEstimate(ctx, estimateId);
  if (e.sentAt?.getTime() !== sentAt) return { skipped: "sent again since" };
  if (e.status !== "sent") return { skipped: `estimate is ${e.status}` };
  const { tokenExpiresAt } = e;
  if (!e.sealedToken || !tokenExpiresAt) throw new UnrecoverableError(`estimate ${e.id} has no link`);
  const token = openSealedToken(ctx, e.sealedToken);
  if (!token) throw new UnrecoverableError(`estimate ${e.id}'s link cannot be opened with SESSION_SECRET`);
  return { estimate: { ...e, tokenExpiresAt }, link: `${ctx.env.APP_URL}/estimates/${token}` };
}

export async function sendEstimateEmail(ctx: WorkerContext, data: JobData<"estimate-email">) {
  const sent = await sentEstimate(ctx, data.estimateId, data.sentAt);
  if ("skipped" in sent) return sent;
  const e = sent.estimate;
  const email = estimateEmail(forEmail(e), sent.link, e.tokenExpiresAt);
  return ctx.mailer.send({
    ...email,
    to: e.customer.email,
    kind: "estimate-email",
    relatedKey: `estimate:${e.id}:${data.sentAt}`,
    attachments: [await pdfAttachment(ctx, e)],
  });
}

export async function sendEstimateApprovedEmail(ctx: WorkerContext, data: JobData<"estimate-approved-email">) {
  const e = await requireEstimate(ctx, data.estimateId);
  const option = e.options.find((o) => o.id === e.approvedOptionId);
  if (e.status !== "approved" || !option || !e.approvedAt) return { skipped: `estimate is ${e.status}` };
  const email = estimateApprovedEmail({
    ...forEmail(e),
    optionName: option.name,
    totalCents: option.totalCents,
    signatureName: e.signatureName ?? "",
    approvedAt: e.approvedAt,
  });
  const attachment = await pdfAttachment(ctx, e, "-signed");
  const customer = await ctx.mailer.send({
    ...email,
    to: e.customer.email,
    kind: "estimate-approved",
    relatedKey: `estimate-approved:${e.id}:customer`,
    attachments: [attachment],
  });
  await ctx.mailer.send({
    ...email,
    to: ctx.env.STAFF_EMAIL,
    replyTo: e.customer.email,
    kind: "estimate-approved",
    relatedKey: `estimate-approved:${e.id}:office`,
    attachments: [attachment],
  });
  return customer;
}

/** To the office: the customer declined the estimate (the reply goes to the customer). */
export async function sendEstimateDeclinedEmail(ctx: WorkerContext, data: JobData<"estimate-declined-email">) {
  const e = await requireEstimate(ctx, data.estimateId);
  if (e.status !== "declined" || !e.declinedAt) return { skipped: `estimate is ${e.status}` };
  const email = estimateDeclinedEmail(
    { ...forEmail(e), declinedAt: e.declinedAt, reason: e.declineReason, note: e.declineNote },
    `${ctx.env.APP_URL}/admin/estimates/${e.id}`,
  );
  return ctx.mailer.send({
    ...email,
    to: ctx.env.STAFF_EMAIL,
    replyTo: e.customer.email,
    kind: "estimate-declined",
    relatedKey: `estimate-declined:${e.id}`,
  });
}

/**
 * Every open admin page hears the estimate's new status and what was paid of its deposit (the estimate's
 * page shows it without a reload; `depositPaid` tells "Deposit paid" apart from the approval).
 */
export async function publishEstimateEvent(ctx: WorkerContext, data: JobData<"estimate-event">) {
  const e = await requireEstimate(ctx, data.estimateId);
  const option = e.options.find((o) => o.id === e.approvedOptionId);
  const deposit = await depositOf(ctx.db, e.id);
  ctx.emitter.to(ADMIN_ROOM).emit("estimate:updated", {
    estimate: {
      id: e.id,
      number: e.number,
      status: e.status,
      approvedOption: option?.name ?? null,
      depositCents: deposit?.depositCents ?? 0,
      depositPaidCents: deposit?.depositPaidCents ?? 0,
    },
    ...(data.version.startsWith("deposit-") ? { depositPaid: true } : {}),
  });
  return { emitted: "estimate:updated" };
}
