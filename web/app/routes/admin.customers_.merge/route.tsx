import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { confirmMergeAction } from "~/features/customers/customer-record-actions.server";
import { adminMeta } from "~/features/auth/staff-meta";
import { staffPage } from "~/utils/route-handle";
import { mergeLoader } from "~/features/customers/merge-page.server";
import { MergePage } from "~/features/customers/merge-view";

export const handle = staffPage;

export const meta: MetaFunction = ({ error }) => adminMeta("Merge customer records", error);

/**
 * /admin/customers/merge?booking={id}: the confirmation a booking's Merge button opens
 * (docs/product.md#customer-record). Both records side by side, what will move and which details
 * are kept; only the Merge button here merges. A booking whose record cannot be merged answers
 * 404 or 409 with the reason.
 */
export const loader = (args: LoaderFunctionArgs) => mergeLoader(args);

export async function action({ request, context }: ActionFunctionArgs) {
  return confirmMergeAction(request, context);
}

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function Route() {
  return <MergePage />;
}
