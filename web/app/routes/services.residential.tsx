import { business, serviceAreaSentence } from "@app/shared/business";
import { serviceMeta } from "~/features/marketing/service-page";
import { keptPageHeaders } from "~/utils/kept-page";
import { ResidentialView } from "~/features/marketing/residential-view";
import { documentPage } from "~/utils/route-handle";

// Works from its HTML alone: served without the app's scripts (docs/decisions/025-public-pages-without-app-scripts.md).
export const handle = documentPage;

// Rendered once per kind of viewer and served from memory like a static file (web/server/page-cache.ts).
export const headers = keptPageHeaders;

export const meta = serviceMeta("residential", {
  title: `Residential Electrician in Baton Rouge, LA | ${business.name}`,
  description: `Electrical repairs, outlet and GFCI installation, home safety inspections and ceiling fans in ${serviceAreaSentence()}. Licensed, insured, free estimates. Call ${business.phone}.`,
});

export default function ResidentialPage() {
  return <ResidentialView />;
}
