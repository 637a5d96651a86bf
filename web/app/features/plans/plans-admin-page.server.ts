/**
 * /admin/plans' loader data and forms (docs/product.md#plans): the plans with their active members, the Add
 * form, each plan's Edit form and its Deactivate/Activate button. They call the same service as the JSON API
 * (@app/shared/plans/plans.server); the forms' schemas (@app/shared/api/plans) read the dollars and the whole
 * numbers as typed.
 */
import type { AppLoadContext } from "@remix-run/node";
import { planActiveFormSchema, planEditFormSchema, planFormSchema, planInputOf } from "@app/shared/api/plans";
import type { Reader } from "@app/shared/db.server";
import { formatCents } from "@app/shared/money/money";
import { createPlan, listPlans, updatePlan } from "@app/shared/plans/plans.server";
import { failure } from "@app/shared/result";
import { answer, firstError, intentOf, refused, submissionOf, UNKNOWN_ACTION } from "~/utils/action.server";
import { requireAdmin } from "~/utils/auth.server";
import { readForm } from "~/utils/form.server";
import { PLAN_INTENTS, planEditIntent } from "./plans-admin-view";

/** Each plan's active members (a membership past due, paused or ended is not counted), by plan id. */
async function activeMembers(db: Reader): Promise<Record<number, number>> {
  const rows = await db.membership.groupBy({ by: ["planId"], where: { status: "active" }, _count: { _all: true } });
  return Object.fromEntries(rows.map((row) => [row.planId, row._count._all]));
}

/** What the page shows: every plan (active first, then by yearly price), each with its active members. */
export async function plansAdminPage(context: AppLoadContext) {
  const { db } = context.services;
  const [plans, members] = await Promise.all([listPlans(db), activeMembers(db)]);
  return { plans: plans.map((plan) => ({ ...plan, activeMembers: members[plan.id] ?? 0 })) };
}

/**
 * The page's forms: `intent=add-plan`, `edit-plan` (with the plan's id) and `set-active` (id, active). Each
 * answers the one ActionResult, with the refusal's status (a taken name: 409, beside the name).
 */
export async function plansAdminAction(request: Request, context: AppLoadContext) {
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = intentOf(form);
  if (intent === PLAN_INTENTS.add) {
    const submission = submissionOf(form, planFormSchema);
    if (submission.status !== "success") return refused(submission, { intent });
    return answer(submission, await createPlan(context, admin, planInputOf(submission.value)), {
      intent,
      message: ({ plan }) => `Added ${plan.name} at ${formatCents(plan.yearlyPriceCents)} a year.`,
    });
  }
  if (intent === PLAN_INTENTS.edit) {
    const id = form.get("id");
    const planIntent = planEditIntent(typeof id === "string" ? id : "");
    const submission = submissionOf(form, planEditFormSchema);
    if (submission.status !== "success") return refused(submission, { intent: planIntent });
    const { id: planId, ...fields } = submission.value;
    return answer(submission, await updatePlan(context, admin, planId, planInputOf(fields)), {
      intent: planIntent,
      message: ({ plan }) => `Saved ${plan.name}.`,
    });
  }
  if (intent === PLAN_INTENTS.setActive) {
    const submission = submissionOf(form, planActiveFormSchema);
    if (submission.status !== "success") return refused(submission, { intent, message: firstError(submission) });
    const { id, active } = submission.value;
    return answer(submission, await updatePlan(context, admin, id, { active }), {
      intent,
      message: ({ plan }) =>
        plan.active
          ? `${plan.name} is active again: homeowners can join it.`
          : `${plan.name} is inactive: homeowners can no longer join it; its members keep it.`,
    });
  }
  return answer(null, failure(400, UNKNOWN_ACTION), { intent });
}
