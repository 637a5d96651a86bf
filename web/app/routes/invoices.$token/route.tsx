import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Receipt } from "lucide-react";
import { retryAfterHeaders } from "@app/shared/result";
import { LinkPageFrame, LinkProblem } from "~/features/appointments/manage-view";
import { privateLinkHeaders, privateLinkMeta } from "~/features/appointments/private-link";
import { invoiceLinkPage } from "~/features/invoices/invoice-link.server";
import { CustomerInvoicePage } from "~/features/invoices/invoice-link-view";
import { data } from "~/utils/responses.server";

/**
 * /invoices/<token>: the invoice our email links to, without signing in (docs/product.md#invoices; the
 * token is the key, web/app/features/invoices/invoice-link.server.ts). An unknown link answers 404.
 * Works without JavaScript.
 */

export const meta: MetaFunction = () => privateLinkMeta("Your invoice");
export const headers = privateLinkHeaders;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const result = await invoiceLinkPage(context, params.token ?? "");
  if (!result.ok)
    return data(
      { ok: false as const, message: result.message },
      { status: result.status, headers: retryAfterHeaders(result) },
    );
  return { ok: true as const, ...result.value };
}

export default function InvoiceLinkPage() {
  const page = useLoaderData<typeof loader>();
  if (!page.ok)
    return (
      <LinkPageFrame title="Your invoice" icon={Receipt}>
        <LinkProblem message={page.message} />
      </LinkPageFrame>
    );
  return (
    <CustomerInvoicePage
      invoice={page.invoice}
      // PAY ONLINE: the payments' part puts its "Pay online" form here, shown when `page.canPayOnline` (false for now).
      payOnline={null}
    />
  );
}
