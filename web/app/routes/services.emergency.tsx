import { business } from "@app/shared/business";
import { serviceMeta } from "~/features/marketing/service-page";
import { keptPageHeaders } from "~/utils/kept-page";
import { EmergencyView } from "~/features/marketing/emergency-view";
import { documentPage } from "~/utils/route-handle";

// Works from its HTML alone: served without the app's scripts (docs/decisions/025-public-pages-without-app-scripts.md).
export const handle = documentPage;

// Rendered once per kind of viewer and served from memory like a static file (web/server/page-cache.ts).
export const headers = keptPageHeaders;

export const meta = serviceMeta("emergency", {
  title: `24/7 Emergency Electrician in Baton Rouge | ${business.name}`,
  description: `Sparks, burning smells, power loss or storm damage? A licensed electrician answers ${business.emergency.available} with an average response of ${business.emergency.responseTime}. Call ${business.phone} now.`,
});

export default function EmergencyPage() {
  return <EmergencyView />;
}
