import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminPageHeader, AdminShell, PostedOutcome } from "~/features/admin/admin-shell";
import { adminMeta } from "~/features/admin/meta";
import { estimatePage, estimatePageAction } from "~/features/estimates/estimate-admin.server";
import { EstimateOptions, EstimateStatus, SendButton } from "~/features/estimates/estimate-admin-view";
import { requireAdmin } from "~/utils/auth.server";
import { data } from "~/utils/responses.server";
import { staffPage } from "~/utils/route-handle";

export const handle = staffPage;

export const meta: MetaFunction<typeof loader> = ({ data: loaded, error }) =>
  adminMeta(loaded?.estimate ? `Estimate ${loaded.estimate.number}` : "Estimate not found", error);

/** /admin/estimates/<id> (admin): the estimate, its status (live: it changes when the customer approves), Send. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const estimate = await estimatePage(context, params.id);
  return estimate ? { estimate } : data({ estimate: null }, { status: 404 });
}

/** `intent=send`: Send / Send again (a new link each time). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return estimatePageAction(request, context, params.id);
}

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function EstimatePage() {
  const { estimate } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  if (!estimate)
    return (
      <AdminShell>
        <AdminPageHeader back={{ to: "/admin/bookings", label: "Back to Bookings" }} title="Estimate not found" />
      </AdminShell>
    );
  return (
    <AdminShell>
      <AdminPageHeader
        back={
          estimate.bookingId
            ? { to: `/admin/bookings/${estimate.bookingId}`, label: `Back to Booking #${estimate.bookingId}` }
            : { to: "/admin/bookings", label: "Back to Bookings" }
        }
        title={`Estimate ${estimate.number}`}
        actions={<SendButton estimate={estimate} />}
      />
      {posted ? <PostedOutcome ok={posted.ok} message={posted.message} /> : null}
      <div className="grid min-w-0 gap-4 [&>*]:min-w-0">
        <EstimateStatus estimate={estimate} />
        <EstimateOptions estimate={estimate} />
      </div>
    </AdminShell>
  );
}
