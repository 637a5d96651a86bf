import type { MetaFunction } from "@remix-run/node";
import type { ReactNode } from "react";
import { serviceBySlug, type ServiceSlug } from "@app/shared/business";
import { JsonLd } from "~/components/site/json-ld";
import { serviceIcons } from "~/components/site/service-icons";
import { useAppUrl } from "~/components/site/site-data";
import { breadcrumbJsonLd, pageMeta, serviceJsonLd } from "~/utils/seo";
import { BackToServices, BookOnlineButton, PageHero } from "./ui";

/** The `meta` export of a service detail page. */
export function serviceMeta(slug: ServiceSlug, page: { title: string; description: string }): MetaFunction {
  const service = serviceBySlug(slug);
  return ({ matches }) => pageMeta(matches, { ...page, path: service.path });
}

function serviceCrumbs(slug: ServiceSlug) {
  const service = serviceBySlug(slug);
  return [{ name: "Home", to: "/" }, { name: "Services", to: "/services" }, { name: service.name }] as const;
}

/**
 * The frame of every service detail page: Service and BreadcrumbList
 * structured data, the hero with its breadcrumb (Home / Services / name) and
 * its actions, then Book online (`/book?service=<slug>`; not for Emergency
 * Service, which is a call), the page's sections, a Back to Services link and
 * the closing band.
 */
export function ServicePage({
  slug,
  title,
  intro,
  actions,
  aside,
  children,
  closing,
}: {
  slug: ServiceSlug;
  title: ReactNode;
  intro: ReactNode;
  actions: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  closing: ReactNode;
}) {
  const service = serviceBySlug(slug);
  const appUrl = useAppUrl();
  const crumbs = serviceCrumbs(slug);
  return (
    <>
      {appUrl ? (
        <JsonLd
          data={[
            serviceJsonLd(appUrl, service),
            breadcrumbJsonLd(
              appUrl,
              crumbs.map((c) => ({ name: c.name, path: "to" in c ? c.to : service.path })),
            ),
          ]}
        />
      ) : null}
      <PageHero
        breadcrumb={crumbs}
        eyebrow={service.name}
        icon={serviceIcons[slug]}
        title={title}
        intro={intro}
        actions={
          <>
            {actions}
            {slug === "emergency" ? null : <BookOnlineButton slug={slug} />}
          </>
        }
        aside={aside}
      />
      {children}
      <BackToServices />
      {closing}
    </>
  );
}

/** A compact "at a glance" panel for the hero's right column. */
export function GlanceCard({ title, items }: { title: string; items: readonly { value: string; label: string }[] }) {
  return (
    <div className="rounded-2xl bg-white/10 p-6 ring-1 ring-inset ring-white/15">
      <p className="text-sm font-bold uppercase tracking-widest text-accent-300">{title}</p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
        {items.map((item) => (
          <div key={item.label} className="flex flex-col">
            <dt className="order-2 text-sm text-brand-100">{item.label}</dt>
            <dd className="order-1 text-2xl font-extrabold text-white">{item.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
