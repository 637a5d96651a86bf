import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { adminMeta } from "~/features/auth/staff-meta";
import { AdminPageHeader } from "~/components/staff/staff-frame";
import { AdminShell } from "~/features/live/admin-shell";
import { useChatActivity } from "~/features/live/live-admin";
import { callsAction, callsLoader } from "~/features/calls/calls-page.server";
import { CallList, CallsFilter, callsHref } from "~/features/calls/calls-view";
import { Outcome } from "~/components/ui/outcome";
import { Pager } from "~/components/staff/pager";
import { useActionOutcome } from "~/utils/use-action-outcome";
import type { ActionResult } from "~/utils/schema-form";
import { staffPage } from "~/utils/route-handle";

export const handle = staffPage;

export const meta: MetaFunction = ({ error }) => adminMeta("Calls", error);

/** /admin/calls (admin): the calls to the business's number, or those still to call back (docs/product.md#calls). */
export const loader = (args: LoaderFunctionArgs) => callsLoader(args);

/** "Called back" on a missed call. */
export const action = ({ request, context }: ActionFunctionArgs) => callsAction(request, context);

export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";

export default function CallsPage() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionOutcome<ActionResult>();
  const { revalidate } = useRevalidator();
  // A call came in, ended, or was texted back (or another staff member marked one): reload.
  useChatActivity(() => revalidate());
  return (
    <AdminShell refresh={false}>
      <AdminPageHeader
        back={{ to: "/dashboard", label: "Back to Dashboard" }}
        title="Calls"
        description="Calls to the business's number, newest first. A missed call stays to call back until someone marks it called back or a booking follows."
      />
      <p className="mb-4 text-sm text-slate-700">
        Emergencies (1 during the greeting) go to whoever is{" "}
        <Link to="/admin/on-call" className="inline-flex min-h-11 items-center text-brand-700 underline md:min-h-0">
          on call
        </Link>
        .
      </p>
      {posted ? (
        <Outcome tone={posted.ok ? "success" : "destructive"} revealKey={posted.at ?? posted.message} className="mb-4">
          {posted.message}
        </Outcome>
      ) : null}
      <CallsFilter shown={data.shown} total={data.total} toCallBack={data.toCallBack} />
      <section aria-labelledby="calls-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="calls-heading" className="mb-2 text-lg font-bold text-slate-900">
          {data.shown === "to-call-back" ? "To call back" : "All calls"}
          <span className="ml-2 text-sm font-normal text-slate-600">
            {data.total} {data.total === 1 ? "call" : "calls"}
            {data.pages > 1 ? `, page ${data.page} of ${data.pages}` : ""}
          </span>
        </h2>
        {data.calls.length === 0 ? (
          <p className="text-sm text-slate-600">
            {data.shown === "to-call-back" ? "Nobody to call back." : "No calls yet."}
          </p>
        ) : (
          <CallList calls={data.calls} label={data.shown === "to-call-back" ? "Calls to return" : "Calls"} />
        )}
        <Pager
          label="Calls pages"
          page={data.page}
          pages={data.pages}
          href={(page) => callsHref({ shown: data.shown, page })}
        />
      </section>
    </AdminShell>
  );
}
