import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { ShieldAlert } from "lucide-react";
import { formRefusalMessage } from "~/components/site/error-page";
import { buttonVariants } from "~/components/ui/button";
import { useRetryAfterFailure } from "~/utils/use-retry-after-failure";
import { ACCESS_DENIED_TITLE, ADMIN_REQUIRED_MESSAGE } from "./notices";

/** The screen a signed-out or non-admin visitor sees on an admin page (docs/product.md#staff-pages). */
function AccessDenied({ message = ADMIN_REQUIRED_MESSAGE }: { message?: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <ShieldAlert aria-hidden="true" className="mx-auto size-12 text-destructive" />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{ACCESS_DENIED_TITLE}</h1>
      <p className="mt-4 text-slate-700">{message}</p>
      <Link to="/" className={buttonVariants({ className: "mt-8" })}>
        Go Home
      </Link>
    </section>
  );
}

/** Whether a route error is the 401 / 403 that requireAdmin (or requireUser) threw. */
function isAccessDenied(error: unknown): boolean {
  return isRouteErrorResponse(error) && (error.status === 401 || error.status === 403);
}

/**
 * An ErrorBoundary for admin routes: Access Denied for the guards' 401 / 403,
 * a plain apology for anything else.
 *
 *   export { AccessDeniedBoundary as ErrorBoundary } from "~/features/auth/access-denied";
 */
export function AccessDeniedBoundary() {
  return <DeniedOrApology />;
}

/** As AccessDeniedBoundary, saying who the page is for. */
export function accessDeniedBoundary(message: string) {
  return function Boundary() {
    return <DeniedOrApology message={message} />;
  };
}

function DeniedOrApology({ message }: { message?: string }) {
  const error = useRouteError();
  const retrying = useRetryAfterFailure(error);
  if (isAccessDenied(error)) return <AccessDenied message={message} />;
  const refusal = formRefusalMessage(error);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">
        {refusal ? "We could not accept that form" : "Something went wrong"}
      </h1>
      <p className="mt-4 text-slate-700">
        {refusal ?? "Sorry, this page could not be shown. Please try again in a moment."}
      </p>
      {retrying ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          Trying again by itself: the page comes back as soon as it can be shown.
        </p>
      ) : null}
      <Link to="/" className={buttonVariants({ className: "mt-8" })}>
        Go Home
      </Link>
    </section>
  );
}
