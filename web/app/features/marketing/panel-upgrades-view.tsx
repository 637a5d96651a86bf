import {
  BatteryCharging,
  CircuitBoard,
  FileCheck,
  Gauge,
  Layers,
  ShieldCheck,
  TriangleAlert,
  Zap,
} from "~/components/site/icons";
import { GlanceCard, ServicePage } from "~/features/marketing/service-page";
import {
  CallButton,
  CheckList,
  ContactButton,
  CtaBand,
  FeatureCard,
  ProcessSteps,
  PlansCallout,
  Section,
} from "~/features/marketing/ui";
import { clsx as cn } from "clsx";

const warningSigns = [
  "Breakers trip or fuses blow again and again",
  "Lights dim or flicker when the AC or a big appliance starts",
  "The panel is warm, buzzing, rusted or shows scorch marks",
  "You still have a fuse box, or a panel more than 25 years old",
  "Your panel is a Federal Pacific (Stab-Lok), Zinsco or Challenger",
  "Not enough circuits: power strips everywhere, or a new EV, addition or pool",
] as const;

const panelServices = [
  {
    icon: CircuitBoard,
    title: "Panel Replacement",
    text: "Out with the worn, recalled or undersized panel and in with a new breaker panel, labelled circuit by circuit.",
  },
  {
    icon: Gauge,
    title: "Service Upgrades",
    text: "More amps from the utility: a new meter base, service entrance and main panel, typically from 100A to 200A.",
  },
  {
    icon: Layers,
    title: "Subpanels",
    text: "Extra breaker space for a garage, workshop, addition or outbuilding without replacing the main panel.",
  },
  {
    icon: ShieldCheck,
    title: "Breaker & Surge Protection",
    text: "AFCI and GFCI breakers where the code calls for them, plus whole-home surge protection for your electronics.",
  },
] as const;

const benefits = [
  "Lower risk of electrical fire from overheated or failing breakers",
  "Room for central AC, an EV charger, a generator or a home addition",
  "Fewer insurance headaches: many carriers refuse fuse boxes and Federal Pacific panels",
  "Easier home sales, with no panel flagged on the inspection report",
  "Whole-home surge protection for appliances and electronics",
] as const;

const commonUpgrades = [
  {
    icon: Zap,
    title: "Fuse Box Replacement",
    detail: "100A to 200A",
    text: "Replace a fuse box with a modern breaker panel and bring the service up to 200 amps for today's appliances.",
    priority: "Recommended",
  },
  {
    icon: TriangleAlert,
    title: "Federal Pacific Panels",
    detail: "High priority",
    text: "Stab-Lok breakers are known to fail to trip under overload. We recommend replacing these panels as soon as possible.",
    priority: "High priority",
  },
  {
    icon: BatteryCharging,
    title: "Capacity Upgrade",
    detail: "200A+",
    text: "For large homes, EV chargers, pools, shops and generators: 200A service or more, with room to grow.",
    priority: "As needed",
  },
] as const;

/** The page at /services/panel-upgrades: the warning signs, the panel services and the benefits of an upgrade. Its route keeps the headers and meta. */
export function PanelUpgradesView() {
  return (
    <ServicePage
      slug="panel-upgrades"
      title="Electrical Panel Upgrades"
      intro="Your panel is the heart of your home's electrical system. If it's an old fuse box, a recalled brand or simply too small for how you live now, we'll replace it safely, usually in a single day."
      actions={
        <>
          <CallButton />
          <ContactButton>Schedule Inspection</ContactButton>
        </>
      }
      aside={
        <GlanceCard
          title="Typical upgrades"
          items={[
            { value: "100A → 200A", label: "Most common service upgrade" },
            { value: "1 day", label: "Typical panel replacement" },
            { value: "Permitted", label: "Inspected and coordinated with your utility" },
          ]}
        />
      }
      closing={
        <CtaBand
          title="Not sure about your panel?"
          text="Book a panel inspection. A licensed electrician will check its condition and capacity and tell you honestly whether it needs replacing."
          contactLabel="Schedule Inspection"
        />
      }
    >
      <Section
        id="warning-signs"
        eyebrow="Warning signs"
        title="Signs your panel needs an upgrade"
        intro="If any of these sound familiar, have your panel checked before it becomes an emergency."
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {warningSigns.map((sign) => (
            <li key={sign} className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-5 text-amber-950">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
              <span className="font-medium leading-7">{sign}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="panel-services" tone="muted" eyebrow="What we do" title="Panel services">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {panelServices.map((s) => (
            <li key={s.title} className="h-full">
              <FeatureCard icon={s.icon} title={s.title} className="h-full">
                {s.text}
              </FeatureCard>
            </li>
          ))}
        </ul>
      </Section>

      <Benefits />

      <Section id="process" tone="muted" eyebrow="How it works" title="Our four-step process">
        <ProcessSteps
          steps={[
            {
              title: "Inspection & Load Calculation",
              text: "We inspect your panel and wiring and calculate the capacity your home needs now and later.",
            },
            {
              title: "Permit & Utility Coordination",
              text: "We pull the permit and schedule the disconnect and reconnect with your power company.",
            },
            {
              title: "Installation",
              text: "The new panel and breakers go in, circuits are labelled and grounding is brought up to code, usually in a day.",
            },
            {
              title: "Inspection & Power-Up",
              text: "The parish inspector signs off, power is restored and we walk you through your new panel.",
            },
          ]}
        />
        <p className="mx-auto mt-10 flex max-w-2xl items-start gap-3 rounded-xl bg-white p-5 text-slate-700 ring-1 ring-inset ring-slate-200">
          <FileCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span>
            Every panel upgrade is permitted and inspected. You'll get the paperwork for your records, your insurer and
            any future buyer.
          </span>
        </p>
        <PlansCallout title="Home Safety Check.">
          Once a year we check your panel, breakers, surge protector and GFCI and AFCI outlets, on a date set for you,
          with a member discount on other work.
        </PlansCallout>
      </Section>
    </ServicePage>
  );
}

/** What an upgrade brings, and the common upgrades with their urgency. */
function Benefits() {
  return (
    <Section id="benefits" eyebrow="Why upgrade" title="Benefits of a panel upgrade" align="left">
      <div className="grid gap-10 lg:grid-cols-[1fr_1.1fr] lg:items-start">
        <CheckList items={benefits} className="text-lg leading-8 text-slate-700" />
        <div className="grid gap-4">
          <h3 className="text-xl font-bold text-slate-900">Common upgrades</h3>
          <ul className="grid gap-4">
            {commonUpgrades.map((u) => (
              <li key={u.title} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <span
                  className={cn(
                    "flex size-11 shrink-0 items-center justify-center rounded-lg",
                    u.priority === "High priority" ? "bg-red-100 text-red-700" : "bg-brand-50 text-brand-700",
                  )}
                >
                  <u.icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <h4 className="flex flex-wrap items-center gap-x-3 gap-y-1 font-bold text-slate-900">
                    {u.title}
                    <span
                      className={cn(
                        "rounded-full px-2.5 py-0.5 text-xs font-bold",
                        u.priority === "High priority" ? "bg-red-700 text-white" : "bg-brand-100 text-brand-900",
                      )}
                    >
                      {u.detail}
                    </span>
                  </h4>
                  <p className="mt-1 leading-7 text-slate-600">{u.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}
