import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { business } from "@app/shared/business";
import { accessDeniedBoundary } from "~/features/auth/access-denied";
import { jobsAction } from "~/features/jobs/jobs-actions.server";
import { jobsLoader } from "~/features/jobs/jobs-page.server";
import { JobsView } from "~/features/jobs/jobs-view";
import { staffPage } from "~/utils/route-handle";

export const handle = staffPage;

export const meta: MetaFunction = () => [
  { title: `My Jobs | ${business.name}` },
  { name: "robots", content: "noindex" },
];

/** Technicians see their own day; admins any technician's (`?technician=ID`). Customers are refused. */
export const loader = (args: LoaderFunctionArgs) => jobsLoader(args);

/** Opening another visit (`?visit=`) shows what the page has already: nothing is read again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  // A post, another page, or the same address (a revalidation asked for: photos sent): as Remix would.
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search)
    return defaultShouldRevalidate;
  const others = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("visit");
    params.sort();
    return params.toString();
  };
  return others(currentUrl) === others(nextUrl) ? false : defaultShouldRevalidate;
};

/** The day's forms' posts (features/jobs/jobs-actions.server.ts; their intents in features/jobs/jobs-intents.ts). */
export async function action({ request, context }: ActionFunctionArgs) {
  return jobsAction(request, context);
}

export const ErrorBoundary = accessDeniedBoundary("This page is for technicians and admins.");

export default function JobsPage() {
  return <JobsView />;
}
