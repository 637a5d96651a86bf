import { business } from "@app/shared/business";
import { serviceMeta } from "~/features/marketing/service-page";
import { keptPageHeaders } from "~/utils/kept-page";
import { LightingView } from "~/features/marketing/lighting-view";
import { documentPage } from "~/utils/route-handle";

// Works from its HTML alone: served without the app's scripts (docs/decisions/025-public-pages-without-app-scripts.md).
export const handle = documentPage;

// Rendered once per kind of viewer and served from memory like a static file (web/server/page-cache.ts).
export const headers = keptPageHeaders;

export const meta = serviceMeta("lighting", {
  title: `Lighting Installation in Baton Rouge | ${business.name}`,
  description: `Indoor, outdoor and security lighting, ceiling fans and LED upgrades that use up to 80% less energy and last 25,000+ hours. Get a lighting quote: ${business.phone}.`,
});

export default function LightingPage() {
  return <LightingView />;
}
