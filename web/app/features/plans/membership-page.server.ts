/**
 * /membership/<token>: a plan member's own page, from their emails (docs/product.md#plans). No sign-in: the token
 * is the key, and its lookups count against the client network's limit like the visits' pages. It shows the plan,
 * the status, the renewal date and the visits (each with its own page to move it); the member may update their
 * card (Stripe's customer portal), pay a first period left unpaid, or cancel (at the period's end).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { visitManageUrl } from "@app/shared/booking/visit-link.server";
import { membershipActionSchema } from "@app/shared/api/plans";
import { cardUpdateUrl, startMembershipCheckout } from "@app/shared/plans/billing.server";
import { cancelMembership } from "@app/shared/plans/membership-changes.server";
import { membershipByToken, statusLabel, toMembershipJson } from "@app/shared/plans/memberships.server";
import { failure, success } from "@app/shared/result";
import { formatLocalDate, formatWeekdayDateTime } from "@app/shared/time";
import { throttleLinkRequest } from "~/features/appointments/public.server";
import { answer, intentOf, readSubmission, UNKNOWN_ACTION } from "~/utils/action.server";
import { pageData, redirect } from "~/utils/responses.server";

const NOT_VALID = "This membership link is not valid. Please check the link in your email, or call us.";

export async function membershipPage({ request, params, context }: LoaderFunctionArgs) {
  return pageData(
    await readMembershipPage(context, params.token ?? "", new URL(request.url).searchParams.has("joined")),
  );
}

async function readMembershipPage(context: LoaderFunctionArgs["context"], token: string, joined: boolean) {
  const tooMany = await throttleLinkRequest(context);
  if (tooMany) return tooMany;
  const { db, env } = context.services;
  const m = await membershipByToken(db, token);
  if (!m) return failure(404, NOT_VALID);
  const visits = await Promise.all(
    m.visits
      .filter((v) => v.state !== "dropped")
      .map(async (v) => ({
        id: v.id,
        due: formatLocalDate(v.dueOn.toISOString().slice(0, 10)),
        state: v.state,
        when: v.booking ? formatWeekdayDateTime(v.booking.scheduledDate) : null,
        cancelled: v.booking?.status === "cancelled",
        manageUrl: v.booking ? await visitManageUrl(db, env, v.booking.id) : null,
      })),
  );
  const json = toMembershipJson(m);
  return success({
    membership: {
      ...json,
      statusLabel: statusLabel[m.status],
      renewsOnText: json.renewsOn ? formatLocalDate(json.renewsOn) : null,
      customerName: m.customer.name,
      canUpdateCard: Boolean(m.stripeCustomerId && env.STRIPE),
    },
    visits,
    joined,
  });
}

/** `intent=cancel` (at the period's end), `intent=card` (Stripe's portal), `intent=pay` (a first period left unpaid). */
export async function membershipAction({ request, params, context }: ActionFunctionArgs) {
  const tooMany = await throttleLinkRequest(context);
  if (tooMany) return answer(null, tooMany);
  const token = params.token ?? "";
  const { db, env } = context.services;
  const { form, submission } = await readSubmission(request, membershipActionSchema);
  const intent = intentOf(form);
  const m = await membershipByToken(db, token);
  if (!m) return answer(null, failure(404, NOT_VALID), { intent });
  if (submission.status !== "success" || submission.value.membershipId !== m.id)
    return answer(null, failure(400, UNKNOWN_ACTION), { intent });
  const page = `${env.APP_URL}/membership/${token}`;
  if (intent === "card") {
    const url = await cardUpdateUrl(context, m, page);
    if (!url)
      return answer(null, failure(503, "Your card cannot be changed online right now. Please call us."), { intent });
    return redirect(url, 303);
  }
  if (intent === "pay") {
    const checkout = await startMembershipCheckout(context, m.id, token);
    if (!checkout.ok) return answer(null, checkout, { intent });
    return redirect(checkout.value.url, 303);
  }
  if (intent === "cancel") return answer(null, await cancelMembership(context, m.id, null), { intent });
  return answer(null, failure(400, UNKNOWN_ACTION), { intent });
}
