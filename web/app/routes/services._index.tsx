import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ArrowRight, Wrench } from "~/components/site/icons";
import { business, serviceAreaSentence, services } from "@app/shared/business";
import { JsonLd } from "~/components/site/json-ld";
import { serviceIcons } from "~/components/site/service-icons";
import { useAppUrl } from "~/components/site/site-data";
import { CallButton, CheckList, Container, ContactButton, CtaBand, PageHero } from "~/features/marketing/ui";
import { absoluteUrl, breadcrumbJsonLd, pageMeta } from "~/utils/seo";
import { keptPageHeaders } from "~/utils/kept-page";
import { documentPage } from "~/utils/route-handle";

// Works from its HTML alone: served without the app's scripts (docs/decisions/025-public-pages-without-app-scripts.md).
export const handle = documentPage;

// Rendered once per kind of viewer and served from memory like a static file (web/server/page-cache.ts).
export const headers = keptPageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: `Electrical Services in Baton Rouge | ${business.name}`,
    description: `Residential and commercial electrical work, generator installation, panel upgrades, lighting and 24/7 emergency service across ${serviceAreaSentence()}. Free estimates.`,
    path: "/services",
  });

export default function ServicesPage() {
  const appUrl = useAppUrl();
  return (
    <>
      {appUrl ? (
        <JsonLd
          data={[
            breadcrumbJsonLd(appUrl, [
              { name: "Home", path: "/" },
              { name: "Services", path: "/services" },
            ]),
            {
              "@context": "https://schema.org",
              "@type": "ItemList",
              name: `${business.name} services`,
              itemListElement: services.map((s, i) => ({
                "@type": "ListItem",
                position: i + 1,
                name: s.name,
                url: absoluteUrl(appUrl, s.path),
              })),
            },
          ]}
        />
      ) : null}
      <PageHero
        breadcrumb={[{ name: "Home", to: "/" }, { name: "Services" }]}
        eyebrow="Residential · Commercial · 24/7 Emergency"
        icon={Wrench}
        title="Our Electrical Services"
        intro={`Six specialties, one licensed team. Whatever the job, you get a written estimate up front, work done to the National Electrical Code and a crew that cleans up before it leaves.`}
        actions={
          <>
            <CallButton />
            <ContactButton>Request a Free Estimate</ContactButton>
          </>
        }
        aside={
          <div className="rounded-2xl bg-white/10 p-6 ring-1 ring-inset ring-white/15">
            <p className="text-sm font-bold uppercase tracking-widest text-accent-300">Every job includes</p>
            <CheckList
              inverse
              className="mt-4 text-brand-50"
              items={[
                "A free, written estimate before work starts",
                "A Louisiana-licensed, insured electrician",
                "Permits and inspections where required",
                "Testing, a walkthrough and a full clean-up",
              ]}
            />
          </div>
        }
      />

      <section aria-label="All services" className="bg-slate-50 py-16 sm:py-20">
        <Container>
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {services.map((s) => {
              const Icon = serviceIcons[s.slug];
              const emergency = s.slug === "emergency";
              return (
                <li key={s.slug}>
                  <article
                    aria-labelledby={`service-${s.slug}`}
                    className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:shadow-md"
                  >
                    <div className="flex items-center gap-4">
                      <span
                        className={
                          emergency
                            ? "flex size-12 items-center justify-center rounded-xl bg-red-700 text-white"
                            : "flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white"
                        }
                      >
                        <Icon aria-hidden="true" className="size-6" />
                      </span>
                      <h2 id={`service-${s.slug}`} className="text-xl font-bold text-slate-900">
                        {s.name}
                      </h2>
                    </div>
                    <p className="mt-4 leading-7 text-slate-600">{s.summary}</p>
                    <CheckList items={s.features} className="mt-5 flex-1 text-sm text-slate-700" />
                    <Link
                      to={s.path}
                      prefetch="intent"
                      className="group mt-6 inline-flex h-11 items-center justify-center gap-2 rounded-md bg-brand-50 px-4 text-sm font-bold text-brand-800 ring-1 ring-inset ring-brand-200 hover:bg-brand-700 hover:text-white"
                    >
                      Learn More<span className="sr-only"> about {s.name}</span>
                      <ArrowRight aria-hidden="true" className="size-4 transition group-hover:translate-x-0.5" />
                    </Link>
                  </article>
                </li>
              );
            })}
          </ul>
        </Container>
      </section>

      <CtaBand
        title="Not sure which service you need?"
        text="Describe the problem or the project and a licensed electrician will point you in the right direction. The advice and the estimate are free."
      />
    </>
  );
}
