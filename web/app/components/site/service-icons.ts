import { Building2, Fuel, Gauge, House, Lightbulb, Siren, type SiteIcon } from "~/components/site/icons";
import type { ServiceSlug } from "@app/shared/business";

/** One icon per service, shared by the menu, cards and pages so each service always looks the same. */
export const serviceIcons: Record<ServiceSlug, SiteIcon> = {
  residential: House,
  commercial: Building2,
  generator: Fuel,
  "panel-upgrades": Gauge,
  lighting: Lightbulb,
  emergency: Siren,
};
