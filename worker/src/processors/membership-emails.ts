import { UnrecoverableError } from "bullmq";
import {
  membershipCancelScheduledEmail,
  membershipEndedEmail,
  membershipPaymentFailedEmail,
  membershipPaymentFailedOfficeEmail,
  membershipRenewalReminderEmail,
  membershipRenewedEmail,
  membershipWelcomeEmail,
  type MembershipForEmail,
} from "@app/shared/email/membership-templates";
import { jobKey, type JobData } from "@app/shared/jobs";
import { membershipUrl } from "@app/shared/plans/memberships.server";
import { textablePhone } from "@app/shared/texts/phone";
import { membershipRenewalText } from "@app/shared/texts/wording";
import { businessDate } from "@app/shared/time";
import type { WorkerContext } from "../worker-context";

/**
 * What a plan's members and the office are emailed (docs/product.md#plans), owed through the outbox by the
 * membership services (packages/shared/src/plans/). Each reads the membership as it is when it is sent.
 */

async function membershipFor(ctx: WorkerContext, membershipId: number) {
  const m = await ctx.db.membership.findUnique({
    where: { id: membershipId },
    select: {
      id: true,
      status: true,
      interval: true,
      priceCents: true,
      discountPercent: true,
      paysOnline: true,
      currentPeriodEnd: true,
      sealedToken: true,
      customerId: true,
      plan: { select: { name: true, visitsPerYear: true } },
      customer: { select: { name: true, email: true } },
    },
  });
  if (!m) throw new UnrecoverableError(`membership ${membershipId} not found`);
  const facts: MembershipForEmail = {
    planName: m.plan.name,
    customerName: m.customer.name,
    interval: m.interval,
    priceCents: m.priceCents,
    discountPercent: m.discountPercent,
    visitsPerYear: m.plan.visitsPerYear,
    renewsOn: m.currentPeriodEnd ? businessDate(m.currentPeriodEnd) : null,
    memberUrl: membershipUrl(ctx.env, m.sealedToken),
    paysOnline: m.paysOnline,
  };
  return { m, facts };
}

export async function sendMembershipEmail(ctx: WorkerContext, data: JobData<"membership-email">) {
  const { m, facts } = await membershipFor(ctx, data.membershipId);
  const payment = data.paymentId
    ? await ctx.db.payment.findUnique({
        where: { id: data.paymentId },
        select: { amountCents: true, method: true, reference: true },
      })
    : null;
  const email = (() => {
    switch (data.notice) {
      case "welcome":
        return membershipWelcomeEmail(facts, payment);
      case "renewed":
        return membershipRenewedEmail(facts, payment);
      case "payment-failed":
        return membershipPaymentFailedEmail(facts);
      case "renewal-reminder":
        return membershipRenewalReminderEmail(facts, Number(data.version.split("-").at(-1)));
      case "cancel-scheduled":
        return membershipCancelScheduledEmail(facts);
      case "ended":
        return membershipEndedEmail({ ...facts, plansUrl: `${ctx.env.APP_URL}/plans` });
    }
  })();
  // A reminder or a card request that the membership's state has overtaken stands down.
  if (data.notice === "renewal-reminder" && (m.status !== "active" || !m.currentPeriodEnd)) return null;
  if (data.notice === "payment-failed" && m.status !== "past_due") return null;
  return ctx.mailer.send({
    ...email,
    to: m.customer.email,
    kind: `membership-${data.notice}`,
    relatedKey: `membership:${m.id}:${data.notice}:${data.version}`,
  });
}

export async function sendMembershipOfficeEmail(ctx: WorkerContext, data: JobData<"membership-office-email">) {
  const { m, facts } = await membershipFor(ctx, data.membershipId);
  return ctx.mailer.send({
    ...membershipPaymentFailedOfficeEmail({ ...facts, staffUrl: `${ctx.env.APP_URL}/admin/customers/${m.customerId}` }),
    to: ctx.env.STAFF_EMAIL,
    replyTo: m.customer.email,
    kind: "membership-payment-failed",
    relatedKey: `membership:${m.id}:office:${data.notice}:${data.version}`,
  });
}

/**
 * The renewal reminder's text twin: to the member's number, through the one sender (which texts only a number
 * with consent, packages/shared/src/texts/text-sender.server.ts); stands down as the email does.
 */
export async function sendMembershipText(ctx: WorkerContext, data: JobData<"membership-text">) {
  if (!ctx.env.TWILIO) return { skipped: "texts are off" };
  const m = await ctx.db.membership.findUnique({
    where: { id: data.membershipId },
    select: {
      id: true,
      status: true,
      priceCents: true,
      currentPeriodEnd: true,
      cancelAtPeriodEnd: true,
      sealedToken: true,
      plan: { select: { name: true } },
      customer: { select: { phone: true } },
    },
  });
  if (!m) throw new UnrecoverableError(`membership ${data.membershipId} not found`);
  if (m.status !== "active" || m.cancelAtPeriodEnd || !m.currentPeriodEnd)
    return { skipped: `membership is ${m.status}` };
  const phone = textablePhone(m.customer.phone);
  if (!phone) return { skipped: "no number that takes texts" };
  const link = membershipUrl(ctx.env, m.sealedToken) ?? `${ctx.env.APP_URL}/account`;
  const outcome = await ctx.texts.send({
    phone,
    body: membershipRenewalText({
      planName: m.plan.name,
      renewsOn: m.currentPeriodEnd,
      priceCents: m.priceCents,
      link,
    }),
    kind: data.notice,
    purpose: "notice",
    relatedKey: `membership:${m.id}`,
    outboxKey: jobKey("membership-text", data),
  });
  return outcome.sent ? { sid: outcome.sid } : { skipped: outcome.reason };
}
