import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FileText } from "lucide-react";
import { LinkPageFrame, LinkProblem } from "~/features/appointments/manage-view";
import { privateLinkHeaders, privateLinkMeta } from "~/features/appointments/private-link";
import { estimateLinkAction, estimateLinkPage } from "~/features/estimates/estimate-link.server";
import { CustomerEstimatePage } from "~/features/estimates/estimate-link-view";
import { pageData } from "~/utils/responses.server";

/**
 * /estimates/<token>: the estimate our email links to, approved here without signing in
 * (docs/product.md#estimates; the token is the key, web/app/features/estimates/estimate-link.server.ts).
 * An unknown link answers 404, an expired one 410. Works without JavaScript.
 */

export const meta: MetaFunction = () => privateLinkMeta("Your estimate");
export const headers = privateLinkHeaders;

export async function loader({ params, context }: LoaderFunctionArgs) {
  return pageData(await estimateLinkPage(context, params.token ?? ""));
}

/** The approval: an option, the customer's full name and the box ticked. */
export async function action({ params, request, context }: ActionFunctionArgs) {
  return estimateLinkAction(request, context, params.token ?? "");
}

export default function EstimateLinkPage() {
  const page = useLoaderData<typeof loader>();
  const post = useActionData<typeof action>();
  if (!page.ok)
    return (
      <LinkPageFrame title="Your estimate" icon={FileText}>
        <LinkProblem message={page.message} />
      </LinkPageFrame>
    );
  return <CustomerEstimatePage estimate={page.estimate} post={post} />;
}
