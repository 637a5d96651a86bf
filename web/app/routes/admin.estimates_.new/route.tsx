import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatRate } from "@app/shared/money/money";
import { AdminPageHeader } from "~/components/staff/staff-frame";
import { AdminShell } from "~/features/live/admin-shell";
import { adminMeta } from "~/features/auth/staff-meta";
import { newEstimateAction, newEstimatePage } from "~/features/estimates/estimate-admin.server";
import { EstimateBuilder } from "~/features/estimates/estimate-form";
import { requireAdmin } from "~/utils/auth.server";
import { data } from "~/utils/responses.server";
import { staffPage } from "~/utils/route-handle";
import { useActionOutcome } from "~/utils/use-action-outcome";

export const handle = staffPage;

export const meta: MetaFunction = ({ error }) => adminMeta("New estimate", error);

/**
 * /admin/estimates/new?booking=<id> (admin): an estimate of a visit, one to three options; or
 * ?customer=<id>: of a customer without a visit yet (a quote asked by phone) (docs/product.md#estimates).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const page = await newEstimatePage(context, new URL(request.url).searchParams);
  return page.target ? page : data(page, { status: 404 });
}

/**
 * The builder: the estimate is made (a draft) and its page opens; or the refusals show beside the fields;
 * or, without JavaScript, the form comes back with a line or an option added or removed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return newEstimateAction(request, context);
}

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function NewEstimatePage() {
  const { target, items, salesTaxRatePpm, member } = useLoaderData<typeof loader>();
  const posted = useActionOutcome<typeof action>();
  if (!target)
    return (
      <AdminShell>
        <AdminPageHeader
          back={{ to: "/admin/bookings", label: "Back to Bookings" }}
          title="Visit or customer not found"
        />
        <p className="text-slate-700">
          Open a booking or a customer&apos;s record and choose New estimate from its page.
        </p>
      </AdminShell>
    );
  const tax = `Sales tax ${formatRate(salesTaxRatePpm)} on taxable items.`;
  return (
    <AdminShell>
      {target.kind === "booking" ? (
        <AdminPageHeader
          back={{ to: `/admin/bookings/${target.id}`, label: `Back to Booking #${target.id}` }}
          title="New estimate"
          description={`${target.summary} for ${target.customerName}. ${tax}`}
        />
      ) : (
        <AdminPageHeader
          back={{ to: `/admin/customers/${target.id}`, label: `Back to ${target.customerName}` }}
          title="New estimate"
          description={`For ${target.customerName}, without a visit yet. ${tax}`}
        />
      )}
      <EstimateBuilder
        id="new-estimate"
        forWhom={target.kind === "booking" ? { bookingId: target.id } : { customerId: target.id }}
        items={items}
        salesTaxRatePpm={salesTaxRatePpm}
        member={member}
        posted={posted}
      />
    </AdminShell>
  );
}
