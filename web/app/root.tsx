import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "~/utils/responses.server";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { business } from "@app/shared/business";
import { businessYear } from "@app/shared/time";
import { BusinessFactsScript } from "~/components/site/business-facts-script";
import { ChatWidgetSlot } from "~/features/chat/chat-widget-slot";
import { ErrorPage, formRefusalMessage, notFoundTitle } from "~/components/site/error-page";
import { JsonLd } from "~/components/site/json-ld";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { StaffHeader } from "~/components/site/staff-header";
import { Toaster } from "~/components/ui/toaster";
import { getOptionalUser } from "~/utils/auth.server";
import { rootHeaders, viewerHeaders } from "~/utils/kept-page";
import { useNonce } from "~/utils/nonce";
import { useAppScripts, useStaffPage } from "~/utils/route-handle";
import { BusinessOverridesProvider } from "~/utils/business-facts";
import { SiteScript } from "~/components/site/site-script";
import { serverUnreachable } from "~/utils/server-unreachable";
import { useRetryAfterFailure } from "~/utils/use-retry-after-failure";
import { electricianJsonLd, privatePathPrefixes } from "~/utils/seo";
import styles from "./styles.css?url";
import siteStyles from "./site.css?url";

/** The stylesheet is the Layout's: the app's, or on a page without the app's scripts the public pages' own. */
export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/** Defaults for pages without their own `meta`, and the error pages (a 404 is titled as docs/product.md#site-wide says). */
export const meta: MetaFunction = ({ error }) => {
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [
      { title: notFound ? notFoundTitle() : `Something went wrong | ${business.name}` },
      { name: "robots", content: "noindex" },
    ];
  }
  return [
    { title: `${business.name} | Licensed Electricians in Baton Rouge, LA` },
    {
      name: "description",
      content: `${business.tagline}. Call ${business.phone} for free estimates and 24/7 emergency service.`,
    },
  ];
};

/**
 * What every page needs: the public origin, the signed-in user's role (all the
 * site header shows of them), and the business-fact overrides of the parsed
 * environment (read by `useBusinessFacts` and handed to the browser's modules
 * by `BusinessFactsScript`). Nothing else about the user: so a marketing page
 * is the same document for everyone of a role, and is kept as one
 * (web/server/page-cache.ts). Pages that show the user load them themselves.
 * The role also goes to the renderer as a response header (web/app/utils/kept-page.ts).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.services;
  const user = await getOptionalUser(request, context);
  return data(
    {
      appUrl: env.APP_URL,
      business: env.BUSINESS,
      year: businessYear(),
      user: user && { role: user.role },
      siteScripts: context.siteScripts ?? null,
      /** Texts are set up: the chat's booking form offers "Text me about my visits" (docs/product.md#texts). */
      texting: Boolean(env.TWILIO),
    },
    { headers: viewerHeaders(user?.role) },
  );
}

export const headers = rootHeaders;

/** A post that never reached the server (a page's clientAction says so) reloads nothing: it would fail the same way. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  serverUnreachable(actionResult) ? false : defaultShouldRevalidate;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const appUrl = rootData?.appUrl;
  const siteScripts = rootData?.siteScripts ?? null;
  const { pathname } = useLocation();
  const staffPage = useStaffPage();
  // A public page that works from its HTML carries none of the app's scripts, only the site's own few
  // kilobytes (docs/decisions/025-public-pages-without-app-scripts.md).
  const appScripts = useAppScripts(Boolean(siteScripts));
  return (
    <BusinessOverridesProvider value={rootData?.business}>
      <html lang="en-US">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="theme-color" content="#1e3a8a" />
          <Meta />
          {/* The public pages without the app load only their own rules (site.css, decision 025); the app loads all. */}
          <link rel="stylesheet" href={appScripts ? styles : siteStyles} />
          <Links />
          <BusinessFactsScript />
        </head>
        <body className="flex min-h-screen flex-col">
          <a
            href="#main"
            className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
          >
            Skip to main content
          </a>
          {/* Staff pages have their own compact header: the office's, not the visitors' menu and call button. */}
          {staffPage ? <StaffHeader /> : <SiteHeader />}
          <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
            {children}
          </main>
          <SiteFooter />
          {/* The visitor chat is for visitors and customers; staff pages say they are staff pages by their route's `handle`. */}
          {staffPage ? null : <ChatWidgetSlot onPage={!appScripts} texting={rootData?.texting ?? false} />}
          <Toaster />
          {/* The business for search engines, on the pages they may index (staff and account pages carry none). */}
          {appUrl && !privatePathPrefixes.some((prefix) => pathname.startsWith(prefix)) ? (
            <JsonLd data={electricianJsonLd(appUrl)} />
          ) : null}
          {appScripts ? (
            <>
              {/* Scrolls to the top on every new route; html's scroll-behavior makes it smooth unless reduced motion is asked for. */}
              <ScrollRestoration nonce={nonce} />
              <Scripts nonce={nonce} />
            </>
          ) : (
            <SiteScript src={siteScripts?.site ?? ""} />
          )}
        </body>
      </html>
    </BusinessOverridesProvider>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const retrying = useRetryAfterFailure(error);
  return <ErrorPage status={status} formRefusal={formRefusalMessage(error)} retrying={retrying} />;
}
