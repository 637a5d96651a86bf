import { business } from "@app/shared/business";
import { serviceMeta } from "~/features/marketing/service-page";
import { keptPageHeaders } from "~/utils/kept-page";
import { CommercialView } from "~/features/marketing/commercial-view";
import { documentPage } from "~/utils/route-handle";

// Works from its HTML alone: served without the app's scripts (docs/decisions/025-public-pages-without-app-scripts.md).
export const handle = documentPage;

// Rendered once per kind of viewer and served from memory like a static file (web/server/page-cache.ts).
export const headers = keptPageHeaders;

export const meta = serviceMeta("commercial", {
  title: `Commercial Electrician in Baton Rouge | ${business.name}`,
  description: `Commercial wiring for offices, retail, restaurants, warehouses, medical and manufacturing: new construction, tenant build-outs, industrial power and maintenance. Call ${business.phone}.`,
});

export default function CommercialPage() {
  return <CommercialView />;
}
