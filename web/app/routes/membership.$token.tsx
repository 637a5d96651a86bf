import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { privateLinkHeaders, privateLinkMeta } from "~/features/appointments/private-link";
import { membershipAction, membershipPage } from "~/features/plans/membership-page.server";
import { MembershipView } from "~/features/plans/membership-view";

/**
 * /membership/<token>: a plan member's page, from their emails (docs/product.md#plans): the plan, its status and
 * renewal, the visits with their own pages, the card (Stripe's portal) and cancelling. The token is the key.
 */
export const meta: MetaFunction = () => privateLinkMeta("Your membership");
export const headers = privateLinkHeaders;

export const loader = (args: LoaderFunctionArgs) => membershipPage(args);

/** `intent=cancel`, `intent=card` or `intent=pay` (features/plans/membership-page.server.ts). */
export const action = (args: ActionFunctionArgs) => membershipAction(args);

export default function MembershipRoute() {
  return <MembershipView />;
}
