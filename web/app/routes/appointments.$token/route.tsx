import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { pageData } from "~/utils/responses.server";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { LinkPageFrame, LinkProblem, ManageVisit } from "~/features/appointments/manage-view";
import { changeVisit, manageVisitPage } from "~/features/appointments/manage.server";
import { privateLinkHeaders, privateLinkMeta } from "~/features/appointments/private-link";
import { manageStep, visitChangeAction } from "~/features/appointments/manage-route.server";

/**
 * /appointments/<token>: the visit's own page, from the Reschedule and Cancel
 * links of the customer's emails (docs/product.md#the-customers-loop). No
 * sign-in: the token is the key (web/app/features/appointments/manage.server.ts).
 * `?step=cancel` asks before it cancels. Works without JavaScript.
 */

export const meta: MetaFunction = () => privateLinkMeta("Your visit");
export const headers = privateLinkHeaders;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const step = manageStep(request);
  return pageData(await manageVisitPage(context, params.token ?? ""), { step });
}

/** A change to the visit: `intent=reschedule` with `windowStart`, or `intent=cancel` (features/appointments/manage-route.server.ts). */
export async function action({ params, request, context }: ActionFunctionArgs) {
  return visitChangeAction(request, (fields) => changeVisit(context, params.token ?? "", fields));
}

export default function ManageVisitPage() {
  const page = useLoaderData<typeof loader>();
  const post = useActionData<typeof action>();
  const { token = "" } = useParams();

  if (!page.ok)
    return (
      <LinkPageFrame title="Your visit">
        <LinkProblem message={page.message} />
      </LinkPageFrame>
    );
  return (
    <ManageVisit
      visit={page.visit}
      choices={page.choices}
      step={page.step}
      post={post}
      manageHref={`/appointments/${encodeURIComponent(token)}`}
    />
  );
}
