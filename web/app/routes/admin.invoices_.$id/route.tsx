import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPageHeader, PostedOutcome } from "~/components/staff/staff-frame";
import { AdminShell } from "~/features/live/admin-shell";
import { adminMeta } from "~/features/auth/staff-meta";
import { invoicePage, invoicePageAction } from "~/features/invoices/invoice-admin.server";
import { RecordPaymentForm } from "~/features/payments/record-payment-form";
import { InvoiceActions, InvoiceLines, InvoicePayments, InvoiceStatus } from "~/features/invoices/invoice-admin-view";
import { requireAdmin } from "~/utils/auth.server";
import { data } from "~/utils/responses.server";
import { businessDate } from "@app/shared/time";
import { staffPage } from "~/utils/route-handle";
import { useActionOutcome } from "~/utils/use-action-outcome";

export const handle = staffPage;

export const meta: MetaFunction<typeof loader> = ({ data: loaded, error }) =>
  adminMeta(loaded?.invoice ? `Invoice ${loaded.invoice.number}` : "Invoice not found", error);

/**
 * /admin/invoices/<id> (admin, docs/product.md#invoices): the invoice, its status, lines, payments and
 * balance, Send / Send again and Void. Live: a payment recorded elsewhere (`invoice:updated`) reloads it.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const invoice = await invoicePage(context, params.id);
  // The business's day: the payment form's date received starts there.
  return invoice ? { invoice, today: businessDate() } : data({ invoice: null, today: businessDate() }, { status: 404 });
}

/** `intent=send`: Send / Send again (a new link, reminders owed anew); `intent=void`: Void (nothing paid). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return invoicePageAction(request, context, params.id);
}

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function InvoicePage() {
  const { invoice, today } = useLoaderData<typeof loader>();
  const posted = useActionOutcome<typeof action>();
  if (!invoice)
    return (
      <AdminShell>
        <AdminPageHeader back={{ to: "/admin/invoices", label: "Back to Invoices" }} title="Invoice not found" />
      </AdminShell>
    );
  return (
    <AdminShell>
      <AdminPageHeader
        back={
          invoice.bookingId
            ? { to: `/admin/bookings/${invoice.bookingId}`, label: `Back to Booking #${invoice.bookingId}` }
            : { to: "/admin/invoices", label: "Back to Invoices" }
        }
        title={`Invoice ${invoice.number}`}
        actions={<InvoiceActions invoice={invoice} />}
      />
      {/* Every answer here, a payment's too: in view and focused, even once the form is gone (paid in full). */}
      {posted ? <PostedOutcome ok={posted.ok} message={posted.message} at={posted.at} /> : null}
      <div className="grid min-w-0 gap-4 [&>*]:min-w-0">
        <InvoiceStatus invoice={invoice} />
        <InvoiceLines invoice={invoice} />
        <InvoicePayments invoice={invoice} />
        {invoice.status === "sent" || invoice.status === "partially_paid" ? (
          <RecordPaymentForm
            key={invoice.balanceCents}
            invoiceId={invoice.id}
            balanceCents={invoice.balanceCents}
            today={today}
            lastResult={posted}
          />
        ) : null}
      </div>
    </AdminShell>
  );
}
