import type { MetaFunction } from "@remix-run/node";
import { business, serviceAreaSentence } from "@app/shared/business";
import { pageMeta } from "~/utils/seo";
import { keptPageHeaders } from "~/utils/kept-page";
import { HomeView } from "~/features/marketing/home-view";
import { documentPage } from "~/utils/route-handle";

// Works from its HTML alone: served without the app's scripts (docs/decisions/025-public-pages-without-app-scripts.md).
export const handle = documentPage;

// Rendered once per kind of viewer and served from memory like a static file (web/server/page-cache.ts).
export const headers = keptPageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: `Electrician in Baton Rouge, LA | ${business.name}`,
    description: `Licensed, insured electricians for homes and businesses in ${serviceAreaSentence()}. Free estimates, upfront pricing and 24/7 emergency service. Call ${business.phone}.`,
    path: "/",
  });

export default function Home() {
  return <HomeView />;
}
