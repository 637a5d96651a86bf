import { isRouteErrorResponse, Link } from "@remix-run/react";
import { ArrowRight, House, Mail, Phone, Wrench } from "~/components/site/icons";
import { buttonVariants } from "~/components/ui/button-variants";
import { business } from "@app/shared/business";
import { useBusinessFacts } from "~/utils/business-facts";

/**
 * What a refused form post says to the person who sent it: the message of the form reader's 400 or
 * 415 (web/app/utils/form.server.ts), which tells what was wrong and what to do. Undefined for any
 * other error, whose details are never shown.
 */
export function formRefusalMessage(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error) || (error.status !== 400 && error.status !== 415)) return undefined;
  const data: unknown = error.data;
  const message = typeof data === "object" && data !== null && "message" in data ? data.message : undefined;
  return typeof message === "string" && message ? message : undefined;
}

/** The not-found page's heading (docs/product.md#site-wide). */
const NOT_FOUND_TITLE = "Page not found";

/** The not-found page's title: "Page not found | Bayou Current Electric". */
export const notFoundTitle = () => `${NOT_FOUND_TITLE} | ${business.name}`;

/**
 * The root error boundary's page: the 404 ("Page not found", with the way home, to the services,
 * to the contact page and the phone number), a refused form post ("We could not accept that
 * form" with the reason, `formRefusal`), or a generic failure (docs/product.md#site-wide).
 */
export function ErrorPage({
  status,
  formRefusal,
  retrying = false,
}: {
  status: number;
  formRefusal?: string;
  /** The page is being loaded again by itself (utils/use-retry-after-failure.ts). */
  retrying?: boolean;
}) {
  const business = useBusinessFacts();
  const notFound = status === 404;
  return (
    <section aria-labelledby="error-heading" className="relative isolate overflow-hidden bg-slate-50">
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:px-6 sm:py-24">
        <UnpluggedIllustration />
        <p className="mt-8 text-sm font-bold uppercase tracking-widest text-brand-700">
          {notFound ? "Error 404" : `Error ${status}`}
        </p>
        <h1 id="error-heading" className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          {notFound ? NOT_FOUND_TITLE : formRefusal ? "We could not accept that form" : "Something went wrong"}
        </h1>
        {formRefusal ? (
          <p className="mt-5 max-w-xl text-lg leading-8 text-slate-700">
            {formRefusal} If this keeps happening, call us at{" "}
            <a href={business.phoneHref} className="font-semibold text-brand-700 underline">
              {business.phone}
            </a>
            .
          </p>
        ) : notFound ? (
          <p className="mt-5 max-w-xl text-lg leading-8 text-slate-700">
            Looks like this circuit goes nowhere. The address you followed doesn&apos;t match any page on our site: it
            may have been mistyped or moved. Try one of these, or call us and we&apos;ll help.
          </p>
        ) : (
          <p className="mt-5 max-w-xl text-lg leading-8 text-slate-700">
            Sorry, this page could not be shown. Please try again in a moment, or call us at{" "}
            <a href={business.phoneHref} className="font-semibold text-brand-700 underline">
              {business.phone}
            </a>
            .
          </p>
        )}
        {retrying && !notFound && !formRefusal ? (
          <p role="status" className="mt-3 text-sm text-slate-600">
            Trying again by itself: the page comes back as soon as it can be shown.
          </p>
        ) : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/" className={buttonVariants({ size: "lg" })}>
            <House aria-hidden="true" />
            Go to the home page
          </Link>
          <Link to="/services" className={buttonVariants({ variant: "outline", size: "lg" })}>
            <Wrench aria-hidden="true" />
            Browse our services
          </Link>
          {notFound ? (
            <Link to="/contact" className={buttonVariants({ variant: "outline", size: "lg" })}>
              <Mail aria-hidden="true" />
              Contact us
            </Link>
          ) : null}
        </div>
        <p className="mt-10 text-sm text-slate-700">
          Need an electrician right now?{" "}
          <a
            href={business.phoneHref}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 underline underline-offset-4"
          >
            <Phone aria-hidden="true" className="size-4" />
            Call {business.phone}
            <ArrowRight aria-hidden="true" className="size-4" />
          </a>
        </p>
      </div>
    </section>
  );
}

/** A plug pulled from its outlet, with a spark between them. */
function UnpluggedIllustration() {
  return (
    <svg viewBox="0 0 240 120" aria-hidden="true" focusable="false" className="h-28 w-56 sm:h-32 sm:w-64">
      <rect x="8" y="22" width="76" height="76" rx="14" fill="#dbeafe" stroke="#1e40af" strokeWidth="3" />
      <rect x="30" y="44" width="8" height="18" rx="3" fill="#1e3a8a" />
      <rect x="54" y="44" width="8" height="18" rx="3" fill="#1e3a8a" />
      <circle cx="46" cy="76" r="5" fill="#1e3a8a" />
      <path
        d="M110 40l-8 18h10l-6 18"
        fill="none"
        stroke="#eab308"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M92 46l6 4M92 72l6-4" stroke="#eab308" strokeWidth="3" strokeLinecap="round" />
      <rect x="134" y="34" width="56" height="52" rx="12" fill="#1e40af" />
      <rect x="118" y="44" width="18" height="7" rx="3" fill="#64748b" />
      <rect x="118" y="68" width="18" height="7" rx="3" fill="#64748b" />
      <path d="M190 60c18 0 20 24 42 24" fill="none" stroke="#1e3a8a" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}
