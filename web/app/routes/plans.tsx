import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { business } from "@app/shared/business";
import { joinPlanAction, plansPage } from "~/features/plans/plans-public.server";
import { PlansView } from "~/features/plans/plans-public-view";
import { pageMeta } from "~/utils/seo";

/**
 * /plans: the maintenance plans and the join form (docs/product.md#plans). Its form works without JavaScript:
 * a plan's "Join" link chooses it (`?plan=<slug>`), the post redirects to Stripe's page for the first period.
 */
export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: `Generator and Home Maintenance Plans | ${business.name}`,
    description: `Yearly standby generator service and home electrical safety checks in Baton Rouge, scheduled for you, with priority emergency service and member discounts. Join online.`,
    path: "/plans",
  });

/** A refusal's Retry-After (too many requests). */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export const loader = (args: LoaderFunctionArgs) => plansPage(args);

/** The join form's post: stored, then 303 to Stripe's page (features/plans/plans-public.server.ts). */
export const action = (args: ActionFunctionArgs) => joinPlanAction(args);

export default function PlansPage() {
  return <PlansView />;
}
