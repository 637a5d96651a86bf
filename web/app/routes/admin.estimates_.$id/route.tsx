import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { AdminPageHeader } from "~/components/staff/staff-frame";
import { AdminShell } from "~/features/live/admin-shell";
import { Outcome } from "~/components/ui/outcome";
import { adminMeta } from "~/features/auth/staff-meta";
import { estimatePage, estimatePageAction } from "~/features/estimates/estimate-admin.server";
import {
  ESTIMATE_SAVED_MESSAGE,
  EstimateOptions,
  EstimateStatus,
  SendButton,
  shownEstimate,
} from "~/features/estimates/estimate-admin-view";
import { createInvoiceAction, estimateInvoice, isCreateInvoicePost } from "~/features/invoices/invoice-admin.server";
import { CreateInvoiceButton, INVOICE_STATUS_WORDS } from "~/features/invoices/invoice-admin-view";
import { buttonVariants } from "~/components/ui/button";
import { idFrom } from "@app/shared/api/values";
import type { EstimateJson } from "@app/shared/estimates/estimates.server";
import { requireAdmin } from "~/utils/auth.server";
import { data } from "~/utils/responses.server";
import { staffPage } from "~/utils/route-handle";
import { useActionOutcome } from "~/utils/use-action-outcome";

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

/** Send and Withdraw answer with the estimate as it now is: the page shows that, and reloads nothing. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && typeof actionResult === "object" && "estimate" in actionResult ? false : defaultShouldRevalidate;

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function EstimatePage() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionOutcome<typeof action>();
  // Only Send and Withdraw answer with an estimate (estimatePageAction).
  const answered = posted && "estimate" in posted ? (posted.estimate as EstimateJson) : undefined;
  const { invoice } = loaded;
  const estimate = loaded.estimate && shownEstimate(loaded.estimate, answered);
  const busy = useNavigation().state === "submitting";
  // Saved from the builder (new or edited): said once, until another post answers.
  const [search] = useSearchParams();
  const saved = !posted && search.get("saved") === "1";
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
      {saved ? (
        <Outcome tone="success" className="mb-4">
          <strong className="font-semibold">Success:</strong> {ESTIMATE_SAVED_MESSAGE}
        </Outcome>
      ) : null}
      {posted ? (
        <Outcome tone={posted.ok ? "success" : "destructive"} revealKey={posted.at} className="mb-4">
          <strong className="font-semibold">{posted.ok ? "Success" : "Error"}:</strong> {posted.message}
        </Outcome>
      ) : null}
      <div className="grid min-w-0 gap-4 [&>*]:min-w-0">
        <EstimateStatus estimate={estimate} />
        <EstimateOptions estimate={estimate} />
      </div>
    </AdminShell>
  );
}
