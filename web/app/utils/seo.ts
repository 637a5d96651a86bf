/**
 * Search and social metadata for the public pages: <title>, description,
 * canonical URL, Open Graph and Twitter tags (through Remix `meta`), and the
 * schema.org JSON-LD blocks. Every fact comes from the shared business module.
 */
import type { MetaDescriptor } from "@remix-run/node";
import { business, services, type ServiceSummary } from "@app/shared/business";

/** The public, indexable pages, in sitemap order. */
export const publicPaths: readonly string[] = [
  "/",
  "/about",
  "/services",
  ...services.map((s) => s.path),
  "/contact",
  "/book",
  "/plans",
];

/**
 * Paths crawlers are asked to stay out of (robots.txt); the emailed links' pages also answer noindex
 * themselves. Not /login: a customer may search for it; with a reset token it answers noindex.
 */
export const privatePathPrefixes: readonly string[] = [
  "/account",
  "/admin",
  "/dashboard",
  "/jobs",
  "/api",
  "/appointments",
  "/unsubscribe",
  "/estimates",
  "/membership",
];

interface MetaMatch {
  id: string;
  data: unknown;
}

/** The site's public origin, from the root loader (`appUrl`), without a trailing slash. */
function appUrlFromMatches(matches: ReadonlyArray<MetaMatch>): string | undefined {
  const root = matches.find((m) => m.id === "root")?.data as { appUrl?: unknown } | undefined;
  return typeof root?.appUrl === "string" ? trimSlash(root.appUrl) : undefined;
}

export function absoluteUrl(appUrl: string, path: string): string {
  return new URL(path, `${trimSlash(appUrl)}/`).href;
}

function trimSlash(url: string) {
  return url.replace(/\/+$/, "");
}

export interface PageSeo {
  title: string;
  description: string;
  /** The page's own path, for the canonical URL and og:url. */
  path: string;
  noindex?: boolean;
}

/** Everything a public page puts in <head>, ready to return from a `meta` export. */
export function pageMeta(matches: ReadonlyArray<MetaMatch>, page: PageSeo): MetaDescriptor[] {
  const appUrl = appUrlFromMatches(matches);
  const url = appUrl ? absoluteUrl(appUrl, page.path) : undefined;
  return [
    { title: page.title },
    { name: "description", content: page.description },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
    ...(url
      ? [{ tagName: "link", rel: "canonical", href: url } as MetaDescriptor, { property: "og:url", content: url }]
      : []),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: business.name },
    { property: "og:locale", content: "en_US" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
  ];
}

/** JSON for a <script type="application/ld+json">: `<`, `>` and `&` escaped so no text can close the element. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const businessId = (appUrl: string) => `${absoluteUrl(appUrl, "/")}#business`;
const serviceId = (appUrl: string, service: ServiceSummary) => `${absoluteUrl(appUrl, service.path)}#service`;

const louisiana = { "@type": "State", name: "Louisiana" } as const;

const aroundTheClock = {
  "@type": "OpeningHoursSpecification",
  dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
  opens: "00:00",
  closes: "23:59",
} as const;

function areaServed() {
  return business.serviceAreas.map((area) => ({ "@type": area.kind, name: area.name, containedInPlace: louisiana }));
}

/** The business as a schema.org Electrician (a LocalBusiness). No ratings: testimonials are not marked up as reviews. */
export function electricianJsonLd(appUrl: string) {
  const a = business.address;
  return {
    "@context": "https://schema.org",
    "@type": "Electrician",
    "@id": businessId(appUrl),
    name: business.name,
    legalName: business.legalName,
    description: `${business.tagline}: residential and commercial electrical work, generators, panel upgrades, lighting and 24/7 emergency service.`,
    url: absoluteUrl(appUrl, "/"),
    logo: absoluteUrl(appUrl, "/logo.svg"),
    image: absoluteUrl(appUrl, "/logo.svg"),
    telephone: business.phoneE164,
    email: business.email,
    foundingDate: String(business.foundedYear),
    priceRange: business.priceRange,
    address: {
      "@type": "PostalAddress",
      streetAddress: a.street,
      addressLocality: a.city,
      addressRegion: a.region,
      postalCode: a.postalCode,
      addressCountry: a.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: business.geo.latitude, longitude: business.geo.longitude },
    areaServed: areaServed(),
    openingHoursSpecification: business.hours
      .filter((h) => h.opens && h.closes)
      .map((h) => ({ "@type": "OpeningHoursSpecification", dayOfWeek: [...h.days], opens: h.opens, closes: h.closes })),
    contactPoint: [
      {
        "@type": "ContactPoint",
        contactType: "customer service",
        telephone: business.phoneE164,
        email: business.email,
        areaServed: "US-LA",
        availableLanguage: "English",
      },
      {
        "@type": "ContactPoint",
        contactType: "emergency",
        telephone: business.phoneE164,
        areaServed: "US-LA",
        hoursAvailable: aroundTheClock,
      },
    ],
    sameAs: business.social.map((s) => s.url),
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "Electrical services",
      itemListElement: services.map((s) => ({
        "@type": "Offer",
        itemOffered: {
          "@type": "Service",
          "@id": serviceId(appUrl, s),
          name: s.name,
          url: absoluteUrl(appUrl, s.path),
        },
      })),
    },
  };
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbJsonLd(appUrl: string, crumbs: readonly Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: absoluteUrl(appUrl, c.path),
    })),
  };
}

export function serviceJsonLd(appUrl: string, service: ServiceSummary) {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    "@id": serviceId(appUrl, service),
    name: service.name,
    serviceType: service.serviceType,
    description: service.summary,
    url: absoluteUrl(appUrl, service.path),
    provider: { "@id": businessId(appUrl) },
    areaServed: areaServed(),
    ...(service.slug === "emergency" ? { hoursAvailable: aroundTheClock } : {}),
  };
}
