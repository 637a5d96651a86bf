import { business } from "@app/shared/business";
import { serviceMeta } from "~/features/marketing/service-page";
import { keptPageHeaders } from "~/utils/kept-page";
import { GeneratorView } from "~/features/marketing/generator-view";
import { documentPage } from "~/utils/route-handle";

// Works from its HTML alone: served without the app's scripts (docs/decisions/025-public-pages-without-app-scripts.md).
export const handle = documentPage;

// Rendered once per kind of viewer and served from memory like a static file (web/server/page-cache.ts).
export const headers = keptPageHeaders;

export const meta = serviceMeta("generator", {
  title: `Generator Installation in Baton Rouge | ${business.name}`,
  description: `Standby generators from 7kW to 26kW, portable generator hookups, commercial units from 25kW to 150kW+ and maintenance. Power back within 10 seconds. Free consultation: ${business.phone}.`,
});

export default function GeneratorPage() {
  return <GeneratorView />;
}
