import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { estimateStatusLabels } from "@app/shared/api/estimates";
import { formatRate } from "@app/shared/money/money";
import { buttonVariants } from "~/components/ui/button";
import { AdminPageHeader } from "~/components/staff/staff-frame";
import { AdminShell } from "~/features/live/admin-shell";
import { adminMeta } from "~/features/auth/staff-meta";
import { editEstimateAction, editEstimatePage } from "~/features/estimates/estimate-admin.server";
import { EstimateBuilder } from "~/features/estimates/estimate-form";
import { requireAdmin } from "~/utils/auth.server";
import { data } from "~/utils/responses.server";
import { staffPage } from "~/utils/route-handle";
import { useActionOutcome } from "~/utils/use-action-outcome";

export const handle = staffPage;

export const meta: MetaFunction<typeof loader> = ({ data: loaded, error }) =>
  adminMeta(loaded?.page ? `Edit estimate ${loaded.page.estimate.number}` : "Estimate not found", error);

/**
 * /admin/estimates/<id>/edit (admin): a draft estimate in the builder, its options and lines as saved;
 * Save updates it and its page opens (docs/product.md#estimates). Once sent it is not edited: the page
 * says so (409), as the action does.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const page = await editEstimatePage(context, params.id);
  if (!page) return data({ page: null }, { status: 404 });
  return page.values ? { page } : data({ page }, { status: 409 });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return editEstimateAction(request, context, params.id);
}

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function EditEstimatePage() {
  const { page } = useLoaderData<typeof loader>();
  const posted = useActionOutcome<typeof action>();
  if (!page)
    return (
      <AdminShell>
        <AdminPageHeader back={{ to: "/admin/estimates", label: "Back to Estimates" }} title="Estimate not found" />
      </AdminShell>
    );
  const { estimate, customer, values } = page;
  const back = { to: `/admin/estimates/${estimate.id}`, label: `Back to Estimate ${estimate.number}` };
  if (!values)
    return (
      <AdminShell>
        <AdminPageHeader back={back} title={`Estimate ${estimate.number}`} />
        <p className="text-slate-700" role="alert">
          Estimate {estimate.number} is {estimateStatusLabels[estimate.status].toLowerCase()}: only a draft can be
          edited. Make a new estimate instead.
        </p>
        <Link to={back.to} className={buttonVariants({ variant: "outline", className: "mt-4 min-h-11" })}>
          Open estimate {estimate.number}
        </Link>
      </AdminShell>
    );
  return (
    <AdminShell>
      <AdminPageHeader
        back={back}
        title={`Edit estimate ${estimate.number}`}
        description={`A draft for ${customer.name}: saving writes its options and lines anew. Sales tax ${formatRate(page.salesTaxRatePpm)} on taxable items.`}
      />
      <EstimateBuilder
        id="edit-estimate"
        forWhom={estimate.bookingId ? { bookingId: estimate.bookingId } : { customerId: customer.id }}
        items={page.items}
        salesTaxRatePpm={page.salesTaxRatePpm}
        member={page.member}
        posted={posted}
        initial={values}
        saveLabel="Save changes"
      />
    </AdminShell>
  );
}
