import {
  Briefcase,
  Building2,
  Factory,
  FileCheck,
  HardHat,
  Leaf,
  Scale,
  Stethoscope,
  Store,
  Timer,
  Utensils,
  Warehouse,
  Wrench,
} from "~/components/site/icons";
import { GlanceCard, ServicePage } from "~/features/marketing/service-page";
import {
  CallButton,
  CheckList,
  ContactButton,
  CtaBand,
  FeatureCard,
  ProcessSteps,
  Section,
} from "~/features/marketing/ui";

const propertyTypes = [
  { icon: Briefcase, name: "Offices" },
  { icon: Store, name: "Retail stores" },
  { icon: Utensils, name: "Restaurants" },
  { icon: Warehouse, name: "Warehouses" },
  { icon: Stethoscope, name: "Medical offices" },
  { icon: Factory, name: "Manufacturing" },
] as const;

const offerings = [
  {
    icon: Building2,
    title: "New Construction Wiring",
    text: "Complete electrical systems for new buildings, coordinated with your general contractor from rough-in to final inspection.",
    points: [
      "Service entrance and distribution",
      "Lighting and power layouts",
      "Fire alarm and low-voltage coordination",
    ],
  },
  {
    icon: HardHat,
    title: "Tenant Build-Outs",
    text: "Fast, code-compliant fit-outs that turn an empty shell into a working office, shop or restaurant on the landlord's schedule.",
    points: [
      "Circuits for equipment and kitchens",
      "Lighting plans and exit signage",
      "Permit drawings and inspections",
    ],
  },
  {
    icon: Factory,
    title: "Industrial Electrical",
    text: "Heavy-duty power for production floors, from three-phase service to motor controls and dedicated equipment circuits.",
    points: ["Three-phase power and transformers", "Motor controls and VFD wiring", "Machine and conveyor hookups"],
  },
  {
    icon: Wrench,
    title: "Maintenance & Repairs",
    text: "Scheduled maintenance and quick response when something fails, so a breaker or a fixture never shuts down your day.",
    points: ["Preventive maintenance plans", "Thermal scans of panels", "Priority emergency response"],
  },
] as const;

const reasons = [
  {
    icon: FileCheck,
    title: "Code Compliance",
    text: "Work that meets the NEC and local codes and passes inspection, with permits pulled and documented.",
  },
  {
    icon: Timer,
    title: "Minimal Downtime",
    text: "Nights, weekends and phased work around your hours, so customers and staff barely notice we were there.",
  },
  {
    icon: Scale,
    title: "Licensed Professionals",
    text: "Licensed, insured electricians with the commercial experience to work safely in occupied buildings.",
  },
  {
    icon: Leaf,
    title: "Energy Efficiency",
    text: "LED retrofits, controls and right-sized circuits that lower operating costs month after month.",
  },
] as const;

/** The page at /services/commercial: the properties served, the offerings and why businesses choose us. Its route keeps the headers and meta. */
export function CommercialView() {
  return (
    <ServicePage
      slug="commercial"
      title="Commercial Wiring & Electrical Services"
      intro="Dependable power for Capital Region businesses. We wire new buildings, build out tenant spaces and keep plants and storefronts running, on schedule and to code."
      actions={
        <>
          <CallButton />
          <ContactButton>Get Free Quote</ContactButton>
        </>
      }
      aside={
        <GlanceCard
          title="Built for business"
          items={[
            { value: "After hours", label: "Scheduling that keeps you open" },
            { value: "Single-phase to 3-phase", label: "Power for any building" },
            { value: "24/7", label: "Emergency response for your site" },
          ]}
        />
      }
      closing={
        <CtaBand
          title="Planning a build-out or a new building?"
          text="Send us your drawings or walk us through the space. We'll return a detailed, no-cost quote and a schedule that works around your business."
          contactLabel="Get Free Quote"
        />
      }
    >
      <Section
        id="properties"
        eyebrow="Who we work for"
        title="Commercial properties we wire"
        intro="Office, retail, restaurant, warehouse, medical and manufacturing work, each with its own code requirements and each done right."
      >
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {propertyTypes.map((p) => (
            <li
              key={p.name}
              className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm"
            >
              <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-inset ring-brand-100">
                <p.icon aria-hidden="true" className="size-6" />
              </span>
              <span className="font-semibold text-slate-900">{p.name}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="offerings" tone="muted" eyebrow="Our services" title="Commercial electrical services">
        <ul className="grid gap-6 md:grid-cols-2">
          {offerings.map((o) => (
            <li key={o.title} className="h-full">
              <FeatureCard icon={o.icon} title={o.title} className="h-full">
                <p>{o.text}</p>
                <CheckList items={o.points} className="mt-4 text-sm text-slate-700" />
              </FeatureCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="reasons" eyebrow="Why us" title="Why businesses choose us">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map((r) => (
            <li key={r.title} className="h-full">
              <FeatureCard icon={r.icon} title={r.title} className="h-full">
                {r.text}
              </FeatureCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="process" tone="muted" eyebrow="How it works" title="Our four-step process">
        <ProcessSteps
          steps={[
            {
              title: "Site Assessment",
              text: "We walk the site, review drawings and existing service, and note what your equipment and occupancy require.",
            },
            {
              title: "Design & Planning",
              text: "Load calculations, layouts, permits and a schedule built around your operating hours and other trades.",
            },
            {
              title: "Installation",
              text: "Licensed electricians install to plan with a clean, safe work area and daily updates on progress.",
            },
            {
              title: "Testing & Support",
              text: "Every circuit is tested and labelled, inspections are passed, and we stay on call for maintenance and repairs.",
            },
          ]}
        />
      </Section>
    </ServicePage>
  );
}
