import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { formatRate } from "@app/shared/money/money";
import { AdminPageHeader, AdminShell } from "~/features/admin/admin-shell";
import { adminMeta } from "~/features/admin/meta";
import { newEstimateAction, newEstimatePage } from "~/features/estimates/estimate-admin.server";
import { NewEstimateForm } from "~/features/estimates/estimate-form";
import { requireAdmin } from "~/utils/auth.server";
import { data } from "~/utils/responses.server";
import { staffPage } from "~/utils/route-handle";

export const handle = staffPage;

export const meta: MetaFunction = ({ error }) => adminMeta("New estimate", error);

/** /admin/estimates/new?booking=<id> (admin): an estimate of a visit, up to three options (docs/product.md#estimates). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const page = await newEstimatePage(context, new URL(request.url).searchParams.get("booking"));
  return page.booking ? page : data(page, { status: 404 });
}

/** The form: the estimate is made (a draft) and its page opens; or the refusals show beside the fields. */
export async function action({ request, context }: ActionFunctionArgs) {
  return newEstimateAction(request, context);
}

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function NewEstimatePage() {
  const { booking, items, salesTaxRatePpm } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  if (!booking)
    return (
      <AdminShell>
        <AdminPageHeader back={{ to: "/admin/bookings", label: "Back to Bookings" }} title="Visit not found" />
        <p className="text-slate-700">Open a booking and choose New estimate from its page.</p>
      </AdminShell>
    );
  return (
    <AdminShell>
      <AdminPageHeader
        back={{ to: `/admin/bookings/${booking.id}`, label: `Back to Booking #${booking.id}` }}
        title="New estimate"
        description={`${booking.summary} for ${booking.customerName}. Sales tax ${formatRate(salesTaxRatePpm)} on taxable items.`}
      />
      <NewEstimateForm bookingId={booking.id} items={items} salesTaxRatePpm={salesTaxRatePpm} posted={posted} />
    </AdminShell>
  );
}
