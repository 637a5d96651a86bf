import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { type ShouldRevalidateFunction } from "@remix-run/react";
import { usersAction } from "~/features/users/users-actions.server";
import { adminMeta } from "~/features/auth/staff-meta";
import type { ActionResult } from "~/utils/schema-form";
import { staffPage } from "~/utils/route-handle";
import { usersLoader } from "~/features/users/users-page.server";
import { UsersPage } from "~/features/users/users-view";

export const handle = staffPage;

export const meta: MetaFunction = ({ error }) => adminMeta("User Management", error);

export const loader = (args: LoaderFunctionArgs) => usersLoader(args);

export async function action({ request, context }: ActionFunctionArgs) {
  return usersAction(request, context);
}

// A refused change changed nothing: the page keeps its rows (and their toasts) as they are.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as ActionResult | undefined)?.ok === false ? false : defaultShouldRevalidate;

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function Route() {
  return <UsersPage />;
}
