/**
 * The customer record's "Plans" section (docs/product.md#plans): the customer's memberships with their visits,
 * the office's enrolment of a customer who pays by check, and a membership's Cancel, Pause, Resume and Record
 * renewal. The customer record's action hands these intents here (features/customers/customer-record-actions.server.ts).
 */
import type { AppLoadContext } from "@remix-run/node";
import { enrolFormSchema, membershipActionSchema, renewFormSchema } from "@app/shared/api/plans";
import { cancelMembership, pauseMembership, recordRenewalPayment } from "@app/shared/plans/membership-changes.server";
import {
  enrolCustomer,
  membershipsOf,
  membershipUrl,
  statusLabel,
  toMembershipJson,
} from "@app/shared/plans/memberships.server";
import { listPlans } from "@app/shared/plans/plans.server";
import { failure } from "@app/shared/result";
import { businessDate, formatLocalDate } from "@app/shared/time";
import { answer, firstError, refused, submissionOf, UNKNOWN_ACTION } from "~/utils/action.server";
import { MEMBERSHIP_INTENTS } from "./membership-intents";

const intents = new Set<string>(Object.values(MEMBERSHIP_INTENTS));
export const isMembershipIntent = (intent: string | null) => intent !== null && intents.has(intent);

/** What the section shows: the memberships (newest first) with their visits, and the plans the office may enrol in. */
export async function customerMemberships(context: AppLoadContext, customerId: number) {
  const { db } = context.services;
  const [rows, plans] = await Promise.all([membershipsOf(db, customerId), listPlans(db, { active: true })]);
  const visits = await db.planVisit.findMany({
    where: { membershipId: { in: rows.map((m) => m.id) }, state: { not: "dropped" } },
    orderBy: { dueOn: "asc" },
    select: { id: true, membershipId: true, dueOn: true, state: true, bookingId: true, note: true },
  });
  return {
    memberships: rows.map((m) => {
      const json = toMembershipJson(m);
      return {
        ...json,
        statusLabel: statusLabel[m.status],
        renewsOnText: json.renewsOn ? formatLocalDate(json.renewsOn) : null,
        visits: visits
          .filter((v) => v.membershipId === m.id)
          .map((v) => ({
            id: v.id,
            due: formatLocalDate(v.dueOn.toISOString().slice(0, 10)),
            state: v.state,
            bookingId: v.bookingId,
            note: v.note,
          })),
      };
    }),
    plans: plans.map((p) => ({
      id: p.id,
      name: p.name,
      yearlyPriceCents: p.yearlyPriceCents,
      monthlyPriceCents: p.monthlyPriceCents,
    })),
  };
}

/** One of the section's forms, posted to the customer record (the admin is checked by the caller). */
export async function membershipIntentAction(
  context: AppLoadContext,
  admin: { id: number; email: string },
  customerId: number,
  intent: string,
  form: FormData,
) {
  if (intent === MEMBERSHIP_INTENTS.enrol) {
    const submission = submissionOf(form, enrolFormSchema);
    if (submission.status !== "success") return refused(submission, { intent });
    return answer(submission, await enrolCustomer(context, admin, customerId, submission.value), {
      intent,
      message: ({ membership }) =>
        `Enrolled in ${membership.planName}; the payment is recorded and the welcome email is on its way.`,
    });
  }
  const owned = async (membershipId: number) =>
    (await context.services.db.membership.count({ where: { id: membershipId, customerId } })) > 0;
  const notOwned = failure(404, "No such membership of this customer");
  if (intent === MEMBERSHIP_INTENTS.renew) {
    // The check number's message shows beside its field (the form's own schema).
    const submission = submissionOf(form, renewFormSchema);
    if (submission.status !== "success") return refused(submission, { intent });
    const { membershipId, reference } = submission.value;
    if (!(await owned(membershipId))) return answer(submission, notOwned, { intent });
    return answer(submission, await recordRenewalPayment(context, membershipId, admin, reference), { intent });
  }
  const submission = submissionOf(form, membershipActionSchema);
  if (submission.status !== "success") return refused(submission, { intent, message: firstError(submission) });
  const { membershipId } = submission.value;
  if (!(await owned(membershipId))) return answer(submission, notOwned, { intent });
  switch (intent) {
    case MEMBERSHIP_INTENTS.cancel:
      return answer(submission, await cancelMembership(context, membershipId, admin), { intent });
    case MEMBERSHIP_INTENTS.pause:
      return answer(submission, await pauseMembership(context, membershipId, admin, true), { intent });
    case MEMBERSHIP_INTENTS.resume:
      return answer(submission, await pauseMembership(context, membershipId, admin, false), { intent });
    default:
      return answer(null, failure(400, UNKNOWN_ACTION), { intent });
  }
}

/**
 * /account's "Your plans": the memberships of the account's linked customer records, each with its page
 * (/membership/<token>, where the member updates their card or cancels).
 */
export async function accountMemberships(context: AppLoadContext, userId: number) {
  const { db, env } = context.services;
  const rows = await db.membership.findMany({
    where: { customer: { userId }, status: { not: "pending" } },
    orderBy: { id: "desc" },
    select: {
      id: true,
      status: true,
      cancelAtPeriodEnd: true,
      currentPeriodEnd: true,
      sealedToken: true,
      plan: { select: { name: true } },
    },
  });
  return rows.map((m) => ({
    id: m.id,
    planName: m.plan.name,
    statusLabel: statusLabel[m.status],
    ended: m.status === "cancelled" || m.status === "expired",
    cancelAtPeriodEnd: m.cancelAtPeriodEnd,
    renewsOnText: m.currentPeriodEnd ? formatLocalDate(businessDate(m.currentPeriodEnd)) : null,
    manageUrl: membershipUrl(env, m.sealedToken),
  }));
}
