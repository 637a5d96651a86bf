import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPageHeader, AdminShell, PostedOutcome } from "~/features/admin/admin-shell";
import { adminMeta } from "~/features/admin/meta";
import { estimatePage, estimatePageAction } from "~/features/estimates/estimate-admin.server";
import { EstimateOptions, EstimateStatus, SendButton } from "~/features/estimates/estimate-admin-view";
import { createInvoiceAction, estimateInvoice, isCreateInvoicePost } from "~/features/invoices/invoice-admin.server";
import { CreateInvoiceButton, INVOICE_STATUS_WORDS } from "~/features/invoices/invoice-admin-view";
import { buttonVariants } from "~/components/ui/button";
import { idFrom } from "@app/shared/api/values";
import { requireAdmin } from "~/utils/auth.server";
import { data } from "~/utils/responses.server";
import { staffPage } from "~/utils/route-handle";

export const handle = staffPage;

export const meta: MetaFunction<typeof loader> = ({ data: loaded, error }) =>
  adminMeta(loaded?.estimate ? `Estimate ${loaded.estimate.number}` : "Estimate not found", error);

/**
 * /admin/estimates/<id> (admin): the estimate, its status (live: it changes when the customer approves), Send;
 * once approved, Create invoice (or its invoice, docs/product.md#invoices).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const estimate = await estimatePage(context, params.id);
  if (!estimate) return data({ estimate: null, invoice: null }, { status: 404 });
  return { estimate, invoice: await estimateInvoice(context, estimate.id) };
}

/** `intent=send`: Send / Send again (a new link each time); `intent=create-invoice`: its invoice, then its page. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const estimateId = idFrom(params.id);
  if (estimateId && (await isCreateInvoicePost(request))) return createInvoiceAction(request, context, { estimateId });
  return estimatePageAction(request, context, params.id);
}

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function EstimatePage() {
  const { estimate, invoice } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  if (!estimate)
    return (
      <AdminShell>
        <AdminPageHeader back={{ to: "/admin/estimates", label: "Back to Estimates" }} title="Estimate not found" />
      </AdminShell>
    );
  return (
    <AdminShell>
      <AdminPageHeader
        back={
          estimate.bookingId
            ? { to: `/admin/bookings/${estimate.bookingId}`, label: `Back to Booking #${estimate.bookingId}` }
            : { to: "/admin/estimates", label: "Back to Estimates" }
        }
        title={`Estimate ${estimate.number}`}
        actions={
          <>
            <SendButton estimate={estimate} />
            {invoice ? (
              <Link to={`/admin/invoices/${invoice.id}`} className={buttonVariants({ variant: "outline" })}>
                Invoice {invoice.number} ({INVOICE_STATUS_WORDS[invoice.status]})
              </Link>
            ) : estimate.status === "approved" ? (
              <CreateInvoiceButton busy={busy} />
            ) : null}
          </>
        }
      />
      {posted ? <PostedOutcome ok={posted.ok} message={posted.message} /> : null}
      <div className="grid min-w-0 gap-4 [&>*]:min-w-0">
        <EstimateStatus estimate={estimate} />
        <EstimateOptions estimate={estimate} />
      </div>
    </AdminShell>
  );
}
