import { Building2, CalendarCheck, House, Plug, Wrench } from "~/components/site/icons";
import { GlanceCard, ServicePage } from "~/features/marketing/service-page";
import {
  CallButton,
  CheckList,
  ContactButton,
  CtaBand,
  FeatureCard,
  PlansCallout,
  ProcessSteps,
  Section,
} from "~/features/marketing/ui";

const generatorTypes = [
  {
    icon: House,
    title: "Standby Generators",
    text: "Permanently installed home generators from 7kW to 26kW, running on natural gas or propane. When the grid fails, an automatic transfer switch starts them within 10 seconds.",
    points: ["Automatic transfer switch", "Natural gas or propane", "Quiet, weekly self-test"],
  },
  {
    icon: Plug,
    title: "Portable Generator Hookups",
    text: "Use the generator you already own safely: an inlet box and interlock kit feed chosen circuits without extension cords or dangerous backfeeding.",
    points: ["Generator inlet box outside", "Panel interlock kit", "Circuit selection advice"],
  },
  {
    icon: Building2,
    title: "Commercial Generators",
    text: "Backup power from 25kW to 150kW+ for offices, clinics, restaurants and plants, sized to keep critical loads, refrigeration and data running.",
    points: ["Three-phase units", "Load shedding and priority circuits", "Code-required emergency power"],
  },
  {
    icon: Wrench,
    title: "Generator Maintenance",
    text: "Annual service before hurricane season so your generator starts when it matters: oil, filters, battery, transfer switch and a full load test.",
    points: ["Annual tune-up plans", "Battery and transfer switch checks", "Repairs for most major brands"],
  },
] as const;

const sizing = [
  {
    size: "7-13kW",
    home: "Small homes",
    powers: "Essentials: refrigerator and freezer, lights, sump or well pump, internet, a window unit or furnace fan.",
  },
  {
    size: "14-20kW",
    home: "Medium homes",
    powers: "Most of the house, including one central air conditioner, the kitchen, laundry and a water heater.",
  },
  {
    size: "22kW+",
    home: "Large homes",
    powers: "Whole-home coverage: multiple AC systems, electric range and dryer, a pool pump, with room to spare.",
  },
] as const;

/** The page at /services/generator: the generator services, their sizing and the process. Its route keeps the headers and meta. */
export function GeneratorView() {
  return (
    <ServicePage
      slug="generator"
      title="Generator Installation & Service"
      intro="When the next storm knocks out the grid, keep the lights, the air conditioning and the refrigerator running. We size, install and maintain standby and portable generators for homes and businesses."
      actions={
        <>
          <CallButton />
          <ContactButton>Get Free Consultation</ContactButton>
        </>
      }
      aside={
        <GlanceCard
          title="Backup power, sized right"
          items={[
            { value: "7kW to 26kW", label: "Home standby generators" },
            { value: "25kW to 150kW+", label: "Commercial generators" },
            { value: "10 seconds", label: "Standby units start within 10 seconds of an outage" },
          ]}
        />
      }
      closing={
        <CtaBand
          title="Be ready before hurricane season"
          text="Book a free in-home consultation. We'll calculate your load, recommend the right size and fuel, and give you a written installed price."
          contactLabel="Get Free Consultation"
        />
      }
    >
      <Section
        id="types"
        eyebrow="What we install"
        title="Generator services"
        intro="Standby, portable and commercial generators, plus the maintenance that keeps them ready."
      >
        <ul className="grid gap-6 md:grid-cols-2">
          {generatorTypes.map((g) => (
            <li key={g.title} className="h-full">
              <FeatureCard icon={g.icon} title={g.title} className="h-full">
                <p>{g.text}</p>
                <CheckList items={g.points} className="mt-4 text-sm text-slate-700" />
              </FeatureCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="sizing"
        tone="muted"
        eyebrow="Sizing guide"
        title="What size generator do you need?"
        intro="A starting point. We confirm the right size with a load calculation during your free consultation."
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {sizing.map((s, i) => (
            <li
              key={s.size}
              className="relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <div className="flex items-end gap-1.5" aria-hidden="true">
                {[0, 1, 2].map((bar) => (
                  <span
                    key={bar}
                    className={bar <= i ? "w-3 rounded-sm bg-accent-400" : "w-3 rounded-sm bg-slate-200"}
                    style={{ height: `${(bar + 1) * 10}px` }}
                  />
                ))}
              </div>
              <h3 className="mt-4 text-lg font-bold text-slate-900">{s.home}</h3>
              <p className="text-3xl font-extrabold text-brand-800">{s.size}</p>
              <p className="mt-3 leading-7 text-slate-600">{s.powers}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="process" eyebrow="How it works" title="Our four-step process">
        <ProcessSteps
          steps={[
            {
              title: "Free Consultation",
              text: "We review what you want powered, calculate the load and check gas service and placement options.",
            },
            {
              title: "Permits & Site Prep",
              text: "We pull permits, coordinate the gas connection and pour or set the pad to local setback rules.",
            },
            {
              title: "Installation",
              text: "The generator and automatic transfer switch are installed and wired into your panel, usually in one to two days.",
            },
            {
              title: "Testing & Walkthrough",
              text: "We simulate an outage, confirm a start within seconds, and show you how it runs and self-tests.",
            },
          ]}
        />
        <p className="mx-auto mt-10 flex max-w-2xl items-start gap-3 rounded-xl bg-brand-50 p-5 text-brand-900 ring-1 ring-inset ring-brand-100">
          <CalendarCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <span>
            <strong>Tip:</strong> Schedule installs and maintenance in spring. Demand spikes once a storm is in the
            Gulf, and parts and crews book up fast.
          </span>
        </p>
        <PlansCallout title="Generator Care.">
          A yearly service scheduled for you before storm season, priority when the power goes, and a member discount on
          other work.
        </PlansCallout>
      </Section>
    </ServicePage>
  );
}
