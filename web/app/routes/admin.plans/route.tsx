import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { adminMeta } from "~/features/auth/staff-meta";
import { plansAdminAction, plansAdminPage } from "~/features/plans/plans-admin-page.server";
import { PlansAdminPage } from "~/features/plans/plans-admin-view";
import { requireAdmin } from "~/utils/auth.server";
import { staffPage } from "~/utils/route-handle";

export const handle = staffPage;

export const meta: MetaFunction = ({ error }) => adminMeta("Plans", error);

/** /admin/plans (admin): the maintenance plans homeowners join, each with its active members (docs/product.md#plans). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return plansAdminPage(context);
}

/** The Add form, each plan's Edit form and its Deactivate/Activate button. */
export async function action({ request, context }: ActionFunctionArgs) {
  return plansAdminAction(request, context);
}

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function PlansRoute() {
  return <PlansAdminPage />;
}
