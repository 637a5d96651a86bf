import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { adminMeta } from "~/features/auth/staff-meta";
import { staffPage } from "~/utils/route-handle";
import { dashboardAction } from "~/features/dashboard/dashboard-actions.server";
import { dashboardLoader } from "~/features/dashboard/dashboard-page.server";
import { DashboardPage } from "~/features/dashboard/dashboard-view";

export const handle = staffPage;

export const meta: MetaFunction = ({ error }) => adminMeta("Admin Dashboard", error);

export const loader = (args: LoaderFunctionArgs) => dashboardLoader(args);

export async function action(args: ActionFunctionArgs) {
  return dashboardAction(args);
}

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function Route() {
  return <DashboardPage />;
}
