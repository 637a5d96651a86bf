import type { MetaFunction } from "@remix-run/node";
import { business, serviceAreaSentence } from "@app/shared/business";
import { pageMeta } from "~/utils/seo";
import { keptPageHeaders } from "~/utils/kept-page";
import { AboutView } from "~/features/marketing/about-view";
import { documentPage } from "~/utils/route-handle";

// Works from its HTML alone: served without the app's scripts (docs/decisions/025-public-pages-without-app-scripts.md).
export const handle = documentPage;

// Rendered once per kind of viewer and served from memory like a static file (web/server/page-cache.ts).
export const headers = keptPageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: `About Us | ${business.name}, Baton Rouge Electricians`,
    description: `Locally owned since ${business.foundedYear}, ${business.name} is a licensed, insured electrical contractor serving ${serviceAreaSentence()}. Meet the team and the values behind our work.`,
    path: "/about",
  });

export default function AboutPage() {
  return <AboutView />;
}
