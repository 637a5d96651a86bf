import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { AdminPageHeader } from "~/components/staff/staff-frame";
import { AdminShell } from "~/features/live/admin-shell";
import { adminMeta } from "~/features/auth/staff-meta";
import { priceBookAction, priceBookPage } from "~/features/price-book/price-book-page.server";
import { AddItemForm, ItemsTable, SalesTaxForm } from "~/features/price-book/price-book-view";
import { requireAdmin } from "~/utils/auth.server";
import { staffPage } from "~/utils/route-handle";
import type { ActionResult } from "~/utils/schema-form";
import { useActionOutcome } from "~/utils/use-action-outcome";

export const handle = staffPage;

export const meta: MetaFunction = ({ error }) => adminMeta("Price Book", error);

/** /admin/price-book (admin): the items estimates and invoices are priced from, and the sales tax (docs/product.md#price-book). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return priceBookPage(context);
}

/** The sales-tax form, the Add form, each item's Edit form and its Deactivate/Activate button. */
export async function action({ request, context }: ActionFunctionArgs) {
  return priceBookAction(request, context);
}

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function PriceBookPage() {
  const { items, salesTaxRatePpm } = useLoaderData<typeof loader>();
  const posted = useActionOutcome<ActionResult>();
  return (
    <AdminShell>
      <AdminPageHeader
        back={{ to: "/dashboard", label: "Back to Dashboard" }}
        title="Price Book"
        description="What the office charges: estimates and invoices start their lines from the active items here."
      />
      {posted ? (
        <Alert tone={posted.ok ? "success" : "destructive"} role={posted.ok ? "status" : "alert"} className="mb-4">
          {posted.message}
        </Alert>
      ) : null}
      <div className="grid gap-6">
        <SalesTaxForm salesTaxRatePpm={salesTaxRatePpm} posted={posted} />
        <AddItemForm posted={posted} />
        <section aria-labelledby="items-heading">
          <h2 id="items-heading" className="mb-3 text-lg font-bold text-slate-900">
            Items
          </h2>
          <ItemsTable items={items} posted={posted} />
        </section>
      </div>
    </AdminShell>
  );
}
