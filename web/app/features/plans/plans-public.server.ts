/**
 * /plans (docs/product.md#plans): the plans a homeowner may join, and the join form's post: the customer and
 * the membership are stored (a lead is never lost), then the first period is paid on Stripe's page (a
 * subscription; the card stays with Stripe). Without Stripe set up, the page says to call: the office enrols
 * members who pay by check.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { joinPlanSchema } from "@app/shared/api/plans";
import { startMembershipCheckout } from "@app/shared/plans/billing.server";
import { joinPlan } from "@app/shared/plans/memberships.server";
import { listPlans } from "@app/shared/plans/plans.server";
import { answer, readSubmission, refused } from "~/utils/action.server";
import { getOptionalUser } from "~/utils/auth.server";
import { redirect } from "~/utils/responses.server";

export async function plansPage({ request, context }: LoaderFunctionArgs) {
  const { db, env } = context.services;
  const params = new URL(request.url).searchParams;
  const plans = await listPlans(db, { active: true });
  const chosen = plans.find((p) => p.slug === params.get("plan"))?.id ?? null;
  return {
    plans,
    chosen,
    joinOnline: Boolean(env.STRIPE),
    texting: Boolean(env.TWILIO),
    /** Back from Stripe's page without paying. */
    cancelled: params.has("cancelled"),
  };
}

/** A signed-in customer whose email is confirmed joins with their own record, as on /book. */
async function accountOf(request: Request, context: ActionFunctionArgs["context"]) {
  const user = await getOptionalUser(request, context);
  return user && user.role === "customer" && user.emailVerified ? { userId: user.id, email: user.email } : null;
}

/**
 * The join form's post: checked with joinPlanSchema (as the browser checked it), stored, then 303 to Stripe's
 * page. When Stripe cannot be reached the member's details are kept and the answer says to call or try again.
 */
export async function joinPlanAction({ request, context }: ActionFunctionArgs) {
  const { submission } = await readSubmission(request, joinPlanSchema);
  if (submission.status !== "success") return refused(submission);
  if (!context.services.env.STRIPE)
    return refused(submission, { message: "Joining online is not available. Please call us to join." });
  const joined = await joinPlan(context, submission.value, await accountOf(request, context));
  if (!joined.ok) return answer(submission, joined);
  const checkout = await startMembershipCheckout(context, joined.value.membershipId, joined.value.token);
  if (!checkout.ok) return answer(submission, checkout, { keepValues: true });
  return redirect(checkout.value.url, 303);
}
