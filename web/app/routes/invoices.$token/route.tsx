import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useParams, useSearchParams } from "@remix-run/react";
import { Receipt } from "lucide-react";
import { LinkPageFrame, LinkProblem } from "~/features/appointments/manage-view";
import { privateLinkHeaders, privateLinkMeta } from "~/features/appointments/private-link";
import { invoiceLinkPage } from "~/features/invoices/invoice-link.server";
import { CustomerInvoicePage } from "~/features/invoices/invoice-link-view";
import { PayOnlineForm } from "~/features/payments/pay-online-form";
import { pageData } from "~/utils/responses.server";

/**
 * /invoices/<token>: the invoice our email links to, without signing in (docs/product.md#invoices; the
 * token is the key, web/app/features/invoices/invoice-link.server.ts), with "Pay online" for the balance
 * when Stripe is set up (docs/product.md#payments). An unknown link answers 404. Works without JavaScript.
 */

export const meta: MetaFunction = () => privateLinkMeta("Your invoice");
export const headers = privateLinkHeaders;

export async function loader({ params, context }: LoaderFunctionArgs) {
  return pageData(await invoiceLinkPage(context, params.token ?? ""));
}

export default function InvoiceLinkPage() {
  const page = useLoaderData<typeof loader>();
  const { token = "" } = useParams();
  const [searchParams] = useSearchParams();
  if (!page.ok)
    return (
      <LinkPageFrame title="Your invoice" icon={Receipt}>
        <LinkProblem message={page.message} />
      </LinkPageFrame>
    );
  return (
    <CustomerInvoicePage
      invoice={page.invoice}
      payOnline={
        page.invoice.status === "void" ? null : (
          <PayOnlineForm
            token={token}
            balanceCents={page.invoice.balanceCents}
            enabled={page.canPayOnline}
            searchParams={searchParams}
            pendingDebit={page.invoice.pendingDebit}
          />
        )
      }
    />
  );
}
