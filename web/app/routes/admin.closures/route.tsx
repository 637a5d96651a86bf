import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { adminMeta } from "~/features/auth/staff-meta";
import { closuresAction } from "~/features/scheduling/closed-days.server";
import { staffPage } from "~/utils/route-handle";
import { closuresLoader } from "~/features/scheduling/closed-days.server";
import { ClosuresPage } from "~/features/scheduling/closures-view";

export const handle = staffPage;

export const meta: MetaFunction = ({ error }) => adminMeta("Closed Days", error);

/** /admin/closures (admin): the upcoming closed days and the visits on them (docs/product.md#closed-days). */
export const loader = (args: LoaderFunctionArgs) => closuresLoader(args);

/** The Add form (`intent=add-closure`) and each Remove button (`intent=remove-closure`). */
export async function action({ request, context }: ActionFunctionArgs) {
  return closuresAction(request, context);
}

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function Route() {
  return <ClosuresPage />;
}
