import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { business } from "@app/shared/business";
import { changeOwnVisit, ownVisitPage } from "~/features/account/account.server";
import { LinkPageFrame, LinkProblem, ManageVisit } from "~/features/appointments/manage-view";
import { manageStep, visitChangeAction } from "~/features/appointments/manage-route.server";
import { requireUser } from "~/utils/auth.server";
import { pageData } from "~/utils/responses.server";

/**
 * /account/visits/<id>: one of the signed-in customer's visits, the Reschedule and Cancel of their
 * account's list (docs/product.md#customer-portal). The same page and the same changes as the
 * visit's emailed link (/appointments/<token>, web/app/features/appointments/manage.server.ts),
 * reached through the account instead of a token. `?step=cancel` asks before it cancels. Works
 * without JavaScript.
 */

export const meta: MetaFunction = () => [
  { title: `Your visit | My Account | ${business.name}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const step = manageStep(request);
  return pageData(await ownVisitPage(context, user, params.id ?? ""), { step });
}

/** A change to the visit, as its emailed link's page takes it (features/appointments/manage-route.server.ts). */
export async function action({ params, request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  return visitChangeAction(request, (fields) => changeOwnVisit(context, user, params.id ?? "", fields));
}

function BackToAccount() {
  return (
    <p>
      <Link to="/account" className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to My Account
      </Link>
    </p>
  );
}

export default function AccountVisitPage() {
  const page = useLoaderData<typeof loader>();
  const post = useActionData<typeof action>();
  if (!page.ok)
    return (
      <LinkPageFrame title="Your visit">
        <LinkProblem message={page.message} />
        <BackToAccount />
      </LinkPageFrame>
    );
  return (
    <ManageVisit
      visit={page.visit}
      choices={page.choices}
      step={page.step}
      post={post}
      manageHref={`/account/visits/${page.visit.id}`}
      back={<BackToAccount />}
    />
  );
}
