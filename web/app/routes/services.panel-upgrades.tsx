import { business } from "@app/shared/business";
import { serviceMeta } from "~/features/marketing/service-page";
import { keptPageHeaders } from "~/utils/kept-page";
import { PanelUpgradesView } from "~/features/marketing/panel-upgrades-view";
import { documentPage } from "~/utils/route-handle";

// Works from its HTML alone: served without the app's scripts (docs/decisions/025-public-pages-without-app-scripts.md).
export const handle = documentPage;

// Rendered once per kind of viewer and served from memory like a static file (web/server/page-cache.ts).
export const headers = keptPageHeaders;

export const meta = serviceMeta("panel-upgrades", {
  title: `Electrical Panel Upgrades in Baton Rouge | ${business.name}`,
  description: `Fuse box replacement, 100A to 200A service upgrades and Federal Pacific panel replacement by licensed electricians. Schedule a panel inspection: ${business.phone}.`,
});

export default function PanelUpgradesPage() {
  return <PanelUpgradesView />;
}
