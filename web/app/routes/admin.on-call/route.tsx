import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { adminMeta } from "~/features/auth/staff-meta";
import { onCallAction, onCallLoader } from "~/features/on-call/on-call-page.server";
import { OnCallPage } from "~/features/on-call/on-call-view";
import { staffPage } from "~/utils/route-handle";

export const handle = staffPage;

export const meta: MetaFunction = ({ error }) => adminMeta("On Call", error);

/** /admin/on-call (admin): who is on call now, the rota, staff phones (docs/product.md#on-call). */
export const loader = (args: LoaderFunctionArgs) => onCallLoader(args);

/** Add a shift (`intent=add-shift`), remove one (`remove-shift`), save a staff member's phone (`staff-phone`). */
export const action = ({ request, context }: ActionFunctionArgs) => onCallAction(request, context);

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function Route() {
  return <OnCallPage />;
}
